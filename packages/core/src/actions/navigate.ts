import type { Latch } from '../createLatch.js'
import {
  goBack as goBackRule,
  push,
  pushTransactionStack,
  replace,
  settleTransactionStack,
  type TransactionOutcome,
} from '../rules/router.js'
import type { RouteEntry, TransactionCallbacks } from '../types.js'
import { isConnected, patchState } from './_shared.js'
import { closeModal } from './close.js'

/** Pushes a view on the modal's history (no-op when it is already the current view). */
export function pushView(latch: Latch, entry: RouteEntry): void {
  patchState(latch, { router: push(latch.store.getState().router, entry), error: undefined })
}

/** Replaces the current view. */
export function replaceView(latch: Latch, entry: RouteEntry): void {
  patchState(latch, { router: replace(latch.store.getState().router, entry), error: undefined })
}

/**
 * Goes back one view; with one entry left the modal closes (spec §2). Back from a view that a
 * pending action opened (the transaction stack) cancels that action.
 */
export function goBack(latch: Latch): void {
  const state = latch.store.getState()
  const pending = state.router.transactionStack.at(-1)
  if (pending?.view && pending.view === state.router.history.at(-1)?.view) {
    settleTransaction(latch, 'cancel')
    return
  }
  const result = goBackRule(state.router, { isConnected: isConnected(state, state.activeNamespace) })
  if (result.close) {
    closeModal(latch)
    return
  }
  patchState(latch, { router: result.state, error: undefined })
}

/**
 * Starts a pending action shown by `view` (spec §2 "Transaction stack"); its callbacks run when
 * it is settled. Returns the entry's id.
 */
export function pushTransaction(
  latch: Latch,
  entry: {
    /** How many views a success goes back (`true` is one). */
    goBack?: boolean | number
    replace?: boolean
  } & (RouteEntry | { view?: undefined; params?: undefined }) &
    TransactionCallbacks,
): number {
  const id = latch._internal.nextTransactionId++
  const { onSuccess, onError, onCancel, ...data } = entry
  latch._internal.transactions.set(id, { onSuccess, onError, onCancel })
  patchState(latch, { router: pushTransactionStack(latch.store.getState().router, { id, ...data }) })
  return id
}

/**
 * Settles the last pending action: success, error or cancel runs its callback; error and
 * cancel also go back (closing when nothing is left), success goes back only when asked.
 */
export function settleTransaction(latch: Latch, outcome: TransactionOutcome, error?: unknown): void {
  const state = latch.store.getState()
  const entry = state.router.transactionStack.at(-1)
  const callbacks = entry ? latch._internal.transactions.get(entry.id) : undefined
  if (entry) latch._internal.transactions.delete(entry.id)
  const settled = settleTransactionStack(state.router, outcome, callbacks ?? {}, error, {
    isConnected: isConnected(state, state.activeNamespace),
  })
  if (settled.navigation === 'close') {
    patchState(latch, { router: settled.state })
    closeModal(latch)
  } else {
    patchState(latch, { router: settled.state })
  }
  settled.callback?.()
}
