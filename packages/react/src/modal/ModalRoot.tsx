'use client'
import type { Latch } from '@latch/core'
import { type ComponentType, useEffect, useState } from 'react'
import { useLatchState } from '../hooks/useLatchState.js'
import { getLoadedModal, loadModal, onModalLoaded } from './load.js'

type ToastRequest = { id: 'ACTION_NOT_ALLOWED' | 'SIWX_INIT_FAILED' | 'WALLET_WINDOW_CLOSED'; at: number }
type ModalComponent = ComponentType<{ latch: Latch; toast?: ToastRequest | undefined }>

/** Mounts the lazily loaded modal as soon as its code is there (preload or first open). */
export function ModalRoot({ latch }: { latch: Latch }) {
  const open = useLatchState((s) => s.modal.open, { latch })
  const [Modal, setModal] = useState<ModalComponent | undefined>(() => getLoadedModal()?.Modal)
  useEffect(() => {
    const already = getLoadedModal()
    if (already) setModal(() => already.Modal)
    return onModalLoaded((module) => setModal(() => module.Modal))
  }, [])
  // A toast (a disallowed embedded-wallet request, a sign-in that could not start) shows even
  // with the modal closed.
  const [toast, setToast] = useState<ToastRequest>()
  useEffect(
    () =>
      latch.events.on('TOAST', ({ id }) => {
        setToast({ id, at: Date.now() })
        loadModal().catch((error: unknown) => console.error('[latch] the modal failed to load', error))
      }),
    [latch],
  )
  useEffect(() => {
    if (open && !Modal)
      loadModal().catch((error: unknown) => console.error('[latch] the modal failed to load', error))
  }, [open, Modal])
  return Modal ? <Modal latch={latch} toast={toast} /> : null
}
