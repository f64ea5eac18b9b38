import {
  type AdapterContext,
  AdapterOrConnectorNotFoundError,
  type ChainAdapter,
  type Connector,
  type ConnectResult,
  type Eip155Transaction,
  InvalidWalletResponseError,
  NoRpcUrlError,
  NotConnectedError,
} from '@latch/core'
import {
  type Config,
  connect,
  disconnect,
  type GetConnectionReturnType,
  getConnection,
  getConnectors,
  getPublicClient,
  reconnect,
  sendTransaction,
  signMessage,
  verifyMessage,
  type Connector as WagmiConnector,
  waitForTransactionReceipt,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { type Chain, formatUnits, type Hex, numberToHex } from 'viem'
import { toLatchConnector } from './connectors.js'
import { toCodedError } from './errors.js'
import { toAddEthereumChainParameter, toCaipNetwork, toEvmChainId } from './network.js'
import { providerConnector } from './providerConnector.js'
import {
  assertAddressArgument,
  assertHexArgument,
  parseAddress,
  parseChainId,
  parseSignature,
  parseTransactionHash,
} from './validate.js'

/** Options of {@link evmAdapter}. */
export interface EvmAdapterOptions {
  /** The app's own wagmi config (`createConfig` from `@wagmi/core` or `wagmi`). */
  config: Config
}

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/** The adapter also exposes the wagmi config it drives, for apps that want it. */
export interface EvmAdapter extends ChainAdapter<Eip155Transaction> {
  readonly namespace: 'eip155'
  readonly config: Config
}

const SETTLE_TIMEOUT_MS = 2_000

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
export function evmAdapter({ config }: EvmAdapterOptions): EvmAdapter {
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

  async function connectedProvider(): Promise<Eip1193> {
    const { connector, status } = getConnection(config)
    if (status !== 'connected' || !connector) throw new NotConnectedError()
    const current = (await connector.getProvider()) as Eip1193 | undefined
    if (!current || typeof current.request !== 'function')
      throw new InvalidWalletResponseError({ what: 'provider' })
    return current
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

  return {
    namespace: 'eip155',
    networks,
    config,

    setup(context: AdapterContext) {
      let previous = getConnection(config)
      const stopConnection = watchConnection(config, {
        onChange(connection) {
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

    async connect({ connectorId, caipNetwork }) {
      const connector = connectorOf(connectorId)
      if (!connector) throw new AdapterOrConnectorNotFoundError({ namespace: 'eip155' })
      const chainId = caipNetwork ? toEvmChainId(caipNetwork) : undefined
      const current = getConnection(config)
      if (current.status === 'connected' && current.connector?.uid === connector.uid)
        return toConnectResult(current)
      const configured = config.chains.some((chain) => chain.id === chainId) ? (chainId as number) : undefined
      try {
        await connect(config, { connector, chainId: configured })
      } catch (error) {
        throw toCodedError(error, 'The wallet did not connect.')
      }
      return toConnectResult(getConnection(config))
    },

    async attachSession({ connectorId, provider: given, walletName, walletIcon, caipNetwork }) {
      const eip1193 = given as Parameters<typeof providerConnector>[0]['provider'] | undefined
      if (!eip1193 || typeof eip1193.request !== 'function')
        throw new InvalidWalletResponseError({ what: 'eip155 provider' })
      const chainId = caipNetwork ? toEvmChainId(caipNetwork) : undefined
      const current = getConnection(config)
      if (current.status === 'connected') await disconnect(config).catch(() => undefined)
      try {
        await connect(config, {
          connector: providerConnector({
            id: connectorId,
            name: walletName,
            type: 'walletConnect',
            icon: walletIcon,
            provider: eip1193,
          }),
          chainId: config.chains.some((chain) => chain.id === chainId) ? chainId : undefined,
        })
      } catch (error) {
        throw toCodedError(error, 'The wallet did not connect.')
      }
      return toConnectResult(getConnection(config))
    },

    async reconnect({ connectorId }) {
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
    },

    async disconnect() {
      if (getConnection(config).status === 'disconnected') return
      try {
        await disconnect(config)
      } catch (error) {
        throw toCodedError(error, 'Failed to disconnect')
      }
      provider = undefined
    },

    async switchNetwork({ caipNetwork }) {
      const chainId = toEvmChainId(caipNetwork)
      const wallet = await connectedProvider()
      try {
        await wallet.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
      } catch (error) {
        throw toCodedError(error, `Failed to switch to chain ${chainId}.`)
      }
    },

    async addNetwork({ caipNetwork }) {
      const wallet = await connectedProvider()
      try {
        await wallet.request({
          method: 'wallet_addEthereumChain',
          params: [toAddEthereumChainParameter(caipNetwork)],
        })
      } catch (error) {
        throw toCodedError(error, `Failed to add chain ${caipNetwork.caipNetworkId}.`)
      }
    },

    async signMessage({ message, address }) {
      const account = assertAddressArgument(address, 'signer')
      let signature: unknown
      try {
        signature = await signMessage(config, { message, account })
      } catch (error) {
        throw toCodedError(error, 'Signature declined')
      }
      return parseSignature(signature)
    },

    async sendTransaction({ transaction, caipNetwork }) {
      const { to, value, data } = transaction
      if (value !== undefined && typeof value !== 'bigint')
        throw new InvalidWalletResponseError({ what: 'transaction value' })
      const request = {
        to: assertAddressArgument(to, 'recipient'),
        value,
        data: assertHexArgument(data, 'transaction data'),
        chainId: toEvmChainId(caipNetwork),
      }
      let hash: unknown
      try {
        hash = await sendTransaction(config, request)
      } catch (error) {
        throw toCodedError(error, 'The transaction was not sent.')
      }
      return parseTransactionHash(hash)
    },

    async waitForTransaction({ hash, caipNetwork }) {
      const receipt = await waitForTransactionReceipt(config, {
        hash: parseTransactionHash(hash),
        chainId: toEvmChainId(caipNetwork),
      })
      return { status: receipt.status, blockNumber: receipt.blockNumber }
    },

    async getBalance({ address, caipNetwork }) {
      const chainId = toEvmChainId(caipNetwork)
      // A plain eth_getBalance on the app's transport: wagmi's getBalance goes through
      // multicall3 by default, which a fresh local node does not have.
      const client = getPublicClient(config, { chainId })
      if (!client) throw new NoRpcUrlError({ chainId })
      const raw = await client.request({
        method: 'eth_getBalance',
        params: [assertAddressArgument(address, 'account'), 'latest'],
      })
      if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw))
        throw new InvalidWalletResponseError({ what: 'balance' })
      const { decimals, symbol } = caipNetwork.nativeCurrency
      return { balance: formatUnits(BigInt(raw), decimals), symbol }
    },

    async verifyMessage({ address, message, signature, caipNetwork }) {
      return verifyMessage(config, {
        address: assertAddressArgument(address, 'signer'),
        message,
        signature: parseSignature(signature) as Hex,
        chainId: toEvmChainId(caipNetwork),
      })
    },

    async request({ method, params }) {
      const wallet = await connectedProvider()
      try {
        return await wallet.request({ method, params })
      } catch (error) {
        throw toCodedError(error, `The wallet failed ${method}.`)
      }
    },

    getProvider() {
      return provider
    },
  }
}
