'use client'
import type { Latch } from '@latch/core'
import { type ComponentType, useEffect, useState } from 'react'
import { useLatchState } from '../hooks/useLatchState.js'
import { loadModal } from './load.js'

type ModalComponent = ComponentType<{ latch: Latch }>

/** Mounts the lazily loaded modal once it is first needed. */
export function ModalRoot({ latch }: { latch: Latch }) {
  const open = useLatchState((s) => s.modal.open, { latch })
  const [Modal, setModal] = useState<ModalComponent | undefined>(undefined)
  useEffect(() => {
    if (!open || Modal) return
    let cancelled = false
    loadModal().then(
      (module) => {
        if (!cancelled) setModal(() => module.Modal)
      },
      (error: unknown) => console.error('[latch] the modal failed to load', error),
    )
    return () => {
      cancelled = true
    }
  }, [open, Modal])
  return Modal ? <Modal latch={latch} /> : null
}
