import type { QueryClient } from '@tanstack/query-core'
import type { ConnectReturnType } from './actions/connect.js'
import type { Alert } from './errors/alerts.js'
import { createEmitter, type Emitter, type LatchEventMap } from './events.js'
import { type LatchInitialState, readInitialState, sanitizeInitialState } from './initialState.js'
import { type LatchOptions, type ResolvedOptions, validateOptions } from './options.js'
import { initialRemoteFeatures } from './registry/localFeatures.js'
import { createAccountState, createNetworkState } from './rules/account.js'
import { createModalState } from './rules/openModal.js'
import { createRouterState } from './rules/router.js'
import { EMPTY_SEND, sendFormOwner } from './rules/sendState.js'
import type { SiwxSession } from './siwx/types.js'
import type { LatchState, SessionState } from './state.js'
import { createLocalStorage, type LatchStorage } from './storage.js'
import { createStore, type Store } from './store.js'
import type {
  CaipNetwork,
  ChainAdapter,
  ChainNamespace,
  NamespaceState,
  SessionConnector,
  SessionSignInRequest,
  TransactionCallbacks,
} from './types.js'

export type { LatchOptions }

/**
 * The sign-in step of the after-connect pipeline. It runs after a connect, after a restore and
 * after an account or network change, and may veto the connection ('disconnect').
 */
export type SignInGate = (context: {
  namespace: ChainNamespace
  address: string
  caipNetworkId: string
  reason: 'connect' | 'restore' | 'change'
}) => Promise<'ok' | 'disconnect'>

/** A Latch instance: its options, store, adapters and event emitter. Create one per app. */
export interface Latch {
  readonly options: ResolvedOptions
  readonly store: Store<LatchState>
  readonly adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  /** Session connectors (WalletConnect, …) by id. */
  readonly sessionConnectors: ReadonlyMap<string, SessionConnector>
  readonly storage: LatchStorage
  readonly events: Emitter<LatchEventMap>
  /** @internal lifecycle owned by the actions. */
  readonly _internal: {
    teardown: (() => void)[]
    hydration: Promise<void> | undefined
    /** The browser's stored values are in the state already (the provider reads them before paint). */
    storedStateApplied: boolean
    /**
     * Attempt counters per namespace: every connect, disconnect and restore of a namespace takes
     * the next number, so a late answer of an older attempt never overwrites a newer one.
     */
    attempts: Map<ChainNamespace, number>
    /** The same per session connector (pairing attempts). */
    sessionAttempts: Map<string, number>
    /** The running connect of each session connector (an unexpired pairing may be reused). */
    pendingSessions: Map<string, Promise<ConnectReturnType>>
    /** Watchers of remembered wallets that had not announced themselves when restore gave up. */
    lateRestores: Map<ChainNamespace, () => void>
    /** The running or finished `prefetch`, so it loads once per instance. */
    prefetch: Promise<undefined> | undefined
    /** The running or finished read of the project config (`loadProjectConfig`), once per instance. */
    projectConfig: Promise<LatchState['remote']> | undefined
    /** Callbacks of transaction-stack entries, by entry id (kept out of the store). */
    transactions: Map<number, TransactionCallbacks>
    nextTransactionId: number
    /** Cancels the running shake timer. */
    stopShake: (() => void) | undefined
    /** The query cache (`queryClientOf`), created when something first queries. */
    queryClient: QueryClient | undefined
    /** The sign-in step; none until a sign-in configuration installs one. */
    signInGate: SignInGate | undefined
    /**
     * Ends the sign-in sessions of an account whose wallet disconnected (every network of its
     * namespace); none without a sign-in configuration.
     */
    signOut: ((namespace: ChainNamespace, address: string) => void) | undefined
    /** One-click sign-in with a session proposal; none without a sign-in configuration. */
    sessionSignIn:
      | {
          request(networks: readonly CaipNetwork[]): Promise<SessionSignInRequest | undefined>
          keep(session: SiwxSession): Promise<void>
        }
      | undefined
    /** The sign-in step waiting on SIWXSignMessage (Sign / Cancel settle it). */
    pendingSignIn:
      | {
          context: Parameters<SignInGate>[0]
          resolve: (verdict: 'ok' | 'disconnect') => void
          stop: () => void
          /** Cancel on the view (closing an optional sign-in is one). */
          cancel: () => void
        }
      | undefined
  }
}

