import { SHAKE_DURATION_MS } from '../constants.js'
import type { ChainNamespace, ModalState, RouteEntry } from '../types.js'

export interface ResolveOpenViewParameters {
  /** A view (and its data) the caller asked for; it wins over every default. */
  requested?: RouteEntry | undefined
  /** An address is connected on the namespace the modal opens for. */
  isConnected: boolean
  hasAdapters: boolean
  manualWCControl: boolean
  isMobile: boolean
  /** Only show this namespace (open({ namespace })). */
  namespaceFilter?: ChainNamespace | undefined
  activeNamespace?: ChainNamespace | undefined
}

export type ResolvedOpenView = RouteEntry & {
  /** Switch the active namespace to this one before showing the view. */
  switchNamespaceTo: ChainNamespace | undefined
}

/**
 * The first view of the modal (spec §2, §4): the requested one; else Account when connected;
 * else, with no adapters or manual WalletConnect control, AllWallets on mobile and
 * ConnectingWalletConnectBasic on desktop; else Connect. A namespace filter that differs from
 * the active namespace switches to it first.
 */
export function resolveOpenView(parameters: ResolveOpenViewParameters): ResolvedOpenView {
  const { requested, isConnected, hasAdapters, manualWCControl, isMobile } = parameters
  const switchNamespaceTo =
    parameters.namespaceFilter && parameters.namespaceFilter !== parameters.activeNamespace
      ? parameters.namespaceFilter
      : undefined
  if (requested) return { ...requested, switchNamespaceTo }
  const view = isConnected
    ? 'Account'
    : !hasAdapters || manualWCControl
      ? isMobile
        ? 'AllWallets'
        : 'ConnectingWalletConnectBasic'
      : 'Connect'
  return { view, switchNamespaceTo }
}

export type ModalAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'loading'; loading: boolean }
  | { type: 'shake' }
  | { type: 'shakeEnd' }

export function createModalState(): ModalState {
  return { open: false, loading: false, shake: false }
}

/** Modal flags (spec §4). Closing also clears loading and shake so a reopen starts clean. */
export function modalReducer(state: ModalState, action: ModalAction): ModalState {
  switch (action.type) {
    case 'open':
      return state.open ? state : { ...state, open: true }
    case 'close':
      return { open: false, loading: false, shake: false }
    case 'loading':
      return state.loading === action.loading ? state : { ...state, loading: action.loading }
    case 'shake':
      return { ...state, shake: true }
    case 'shakeEnd':
      return state.shake ? { ...state, shake: false } : state
  }
}

/**
 * Shakes for 500 ms: dispatches `shake` now and `shakeEnd` after the duration. Returns a cancel
 * function. The timer is the caller's (an instance's), so nothing is shared between instances.
 */
export function scheduleShake(
  dispatch: (action: ModalAction) => void,
  setTimer: (run: () => void, ms: number) => unknown = setTimeout,
  clearTimer: (handle: unknown) => void = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
): () => void {
  dispatch({ type: 'shake' })
  const handle = setTimer(() => dispatch({ type: 'shakeEnd' }), SHAKE_DURATION_MS)
  return () => clearTimer(handle)
}
