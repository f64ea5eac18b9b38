import type { Latch } from '../createLatch.js'
import { modalReducer, scheduleShake } from '../rules/openModal.js'
import { canClose, createRouterState, viewAfterClose } from '../rules/router.js'
import { isConnected, patchState } from './_shared.js'

/**
 * Closes the modal and resets its navigation (spec §2): back to Connect, or to Account in
 * embedded mode while connected. When the current view may not be closed (sign-in required and
 * not signed in) the modal shakes instead and `false` is returned.
 *
 * @example
 * closeModal(latch)
 */
export function closeModal(latch: Latch): boolean {
  const state = latch.store.getState()
  if (!state.modal.open) return true
  const top = state.router.history.at(-1)
  const connected = isConnected(state, state.activeNamespace)
  // Closing an optional sign-in is its Cancel.
  if (top?.view === 'SIWXSignMessage' && latch._internal.pendingSignIn && !state.signIn.required) {
    latch._internal.pendingSignIn.cancel()
    return true
  }
  if (
    !canClose({
      view: top?.view ?? 'Connect',
      siwxRequired: state.signIn.required,
      hasSession: state.signIn.status === 'signed-in',
    })
  ) {
    shakeModal(latch)
    return false
  }
  // Pending actions are cancelled by closing: their cancel callbacks run.
  const pending = state.router.transactionStack.map((entry) => latch._internal.transactions.get(entry.id))
  for (const entry of state.router.transactionStack) latch._internal.transactions.delete(entry.id)
  latch._internal.stopShake?.()
  patchState(latch, {
    modal: modalReducer(state.modal, { type: 'close' }),
    router: createRouterState({
      view: viewAfterClose({ embeddedMode: latch.options.enableEmbedded, isConnected: connected }),
    }),
    error: undefined,
    namespaceFilter: undefined,
  })
  for (const callbacks of pending.reverse()) callbacks?.onCancel?.()
  latch.events.emit('MODAL_CLOSE', { connected })
  return true
}

/** Shakes the modal for 500 ms (spec §2); a new shake restarts the timer. */
export function shakeModal(latch: Latch): void {
  latch._internal.stopShake?.()
  latch._internal.stopShake = scheduleShake((action) =>
    patchState(latch, { modal: modalReducer(latch.store.getState().modal, action) }),
  )
}