export interface CreateLatchParameters {
  /**
   * The visitor's stored state as the server saw it (`cookieToInitialState` of the request's
   * cookies). Give the same value on the server and in the browser so the server HTML and the
   * first client render agree; the browser's own storage is read by `hydrate`.
   */
  initialState?: LatchInitialState | undefined
}

/**
 * Creates a Latch instance. Validates the options, builds the initial state and does no I/O: it
 * reads no storage (the first render shows `initialState`, or nothing remembered), and adapters
 * start when `hydrate(latch)` runs (the React provider does it on mount).
 *
 * @example
 * const latch = createLatch({ networks: [mainnet, base], adapters: [evmAdapter({ config })] })
 */
export function createLatch(input: LatchOptions, parameters: CreateLatchParameters = {}): Latch {
  const { options, alerts } = validateOptions(input)
  const storage = options.storage ?? createLocalStorage()
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  for (const adapter of options.adapters) adapters.set(adapter.namespace, adapter)
  const sessionConnectors = new Map<string, SessionConnector>()
  for (const connector of options.connectors) sessionConnectors.set(connector.id, connector)

  const initial = sanitizeInitialState(parameters.initialState)
  const store = createStore<LatchState>(
    createInitialState(options, adapters, sessionConnectors, initial, alerts),
  )
  if (options.debug) for (const alert of alerts) logAlert(alert)
  // Spec §4: a change of the active network (or account) resets the send form, whichever path
  // changed it (the modal, the wallet's own chainChanged, a restore).
  store.subscribe(sendFormOwner, () => {
    if (store.getState().send !== EMPTY_SEND) store.setState((s) => ({ ...s, send: EMPTY_SEND }))
  })
  const latch: Latch = {
    options,
    store,
    adapters,
    sessionConnectors,
    storage,
    events: createEmitter<LatchEventMap>(),
    _internal: {
      teardown: [],
      hydration: undefined,
      storedStateApplied: false,
      attempts: new Map(),
      sessionAttempts: new Map(),
      pendingSessions: new Map(),
      lateRestores: new Map(),
      prefetch: undefined,
      projectConfig: undefined,
      transactions: new Map(),
      nextTransactionId: 1,
      stopShake: undefined,
      queryClient: undefined,
      signInGate: undefined,
      signOut: undefined,
      sessionSignIn: undefined,
      pendingSignIn: undefined,
    },
  }
  // The sign-in flow's code is fetched only by apps that configure `siwx`.
  const siwx = options.siwx
  if (siwx) {
    const flow = () => import('./actions/signIn.js')
    latch._internal.signInGate = (context) => flow().then((module) => module.runSignInGate(latch, context))
    latch._internal.sessionSignIn = {
      request: (networks) => flow().then((module) => module.oneClickSignInRequest(latch, networks)),
      keep: (session) => flow().then((module) => module.keepOneClickSignIn(latch, session)),
    }
    // A disconnected wallet's sign-in ends with it: the next connection asks again.
    latch._internal.signOut = (namespace, address) => {
      for (const network of options.networks)
        if (network.chainNamespace === namespace)
          void siwx.revokeSession(network.caipNetworkId, address).catch(() => {})
    }
  }
  return latch
}

/** Alerts also go to the console while `debug` is on (the default). */
export function logAlert(alert: Alert): void {
  const log = alert.variant === 'error' ? console.error : console.warn
  log(`[latch] ${alert.message}`)
}

/** A session connector with no session. */
export function createSessionState(): SessionState {
  return {
    status: 'disconnected',
    pairing: undefined,
    linking: undefined,
    error: undefined,
    wallet: undefined,
    user: undefined,
    preferredAccountType: undefined,
    smartAccountDeployed: false,
    offline: false,
    login: { step: 'idle' },
    emailUpdate: { step: 'idle' },
  }
}

