import type {
  AppMetadata,
  ApprovedSession,
  ChainNamespace,
  SessionConnector,
  SessionHandlers,
} from '@latch/core'
import { PAIRING_EXPIRY_MS } from '@latch/core/internal'
import { type Eip1193Provider, eip155Provider, type UniversalLike } from './eip155Provider.js'
import { toCodedError } from './errors.js'
import { buildOptionalNamespaces, parseCaip10 } from './namespaces.js'
import { createOfflineVerify } from './offlineVerify.js'
import { toSession } from './session.js'
import type { createSessionNamespace, SessionNamespace } from './sessionNamespace.js'
import type { AuthenticateParameters } from './signIn.js'

/** Options of {@link walletConnect}. */
export interface WalletConnectOptions {
  /** The WalletConnect project id (any 32-hex id works with a local relay). */
  projectId: string
  /** Defaults to WalletConnect's public relay. */
  relayUrl?: string
  /** How the app introduces itself to the wallet (default: the app's `metadata` option). */
  metadata?: AppMetadata
  /**
   * Default true: the library's Verify API (an iframe from WalletConnect's verify host). false
   * replaces it with an offline stand-in, which local relays, tests and offline demos need: with
   * the host unreachable every proposal and request would wait five seconds.
   */
  verify?: boolean
  /** A WalletConnect key-value storage; the library's default (IndexedDB) otherwise. */
  storage?: unknown
  /** RPC URL per CAIP-2 chain id, for read calls; defaults to the networks' own RPC URLs. */
  rpcMap?: Record<string, string>
  /** Pairing lifetime before the URI is replaced (default 4 minutes). */
  pairingExpiryMs?: number
}

type Universal = UniversalLike & {
  client: {
    core: { verify: unknown; relayer: { transportClose(): Promise<void> } }
    session: { getAll(): unknown[] }
    /** The sign client's CAIP-122 formatter: the message a CACAO's payload stands for. */
    formatAuthMessage(parameters: { request: unknown; iss: string }): string
  }
  session?: unknown
  namespaces?: unknown
  connect(parameters: { optionalNamespaces: unknown }): Promise<unknown>
  /** One-click sign-in (CAIP-222): a session and the wallet's signed CACAOs, in one approval. */
  authenticate(parameters: AuthenticateParameters & { optionalNamespaces: unknown }): Promise<{
    session?: unknown
    auths?: unknown[]
  }>
  disconnect(): Promise<void>
  cleanupPendingPairings(options?: { deletePairings?: boolean }): Promise<void>
}

/** The session connector's state the pairing view and the wallet-side checks read. */
export interface WalletConnectSessionConnector extends SessionConnector {
  /** How long a shown pairing URI stays valid before it is replaced, in milliseconds. */
  readonly pairingExpiryMs: number
}

/**
 * The WalletConnect session connector: pass it in `connectors` to `createLatch`. Creating it
 * loads nothing; `@walletconnect/universal-provider` (an optional peer dependency) is imported
 * when the visitor picks WalletConnect or a stored session is restored.
 *
 * @example
 * createLatch({ networks, adapters, connectors: [walletConnect({ projectId: '…' })] })
 */
