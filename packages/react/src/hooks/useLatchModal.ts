'use client'
import { closeModal, getModalState, type OpenModalParameters, openModal, watchModalState } from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

export interface UseLatchModalReturnType {
  isOpen: boolean
  loading: boolean
  open(parameters?: OpenModalParameters): void
  close(): void
}

/**
 * Opens and closes the modal and tells whether it is open.
 *
 * @example
 * const { open } = useLatchModal()
 * <button onClick={() => open({ view: 'Networks' })}>Networks</button>
 */
export function useLatchModal(parameters: UseLatchParameters = {}): UseLatchModalReturnType {
  const latch = useLatch(parameters)
  const subscribe = useCallback((onChange: () => void) => watchModalState(latch, { onChange }), [latch])
  const get = () => getModalState(latch)
  const modal = useSyncExternalStore(subscribe, get, get)
  const open = useCallback((p?: OpenModalParameters) => openModal(latch, p), [latch])
  const close = useCallback(() => void closeModal(latch), [latch])
  return { isOpen: modal.open, loading: modal.loading, open, close }
}