/**
 * Brings the browser's own stored values into the state (`hydrate` calls it first): the network
 * last used on each namespace, the active namespace, the last wallet, and "connecting" for the
 * namespaces a session will be restored on. Restoring the sessions themselves is `hydrate`'s work.
 */
export function applyStoredState(latch: Latch): void {
  const stored = readInitialState(latch.storage, Object.keys(latch.store.getState().namespaces))
  latch.store.setState((state) => {
    const namespaces = { ...state.namespaces }
    for (const [namespace, current] of Object.entries(namespaces)) {
      if (current.account.status === 'connected') continue
      const last = stored.lastUsedNetworks?.[namespace]
      const network = current.network.requestedCaipNetworks.find((n) => n.caipNetworkId === last)
      const restorable = isRestorable(latch, namespace, stored.connectorIds?.[namespace])
      namespaces[namespace] = {
        account: restorable ? { ...current.account, status: 'connecting' } : current.account,
        network: network ? { ...current.network, caipNetwork: network } : current.network,
      }
    }
    const active = stored.activeNamespace
    return {
      ...state,
      namespaces,
      activeNamespace: active && active in namespaces ? active : state.activeNamespace,
      recentWalletId: stored.recentWallet ?? state.recentWalletId,
    }
  })
  latch._internal.storedStateApplied = true
}

function isRestorable(
  latch: Pick<Latch, 'adapters' | 'sessionConnectors'>,
  namespace: ChainNamespace,
  connectorId: string | undefined,
): boolean {
  return (
    connectorId !== undefined && (latch.adapters.has(namespace) || latch.sessionConnectors.has(connectorId))
  )
}

function createInitialState(
  options: ResolvedOptions,
  adapters: Map<ChainNamespace, ChainAdapter>,
  sessionConnectors: Map<string, SessionConnector>,
  initial: LatchInitialState,
  alerts: Alert[],
): LatchState {
  const namespaces: Record<string, NamespaceState> = {}
  const storedActive = initial.activeNamespace
  for (const namespace of new Set([...adapters.keys(), ...options.networks.map((n) => n.chainNamespace)])) {
    const networks = options.networks.filter((n) => n.chainNamespace === namespace)
    const lastUsed = initial.lastUsedNetworks?.[namespace]
    const stored = networks.find((n) => n.caipNetworkId === lastUsed)
    const preferred =
      options.defaultNetwork?.chainNamespace === namespace ? options.defaultNetwork : undefined
    const account = createAccountState()
    // A namespace with a remembered connector is restored on hydrate: show it as connecting
    // from the first render so the button does not flash "Connect".
    const restorable = isRestorable(
      { adapters, sessionConnectors },
      namespace,
      initial.connectorIds?.[namespace],
    )
    namespaces[namespace] = {
      account: restorable ? { ...account, status: 'connecting' } : account,
      network: {
        ...createNetworkState(),
        caipNetwork: stored ?? preferred ?? networks[0],
        requestedCaipNetworks: networks,
      },
    }
  }
  const firstNamespace = options.defaultNetwork?.chainNamespace ?? options.networks[0]?.chainNamespace
  const sessions: Record<string, SessionState> = {}
  for (const id of sessionConnectors.keys()) sessions[id] = createSessionState()
  return {
    phase: 'idle',
    activeNamespace: storedActive && storedActive in namespaces ? storedActive : firstNamespace,
    namespaces,
    connectors: {},
    modal: createModalState(),
    router: createRouterState(),
    themeMode: options.themeMode ?? 'light',
    themeVariables: options.themeVariables ?? {},
    alerts,
    error: undefined,
    recentWalletId: initial.recentWallet,
    sessions,
    signIn: {
      required: options.siwx?.getRequired?.() ?? false,
      status: 'none',
      request: undefined,
      signing: false,
      error: undefined,
      errorName: undefined,
      session: undefined,
    },
    send: EMPTY_SEND,
    namespaceFilter: undefined,
    registry: {
      status: 'idle',
      source: undefined,
      featured: [],
      recommended: [],
      wallets: [],
      count: 0,
      page: 0,
      search: { query: '', status: 'idle', results: [] },
    },
    remote: { status: 'idle', features: initialRemoteFeatures(options) },
  }
}
