import type { Latch } from '../createLatch.js'
import { modalReducer, type ResolvedOpenView, resolveOpenView } from '../rules/openModal.js'
import { isMobileBrowser } from '../rules/platform.js'
import { createRouterState } from '../rules/router.js'
import { STORED_VALUES, writeStored } from '../storage.js'
import type { ChainNamespace, RouteEntry } from '../types.js'
import { isConnected, patchState } from './_shared.js'

/**
 * Where to open: a view of the modal with its data (`{ view: 'SwitchNetwork', params: {
 * caipNetworkId } }`), or none for the default one; only views the modal has type-check.
 */
export type OpenModalParameters = {
  /** Only show wallets and networks of this namespace; switches to it first. */
  namespace?: ChainNamespace | undefined
} & (RouteEntry | { view?: undefined; params?: undefined })

/**
 * Opens the modal on the view the opening rules choose (spec §2, §4): the requested one, else
 * Account when connected, else Connect. With `namespace`, only that namespace's wallets and
 * networks are shown, and the active namespace switches to it first. Never waits on the network.
 *
 * @example
 * openModal(latch)                        // Connect, or Account when connected
 * openModal(latch, { view: 'Networks' })
 * openModal(latch, { namespace: 'solana' })
 */
export function openModal(latch: Latch, parameters: OpenModalParameters = {}): void {
  const state = latch.store.getState()
  const { namespace: _namespace, ...route } = parameters
  const resolved = resolveOpenView({
    requested: route.view ? route : undefined,
    isConnected: isConnected(state, parameters.namespace ?? state.activeNamespace),
    hasAdapters: latch.adapters.size > 0,
    manualWCControl: latch.options.manualWCControl,
    isMobile: isMobileBrowser(),
    namespaceFilter: parameters.namespace,
    activeNamespace: state.activeNamespace,
  })
  if (resolved.switchNamespaceTo) {
    // Spec §4: the requested namespace becomes the active one first, on its own current network
    // (nothing to ask a wallet), and is remembered like any switch.
    patchState(latch, { activeNamespace: resolved.switchNamespaceTo })
    writeStored(latch.storage, STORED_VALUES.activeNamespace, resolved.switchNamespaceTo)
  }
  const now = latch.store.getState()
  patchState(latch, {
    namespaceFilter: parameters.namespace,
    modal: modalReducer(now.modal, { type: 'open' }),
    router: createRouterState(routeOf(resolved)),
    error: undefined,
  })
  if (!state.modal.open) latch.events.emit('MODAL_OPEN', { view: resolved.view })
}

function routeOf({ switchNamespaceTo: _switch, ...route }: ResolvedOpenView): RouteEntry {
  return route
}
