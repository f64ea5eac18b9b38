import type { Latch } from '../createLatch.js'
import { goBack as goBackRule, push, replace } from '../internal.js'
import type { RouteEntry } from '../types.js'
import { patchState } from './_shared.js'
import { closeModal } from './close.js'

/** Pushes a view on the modal's history (no-op when it is already the current view). */
export function pushView(latch: Latch, entry: RouteEntry): void {
  patchState(latch, { router: push(latch.store.getState().router, entry), error: undefined })
}

/** Replaces the current view. */
export function replaceView(latch: Latch, entry: RouteEntry): void {
  patchState(latch, { router: replace(latch.store.getState().router, entry), error: undefined })
}

/** Goes back one view; with one entry left the modal closes (spec §2). */
export function goBack(latch: Latch): void {
  const state = latch.store.getState()
  const active = state.activeNamespace
  const isConnected = active ? state.namespaces[active]?.account.status === 'connected' : false
  const result = goBackRule(state.router, { isConnected })
  if (result.close) {
    closeModal(latch)
    return
  }
  patchState(latch, { router: result.state, error: undefined })
}
