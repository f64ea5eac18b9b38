import type {
  RouteEntry,
  RouteParams,
  RouterState,
  TransactionCallbacks,
  TransactionStackEntry,
  View,
} from '../types.js'

/** Every change the router knows (spec §2, "Navigation history"). */
export type RouterAction =
  | { type: 'push'; entry: RouteEntry }
  | { type: 'replace'; entry: RouteEntry }
  | { type: 'back'; isConnected: boolean }
  | { type: 'reset'; entry: RouteEntry }
  | { type: 'pushTransaction'; entry: TransactionStackEntry }
  | { type: 'popTransaction' }

/** History starts at Connect, with nothing pending. */
export function createRouterState(entry: RouteEntry = { view: 'Connect' }): RouterState {
  return { history: [entry], transactionStack: [] }
}

function sameParams(a: RouteParams | undefined, b: RouteParams | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {})
}

/**
 * The pure reducer behind every navigation helper. `back` on a single entry leaves the state as
 * it is: closing is the caller's decision, see `goBack`.
 */
export function routerReducer(state: RouterState, action: RouterAction): RouterState {
  switch (action.type) {
    case 'push': {
      const top = state.history.at(-1)
      if (top?.view === action.entry.view) {
        // Already current: no second entry, but fresh data replaces the old one.
        return sameParams(top.params, action.entry.params)
          ? state
          : routerReducer(state, { ...action, type: 'replace' })
      }
      return { ...state, history: [...state.history, action.entry] }
    }
    case 'replace':
      return { ...state, history: [...state.history.slice(0, -1), action.entry] }
    case 'back': {
      if (state.history.length <= 1) return state
      const history = state.history.slice(0, -1)
      const top = history.at(-1)
      // A connected user has nothing to do on Connect: show the account instead.
      if (top?.view === 'Connect' && action.isConnected) history[history.length - 1] = { view: 'Account' }
      return { ...state, history }
    }
    case 'reset':
      return { history: [action.entry], transactionStack: [] }
    case 'pushTransaction':
      return { ...state, transactionStack: [...state.transactionStack, action.entry] }
    case 'popTransaction':
      return { ...state, transactionStack: state.transactionStack.slice(0, -1) }
  }
}

/** Adds a view unless it is already the current one. */
export function push(state: RouterState, entry: RouteEntry): RouterState {
  return routerReducer(state, { type: 'push', entry })
}

/** Swaps the last entry. */
export function replace(state: RouterState, entry: RouteEntry): RouterState {
  return routerReducer(state, { type: 'replace', entry })
}

export interface GoBackResult {
  state: RouterState
  /** The history had one entry: the modal closes instead. */
  close: boolean
}

/** Pops one view; with one entry left the modal closes. Back to Connect while connected shows Account. */
export function goBack(state: RouterState, { isConnected }: { isConnected: boolean }): GoBackResult {
  if (state.history.length <= 1) return { state, close: true }
  return { state: routerReducer(state, { type: 'back', isConnected }), close: false }
}

/** The view the modal shows after closing: Connect, or Account in embedded mode when connected. */
export function viewAfterClose({
  embeddedMode,
  isConnected,
}: {
  embeddedMode: boolean
  isConnected: boolean
}): 'Account' | 'Connect' {
  return embeddedMode && isConnected ? 'Account' : 'Connect'
}

/** SIWXSignMessage cannot be closed when sign-in is required and no session exists. */
export function canClose({
  view,
  siwxRequired,
  hasSession,
}: {
  view: View
  siwxRequired: boolean
  hasSession: boolean
}): boolean {
  return !(view === 'SIWXSignMessage' && siwxRequired && !hasSession)
}

/** Queues a pending action and shows its view (pushed, or replacing the current one). */
export function pushTransactionStack(state: RouterState, entry: TransactionStackEntry): RouterState {
  let next = routerReducer(state, { type: 'pushTransaction', entry })
  if (entry.view) {
    const { id: _id, goBack: _goBack, replace: replaceCurrent, ...route } = entry
    next = routerReducer(next, { type: replaceCurrent ? 'replace' : 'push', entry: route })
  }
  return next
}

export type TransactionOutcome = 'success' | 'error' | 'cancel'

export interface SettleTransactionResult {
  state: RouterState
  /** The entry's callback for this outcome, bound to the error; run it after applying `state`. */
  callback: (() => void) | undefined
  /** What the modal does: go back one view, close, or stay where it is. */
  navigation: 'back' | 'close' | 'stay'
}

/**
 * Settles the last pending action: picks its success, error or cancel callback; error and
 * cancel also go back one view (closing when nothing is left to go back to). Success goes back
 * only as many views as the entry asked for (`goBack`), closing when it runs out of views. With
 * nothing pending the modal simply closes.
 */
export function settleTransactionStack(
  state: RouterState,
  outcome: TransactionOutcome,
  callbacks: TransactionCallbacks,
  error?: unknown,
  { isConnected = false }: { isConnected?: boolean } = {},
): SettleTransactionResult {
  const entry = state.transactionStack.at(-1)
  if (!entry) return { state, callback: undefined, navigation: 'close' }
  const popped = routerReducer(state, { type: 'popTransaction' })
  const callback =
    outcome === 'success'
      ? callbacks.onSuccess
      : outcome === 'error'
        ? callbacks.onError && (() => callbacks.onError?.(error))
        : callbacks.onCancel
  const steps = outcome !== 'success' ? 1 : entry.goBack === true ? 1 : Math.max(0, Number(entry.goBack ?? 0))
  if (steps === 0) return { state: popped, callback, navigation: 'stay' }
  let current = popped
  for (let step = 0; step < steps; step++) {
    const back = goBack(current, { isConnected })
    if (back.close) return { state: back.state, callback, navigation: 'close' }
    current = back.state
  }
  return { state: current, callback, navigation: 'back' }
}
