import {
  type AdapterContext,
  type ChainAdapter,
  type Connector,
  type ConnectResult,
  type Eip155Transaction,
  InvalidWalletResponseError,
} from '@latch/core'
import {
  type Config,
  disconnect,
  getConnectors,
  reconnect,
  type Connector as WagmiConnector,
  watchConnectors,
} from '@wagmi/core'
import { type Chain, getAddress, isAddress } from 'viem'
import { toLatchConnector } from './connectors.js'
import { toCodedError } from './errors.js'
import type { EvmActionsHost } from './evmActions.js'
import { toCaipNetwork } from './network.js'
import { parseAddress, parseChainId } from './validate.js'
import { type GetConnectionReturnType, getConnection, watchConnection } from './wagmiConnection.js'

/** Options of {@link evmAdapter}. */
export interface EvmAdapterOptions {
  /** The app's own wagmi config (`createConfig` from `@wagmi/core` or `wagmi`). */
  config: Config
  /**
   * Whether the kit pings the project's RPC endpoint on open (spec §7's 'test' ping): once the
   * browser is idle after start-up, it asks the endpoint for the current chain's id, so the first
   * read finds the connection open and the chain proved. Only where the kit reads through the
   * endpoint (a `@latch/server`, no transport of the app's own). Default true; false skips it, and
   * the first read proves the chain instead.
   */
  rpcPing?: boolean
}

/** The adapter also exposes the wagmi config it drives, for apps that want it. */
export interface EvmAdapter extends ChainAdapter<Eip155Transaction> {
  readonly namespace: 'eip155'
  readonly config: Config
}

const SETTLE_TIMEOUT_MS = 2_000

const actions = () => import('./evmActions.js')
const calls = () => import('./calls.js')

/**
 * Loads the actions once the browser is idle after start-up, so a connect does not wait for them,
 * then runs `then` with them.
 */
function preloadActions(then?: (loaded: Awaited<ReturnType<typeof actions>>) => void): void {
  if (typeof window === 'undefined') return
  const load = () => void actions().then(then, () => {})
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load)
  else setTimeout(load, 200)
}

