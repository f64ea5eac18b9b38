import type { Latch } from '../createLatch.js'
import { isMobileBrowser, resolveOpenView } from '../internal.js'
import type { ChainNamespace, RouteParams, View } from '../types.js'
import { patchState } from './_shared.js'

export interface OpenModalParameters {
  /** Open on this view instead of the default one. */
  view?: View | undefined
  params?: RouteParams | undefined
  /** Only show wallets and networks of this namespace. */
  namespace?: ChainNamespace | undefined
}

/**
 * Opens the modal on the view the opening rules choose (spec §2). Never waits on the network.
 *
 * @example
 * openModal(latch)                        // Connect, or Account when connected
 * openModal(latch, { view: 'Networks' })
 */
export function openModal(latch: Latch, parameters: OpenModalParameters = {}): void {
  const state = latch.store.getState()
  const active = state.activeNamespace
  const isConnected = active ? state.namespaces[active]?.account.status === 'connected' : false
  const resolved = resolveOpenView({
    requestedView: parameters.view,
    params: parameters.params,
    isConnected,
    hasAdapters: latch.adapters.size > 0,
    manualWCControl: latch.options.manualWCControl,
    isMobile: isMobileBrowser(),
    namespaceFilter: parameters.namespace,
    activeNamespace: active,
  })
  patchState(latch, {
    activeNamespace: resolved.switchNamespaceTo ?? active,
    namespaceFilter: parameters.namespace,
    modal: { ...state.modal, open: true },
    router: { history: [{ view: resolved.view, params: resolved.params }], transactionStack: [] },
    error: undefined,
  })
  if (!state.modal.open) latch.events.emit('MODAL_OPEN', { view: resolved.view })
}