export function walletConnect(options: WalletConnectOptions): WalletConnectSessionConnector {
  if (typeof options?.projectId !== 'string' || options.projectId.length === 0)
    throw new Error('walletConnect: projectId is required')
  const pairingExpiryMs = options.pairingExpiryMs ?? PAIRING_EXPIRY_MS
  const handlers = new Set<SessionHandlers>()
  let universal: Promise<Universal> | undefined
  let appMetadata: AppMetadata | undefined
  let evm: (Eip1193Provider & { reset(): void }) | undefined
  let attempt = 0
  let refreshTimer: ReturnType<typeof setTimeout> | undefined

  const load = (): Promise<Universal> => {
    universal ??= (async () => {
      const [{ UniversalProvider }, namespaces] = await Promise.all([
        import('@walletconnect/universal-provider'),
        import('./sessionNamespace.js'),
      ])
      makeNamespace = namespaces.createSessionNamespace
      const provider = (await UniversalProvider.init({
        projectId: options.projectId,
        ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
        ...((options.metadata ?? appMetadata) ? { metadata: options.metadata ?? appMetadata } : {}),
        ...(options.storage ? { storage: options.storage as never } : {}),
        telemetryEnabled: false,
        logger: 'silent',
      })) as unknown as Universal
      // `core.verify` is a public, assignable member of the library's ICore.
      if (options.verify === false) provider.client.core.verify = createOfflineVerify(provider.client.core)
      listen(provider)
      evm = eip155Provider(provider)
      universalNow = provider
      return provider
    })()
    universal.catch(() => {
      universal = undefined
    })
    return universal
  }

  const listen = (provider: Universal) => {
    const each = (fn: (h: SessionHandlers) => void) => {
      for (const h of handlers) fn(h)
    }
    provider.on('accountsChanged', (accounts: unknown) => {
      if (!Array.isArray(accounts)) return
      each((h) =>
        h.onAccountsChanged(
          'eip155',
          accounts.filter((a): a is string => typeof a === 'string'),
        ),
      )
    })
    provider.on('chainChanged', (chainId: unknown) => {
      if (typeof chainId === 'string' || typeof chainId === 'number')
        each((h) => h.onChainChanged('eip155', String(chainId)))
    })
    provider.on('session_event', (event: unknown) => {
      // Non-eip155 namespaces: their events are not translated by the provider.
      const params = (event as { params?: { chainId?: unknown; event?: { name?: unknown; data?: unknown } } })
        ?.params
      const chain = typeof params?.chainId === 'string' ? params.chainId : ''
      const [namespace, reference] = chain.split(':')
      if (!namespace || namespace === 'eip155' || !reference) return
      if (params?.event?.name === 'chainChanged') each((h) => h.onChainChanged(namespace, reference))
      if (params?.event?.name === 'accountsChanged' && Array.isArray(params.event.data)) {
        const accounts = params.event.data
          .map((a) => parseCaip10(a)?.address ?? (typeof a === 'string' ? a : undefined))
          .filter((a): a is string => a !== undefined)
        each((h) => h.onAccountsChanged(namespace, accounts))
        // The namespace's adapter follows through its facade: the accounts as CAIP-10 on the event's chain.
        sessionNamespaces.get(namespace)?.notify(accounts.map((a) => `${chain}:${a}`))
      }
    })
    // A session update can move a namespace's side to another account (no event needed).
    provider.on('session_update', () => {
      for (const facade of sessionNamespaces.values()) facade.notify()
    })
    provider.on('session_delete', () => {
      each((h) => h.onSessionEnded('deleted'))
    })
    provider.on('session_expire', () => {
      each((h) => h.onSessionEnded('expired'))
    })
  }

  const stopRefresh = () => {
    if (refreshTimer) clearTimeout(refreshTimer)
    refreshTimer = undefined
  }

  // One stable EIP-1193 object for the eip155 namespace; it reaches the provider once loaded.
  const evmFacade: Eip1193Provider = {
    async request(args) {
      await load()
      return (evm as Eip1193Provider).request(args)
    },
    on(event, listener) {
      void load().then(() => evm?.on(event, listener))
    },
    removeListener(event, listener) {
      evm?.removeListener(event, listener)
    },
  }

  let universalNow: Universal | undefined
  // Every namespace but eip155 as its adapter takes a session's side (`@latch/solana`,
  // `@latch/bitcoin`…): its accounts and methods, its account changes, and requests for a chain
  // in the namespace's own JSON-RPC, answered by the wallet. One stable facade per namespace.
  // Its module loads with the universal provider (nothing asks for a facade before a session).
  let makeNamespace: typeof createSessionNamespace | undefined
  const sessionNamespaces = new Map<string, SessionNamespace>()
  const sessionNamespace = (namespace: string): SessionNamespace | undefined => {
    let facade = sessionNamespaces.get(namespace)
    if (!facade && makeNamespace) {
      facade = makeNamespace({
        namespace,
        session: () => universalNow?.session,
        async request(args, chainId) {
          const provider = await load()
          try {
            return await provider.request(args, chainId)
          } catch (error) {
            throw toCodedError(error)
          }
        },
      })
      sessionNamespaces.set(namespace, facade)
    }
    return facade
  }

  const connector: WalletConnectSessionConnector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    pairingExpiryMs,

    // The universal provider serves every CAIP-2 namespace (known ones and a generic fallback).
    supports: () => true,

    async connect({ networks, metadata, onEvent, signIn, projectRpcUrl }) {
      const mine = ++attempt
      stopRefresh()
      appMetadata ??= metadata
      const provider = await load()
      if (provider.session) {
        // A leftover session (another tab, a failed restore): start clean.
        await provider.disconnect().catch(() => {})
      }
      const optionalNamespaces = buildOptionalNamespaces(networks, options.rpcMap, projectRpcUrl)
      // One approval connects and signs in (the protocol's authenticate is eip155-only); a
      // wallet without it approves the session proposal sent alongside, and signs after.
      const oneClick =
        signIn && networks.every((network) => network.chainNamespace === 'eip155') ? signIn : undefined
      const propose = async (): Promise<ApprovedSession> => {
        if (!oneClick) return toSession(await provider.connect({ optionalNamespaces }))
        // Loaded only by apps that sign in: not part of the connector's first load.
        const { fromAuthenticateError, toAuthenticateParameters, toSiwxSession } = await import('./signIn.js')
        const { session, auths } = await provider
          .authenticate({
            ...toAuthenticateParameters(oneClick),
            // Read by the provider for its namespaces' RPC URLs (the app's own).
            optionalNamespaces,
          })
          .catch((raw: unknown) => {
            throw fromAuthenticateError(raw)
          })
        const approved = toSession(session)
        const signed = auths?.[0]
          ? toSiwxSession(auths[0], oneClick, (payload, iss) =>
              provider.client.formatAuthMessage({ request: payload, iss }),
            )
          : undefined
        return signed ? { ...approved, signIn: signed } : approved
      }
      const onDisplayUri = (uri: unknown) => {
        if (mine !== attempt || typeof uri !== 'string' || !uri.startsWith('wc:')) return
        onEvent({ type: 'pairing', uri, expiresAt: Date.now() + pairingExpiryMs })
      }
      provider.on('display_uri', onDisplayUri)
      try {
        return await new Promise<ApprovedSession>((resolve, reject) => {
          let settled = false
          // Every pairing stays valid until it expires on its own; the first approved wins, and
          // only the latest one's failure counts (an old one expiring is expected).
          let pairings = 0
          const start = () => {
            const generation = ++pairings
            propose()
              .then((session) => {
                if (settled) return
                settled = true
                stopRefresh()
                evm?.reset()
                resolve(session)
              })
              .catch((error: unknown) => {
                if (settled || generation !== pairings || mine !== attempt) return
                settled = true
                stopRefresh()
                reject(toCodedError(error))
              })
            refreshTimer = setTimeout(() => {
              if (!settled && mine === attempt) start()
            }, pairingExpiryMs)
          }
          start()
        })
      } finally {
        provider.removeListener('display_uri', onDisplayUri)
      }
    },

    cancel() {
      attempt++
      stopRefresh()
    },

    async restore() {
      const provider = await load()
      const session = provider.session ?? provider.client.session.getAll()[0]
      if (!session) {
        return undefined
      }
      return toSession(session)
    },

    async disconnect() {
      stopRefresh()
      if (!universal) return
      const provider = await universal
      if (!provider.session) return
      try {
        await provider.disconnect()
      } catch (error) {
        throw toCodedError(error)
      }
    },

    getProvider(namespace: ChainNamespace) {
      if (!universal) return undefined
      if (namespace === 'eip155') return evmFacade
      return sessionNamespace(namespace)
    },

    subscribe(next) {
      handlers.add(next)
      return () => handlers.delete(next)
    },
  }
  return connector
}
