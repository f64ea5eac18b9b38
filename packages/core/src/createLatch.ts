import { type LatchInitialState, readInitialState, sanitizeInitialState } from './initialState.js'
import {
  type Alert,
  createAccountState,
  createEmitter,
  createLocalStorage,
  createNetworkState,
  createRouterState,
  type Emitter,
  type LatchEventMap,
  type LatchOptions,
  type LatchStorage,
  type ResolvedOptions,
  validateOptions,
} from './internal.js'
import type { LatchState } from './state.js'
import { createStore, type Store } from './store.js'
import type { ChainAdapter, ChainNamespace, NamespaceState } from './types.js'

export type { LatchOptions }

/** A Latch instance: its options, store, adapters and event emitter. Create one per app. */
export interface Latch {
  readonly options: ResolvedOptions
  readonly store: Store<LatchState>
  readonly adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  readonly storage: LatchStorage
  readonly events: Emitter<LatchEventMap>
  /** @internal lifecycle owned by `hydrate`. */
  readonly _internal: {
    teardown: (() => void)[]
    hydration: Promise<void> | undefined
    /** Bumped by every connect/disconnect so late wallet events from an old session are ignored. */
    generation: number
    /** The running or finished `prefetch`, so it loads once per instance. */
    prefetch: Promise<undefined> | undefined
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

  const initial = sanitizeInitialState(parameters.initialState)
  const store = createStore<LatchState>(createInitialState(options, adapters, initial, alerts))
  return {
    options,
    store,
    adapters,
    storage,
    events: createEmitter<LatchEventMap>(),
    _internal: { teardown: [], hydration: undefined, generation: 0, prefetch: undefined },
  }
}

/**
 * Brings the browser's own stored values into the state (`hydrate` calls it first): the last
 * network and namespace, the last wallet. Restoring the sessions themselves is `hydrate`'s work.
 */
export function applyStoredState(latch: Latch): void {
  const stored = readInitialState(latch.storage, latch.adapters.keys())
  latch.store.setState((state) => {
    const namespaces = { ...state.namespaces }
    for (const [namespace, current] of Object.entries(namespaces)) {
      if (current.account.status === 'connected') continue
      const networks = current.network.requestedCaipNetworks
      const network = storedNetwork(networks, stored.lastUsedChainId)
      if (network && network !== current.network.caipNetwork)
        namespaces[namespace] = { ...current, network: { ...current.network, caipNetwork: network } }
    }
    const active = stored.activeNamespace
    return {
      ...state,
      namespaces,
      activeNamespace: active && active in namespaces ? (active as ChainNamespace) : state.activeNamespace,
      recentWalletId: stored.recentWallet ?? state.recentWalletId,
    }
  })
}

function storedNetwork<N extends { id: string | number; caipNetworkId: string }>(
  networks: readonly N[],
  lastChainId: string | undefined,
): N | undefined {
  if (lastChainId === undefined) return undefined
  return networks.find((n) => String(n.id) === lastChainId || n.caipNetworkId === lastChainId)
}

function createInitialState(
  options: ResolvedOptions,
  adapters: Map<ChainNamespace, ChainAdapter>,
  initial: LatchInitialState,
  alerts: Alert[],
): LatchState {
  const namespaces: Record<string, NamespaceState> = {}
  for (const namespace of new Set([...adapters.keys(), ...options.networks.map((n) => n.chainNamespace)])) {
    const networks = options.networks.filter((n) => n.chainNamespace === namespace)
    const stored = storedNetwork(networks, initial.lastUsedChainId)
    const preferred =
      options.defaultNetwork?.chainNamespace === namespace ? options.defaultNetwork : undefined
    const account = createAccountState()
    // A namespace with a remembered connector is restored on hydrate: show it as connecting
    // from the first render so the button does not flash "Connect".
    const hadSession = adapters.has(namespace) && initial.connectorIds?.[namespace]
    namespaces[namespace] = {
      account: hadSession ? { ...account, status: 'connecting' } : account,
      network: {
        ...createNetworkState(),
        caipNetwork: stored ?? preferred ?? networks[0],
        requestedCaipNetworks: networks,
      },
    }
  }
  const firstNamespace = options.defaultNetwork?.chainNamespace ?? options.networks[0]?.chainNamespace
  const storedActive = initial.activeNamespace
  return {
    phase: 'idle',
    activeNamespace:
      storedActive && storedActive in namespaces ? (storedActive as ChainNamespace) : firstNamespace,
    namespaces,
    connectors: {},
    modal: { open: false, loading: false, shake: false },
    router: createRouterState(),
    themeMode: options.themeMode ?? 'light',
    themeVariables: options.themeVariables ?? {},
    alerts,
    error: undefined,
    recentWalletId: initial.recentWallet,
    walletConnection: {
      status: 'disconnected',
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      wcError: undefined,
    },
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
    remote: { status: 'idle', features: undefined },
  }
}