/** The app's HTTP transport URL for `chain`, read without I/O (calling a viem transport factory is pure). */
function transportUrl(config: Config, chain: Chain): string | undefined {
  const factory = (config as { _internal?: { transports?: Record<number, unknown> } })._internal
    ?.transports?.[chain.id]
  if (typeof factory !== 'function') return undefined
  try {
    const url = (factory({ chain, retryCount: 0 }) as { value?: { url?: unknown } }).value?.url
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the app's transport for `chain` is its own choice: a viem transport that still works
 * when the chain names no RPC URL. `http()` without a URL (falling back to the chain's public URL)
 * and a chain with no transport at all are no choice of the app's; then the kit reads that chain
 * through the project's RPC endpoint when the app has a server.
 */
function appChoseTransport(config: Config, chain: Chain): boolean {
  const factory = (config as { _internal?: { transports?: Record<number, unknown> } })._internal
    ?.transports?.[chain.id]
  if (typeof factory !== 'function') return false
  try {
    factory({ chain: { ...chain, rpcUrls: { default: { http: [] } } }, retryCount: 0 })
    return true
  } catch {
    return false
  }
}

function sameAccounts(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a?.length === b?.length && (a ?? []).every((x, i) => x === b?.[i])
}

/**
 * The EIP-155 adapter of Latch, on the app's wagmi config: a dapp that also uses wagmi hooks sees
 * the same connection. Creating it does no network I/O.
 *
 * @example
 * const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http('http://127.0.0.1:8545') } })
 * const latch = createLatch({ adapters: [evmAdapter({ config })], networks: … })
 */
export function evmAdapter({ config, rpcPing = true }: EvmAdapterOptions): EvmAdapter {
  const networks = config.chains.map((chain) => {
    const url = transportUrl(config, chain)
    return toCaipNetwork(chain, { rpcUrls: url ? [url] : undefined })
  })
  let provider: unknown

  function connectorOf(id: string): WagmiConnector | undefined {
    return getConnectors(config).find((connector) => connector.id === id)
  }

  async function rememberProvider(connector: WagmiConnector | undefined): Promise<void> {
    // Until wagmi reconnects, connections rehydrated from storage hold plain connector records.
    provider =
      typeof connector?.getProvider === 'function'
        ? await connector.getProvider().catch(() => undefined)
        : undefined
  }

  /** Validates what wagmi reports for a fresh connection; garbage ends the connection. */
  async function toConnectResult(connection: GetConnectionReturnType): Promise<ConnectResult> {
    const { connector } = connection
    if (!connector) throw new InvalidWalletResponseError({ what: 'connector' })
    try {
      const addresses = (connection.addresses ?? []).map((a) => parseAddress(a))
      const address = addresses[0]
      if (!address) throw new InvalidWalletResponseError({ what: 'account' })
      const chainId = parseChainId(connection.chainId)
      const latchConnector = toLatchConnector(connector)
      await rememberProvider(connector)
      return {
        address,
        chainId,
        connectorId: connector.id,
        connectorType: latchConnector.type,
        accounts: addresses.map((a) => ({ address: a, type: 'eoa' as const })),
        walletName: latchConnector.name,
        walletIcon: latchConnector.imageUrl,
      }
    } catch (error) {
      // No half-connected namespace: a wallet that answered garbage is disconnected again.
      await disconnect(config, { connector }).catch(() => undefined)
      throw error
    }
  }

  /** Waits until wagmi is neither connecting nor reconnecting (another caller may be reconnecting). */
  function settled(): Promise<GetConnectionReturnType> {
    const now = getConnection(config)
    if (now.status === 'connected' || now.status === 'disconnected') return Promise.resolve(now)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop()
        resolve(getConnection(config))
      }, SETTLE_TIMEOUT_MS)
      const stop = watchConnection(config, {
        onChange(connection) {
          if (connection.status !== 'connected' && connection.status !== 'disconnected') return
          clearTimeout(timer)
          stop()
          resolve(connection)
        },
      })
    })
  }

  async function reconnectTo({
    connectorId,
  }: {
    connectorId?: string | undefined
  }): Promise<ConnectResult | undefined> {
    const only = connectorId === undefined ? undefined : connectorOf(connectorId)
    if (connectorId !== undefined && !only) return undefined
    try {
      await reconnect(config, only ? { connectors: [only] } : undefined)
    } catch {
      return undefined
    }
    const connection = await settled()
    if (connection.status !== 'connected') return undefined
    if (connectorId !== undefined && connection.connector?.id !== connectorId) return undefined
    return toConnectResult(connection)
  }

  /** The project's RPC endpoint (from `setup`), for chains whose transport is not the app's own. */
  let projectRpcUrl: AdapterContext['projectRpcUrl']
  const host: EvmActionsHost = {
    config,
    connectorOf,
    toConnectResult,
    endpointClients: new Map(),
    endpointOf(chain) {
      return appChoseTransport(config, chain) ? undefined : projectRpcUrl?.(`eip155:${chain.id}`)
    },
  }

  return {
    namespace: 'eip155',
    networks,
    config,

    setup(context: AdapterContext) {
      projectRpcUrl = context.projectRpcUrl
      // The 'test' ping: a failed one is the first read's to report (it asks again).
      preloadActions(
        rpcPing
          ? (loaded) => void loaded.pingEndpoint(host, config.state.chainId).catch(() => {})
          : undefined,
      )
      let previous = getConnection(config)
      let kept = config.state.connections
      const stopConnection = watchConnection(config, {
        onChange(connection) {
          // wagmi's React `Hydrate` empties the connections on every render of `WagmiProvider` when
          // the config has no `ssr: true` and `reconnectOnMount` is false, while the wallet stays
          // connected and wagmi still names it current. Only that step leaves this state (a real
          // disconnect also drops `current`), so the session is put back rather than ended.
          const { current, connections, status } = config.state
          if (status === 'connected' && current !== null && !connections.has(current) && kept.has(current)) {
            const restored = kept
            config.setState((state) => ({ ...state, connections: new Map(restored) }))
            return
          }
          kept = connections
          const before = previous
          previous = connection
          if (connection.connector?.uid !== before.connector?.uid) void rememberProvider(connection.connector)
          if (connection.status === 'disconnected') {
            if (before.status !== 'disconnected') context.onDisconnect()
            return
          }
          if (connection.status !== 'connected') return
          if (!sameAccounts(connection.addresses, before.addresses) || before.status !== 'connected') {
            const accounts: string[] = []
            for (const address of connection.addresses ?? []) {
              try {
                accounts.push(parseAddress(address))
              } catch {
                // A garbage entry is dropped; the valid ones still describe the session.
              }
            }
            context.onAccountsChanged(accounts)
          }
          // wagmi keeps the raw chain id even when the app did not configure that chain.
          if (before.chainId !== undefined && connection.chainId !== before.chainId) {
            const chainId = connection.chainId
            if (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0)
              context.onChainChanged(chainId)
          }
        },
      })
      const stopConnectors = watchConnectors(config, {
        onChange(connectors) {
          context.onConnectorsChanged(connectors.map(toLatchConnector))
        },
      })
      return () => {
        stopConnection()
        stopConnectors()
      }
    },

    getConnectors(): readonly Connector[] {
      const seen = new Set<string>()
      const result: Connector[] = []
      for (const connector of getConnectors(config)) {
        if (seen.has(connector.id)) continue
        seen.add(connector.id)
        result.push(toLatchConnector(connector))
      }
      return result
    },

    // Connecting, signing, sending and reading balances load with import() on first use: the
    // first load carries only discovery, wallet events and the restore.
    async connect(parameters) {
      return (await actions()).connect(host, parameters)
    },
    async attachSession(parameters) {
      return (await actions()).attachSession(host, parameters)
    },
    reconnect: reconnectTo,
    async disconnect() {
      if (getConnection(config).status === 'disconnected') return
      try {
        await disconnect(config)
      } catch (error) {
        throw toCodedError(error, 'Failed to disconnect')
      }
      provider = undefined
    },
    async switchNetwork(parameters) {
      return (await actions()).switchNetwork(host, parameters)
    },
    async addNetwork(parameters) {
      return (await actions()).addNetwork(host, parameters)
    },
    async signMessage(parameters) {
      return (await actions()).signMessage(host, parameters)
    },
    async sendTransaction(parameters) {
      return (await actions()).sendTransaction(host, parameters)
    },
    parseRecipient(address) {
      // Strict: a mixed-case address must carry a valid EIP-55 checksum; all-lowercase is taken.
      return isAddress(address, { strict: true }) ? getAddress(address) : undefined
    },
    // ENS on Ethereum through the app's own RPC, loaded only when a view asks for a name.
    async lookupName(parameters) {
      return (await actions()).lookupName(host, parameters)
    },
    async resolveName(parameters) {
      return (await actions()).resolveName(host, parameters)
    },
    async prepareTransfer(parameters) {
      return (await actions()).prepareTransfer(host, parameters)
    },
    async waitForTransaction(parameters) {
      return (await actions()).waitForTransaction(host, parameters)
    },
    async getBalance(parameters) {
      return (await actions()).getBalance(host, parameters)
    },
    async verifyMessage(parameters) {
      return (await actions()).verifyMessage(host, parameters)
    },
    async request(parameters) {
      return (await actions()).request(host, parameters)
    },
    // EIP-5792 batches: the wallet's wallet_sendCalls, or the fallback documented in calls.ts.
    async sendCalls(parameters) {
      return (await calls()).sendCalls(config, parameters)
    },
    async getCallsStatus(parameters) {
      return (await calls()).getCallsStatus(config, parameters)
    },
    async getCapabilities(parameters) {
      return (await calls()).getCapabilities(config, parameters)
    },
    async showCallsStatus(parameters) {
      return (await calls()).showCallsStatus(config, parameters)
    },

    getProvider() {
      return provider
    },
  }
}
