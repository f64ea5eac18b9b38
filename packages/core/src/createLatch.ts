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
  STORAGE_KEYS,
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

/**
 * Creates a Latch instance. Validates the options, builds the initial state and does no I/O:
 * adapters start when `hydrate(latch)` runs (the React provider does it on mount).
 *
 * @example
 * const latch = createLatch({ networks: [mainnet, base], adapters: [evmAdapter({ config })] })
 */
export function createLatch(input: LatchOptions): Latch {
  const { options, alerts } = validateOptions(input)
  const storage = options.storage ?? createLocalStorage()
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  for (const adapter of options.adapters) adapters.set(adapter.namespace, adapter)

  const store = createStore<LatchState>(createInitialState(options, adapters, storage, alerts))
  return {
    options,
    store,
    adapters,
    storage,
    events: createEmitter<LatchEventMap>(),
    _internal: { teardown: [], hydration: undefined, generation: 0, prefetch: undefined },
  }
}

function createInitialState(
  options: ResolvedOptions,
  adapters: Map<ChainNamespace, ChainAdapter>,
  storage: LatchStorage,
  alerts: Alert[],
): LatchState {
  const namespaces: Record<string, NamespaceState> = {}
  const storedActive = storage.getItem(STORAGE_KEYS.activeNamespace) ?? undefined
  const lastChainId = storage.getItem(STORAGE_KEYS.lastUsedChainId) ?? undefined
  for (const namespace of new Set([...adapters.keys(), ...options.networks.map((n) => n.chainNamespace)])) {
    const networks = options.networks.filter((n) => n.chainNamespace === namespace)
    const stored = networks.find((n) => String(n.id) === lastChainId || n.caipNetworkId === lastChainId)
    const preferred =
      options.defaultNetwork?.chainNamespace === namespace ? options.defaultNetwork : undefined
    const account = createAccountState()
    // A namespace with a remembered connector is restored on hydrate: show it as connecting
    // from the first render so the button does not flash "Connect".
    const hadSession = adapters.has(namespace) && storage.getItem(STORAGE_KEYS.connectorId(namespace))
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
    recentWalletId: storage.getItem(STORAGE_KEYS.recentWallet) ?? undefined,
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
