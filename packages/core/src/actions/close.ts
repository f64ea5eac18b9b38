import type { Latch } from '../createLatch.js'
import { canClose, SHAKE_DURATION_MS, viewAfterClose } from '../internal.js'
import { patchState } from './_shared.js'

/**
 * Closes the modal and resets its navigation (spec §2). When the current view may not be
 * closed (sign-in required) the modal shakes instead and `false` is returned.
 */
export function closeModal(latch: Latch): boolean {
  const state = latch.store.getState()
  if (!state.modal.open) return true
  const top = state.router.history.at(-1)
  const active = state.activeNamespace
  const isConnected = active ? state.namespaces[active]?.account.status === 'connected' : false
  if (!canClose({ view: top?.view ?? 'Connect', siwxRequired: false, hasSession: true })) {
    shakeModal(latch)
    return false
  }
  patchState(latch, {
    modal: { open: false, loading: false, shake: false },
    router: {
      history: [{ view: viewAfterClose({ embeddedMode: false, isConnected }) }],
      transactionStack: [],
    },
    error: undefined,
    namespaceFilter: undefined,
  })
  latch.events.emit('MODAL_CLOSE', { connected: isConnected })
  return true
}

/** Shakes the modal for 500 ms (spec §2). */
export function shakeModal(latch: Latch): void {
  patchState(latch, { modal: { ...latch.store.getState().modal, shake: true } })
  setTimeout(() => {
    patchState(latch, { modal: { ...latch.store.getState().modal, shake: false } })
  }, SHAKE_DURATION_MS)
}
