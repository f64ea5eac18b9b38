import { SessionUnreachableError } from '../errors/connection.js'
// A second implementation of the adapter and session-connector contracts, beside the real EVM
// adapter and WalletConnect connector: an in-memory wallet per namespace with knobs, so every
// action's rules and the concurrency cases can be unit-tested on core's source. It depends on
// core only through types.
import type {
  AdapterContext,
  ApprovedSession,
  CaipNetwork,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectResult,
  SessionConnector,
  SessionConnectorEvent,
  SessionHandlers,
  SessionSignInRequest,
} from '../types.js'

/** A promise that settles when the test says so. */
export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const network = (
  namespace: string,
  id: number | string,
  name: string,
  testnet?: boolean,
): CaipNetwork => ({
  id,
  caipNetworkId: `${namespace}:${id}`,
  chainNamespace: namespace,
  name,
  testnet,
  nativeCurrency: {
    name,
    symbol: namespace === 'solana' ? 'SOL' : 'ETH',
    decimals: namespace === 'solana' ? 9 : 18,
  },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  blockExplorers: { default: { name: 'Explorer', url: `https://explorer.example/${namespace}` } },
})

export interface MemoryWallet {
  /** Connectors present now (announced). */
  connectors: Connector[]
  accounts: string[]
  chainId: number | string
  /** The site is authorized (a reconnect succeeds without prompting). */
  authorized: boolean
  /** Answer the next connect with this error. */
  rejectNext: unknown
  /** Answer the next signature request with this error. */
  rejectSign: unknown
  /** Answer signature and transaction requests with this instead of 0x-hex. */
  answer: string | undefined
  /** Make connect / reconnect / getBalance wait for the test. */
  holdConnect: Deferred<void> | undefined
  holdReconnect: Deferred<void> | undefined
  holdBalance: Deferred<void> | undefined
  /** Answer reconnect with garbage, or never. */
  reconnectAnswer: 'normal' | 'garbage' | 'never' | 'throw'
  balance: string | Error
  switchError: unknown
  /** Every call, in order. */
  calls: string[]
  /** The network the last connect asked for. */
  lastConnectNetwork: CaipNetwork | undefined
  lastConnectParams: Readonly<Record<string, unknown>> | undefined
  context: AdapterContext | undefined
  /** Announces a connector (EIP-6963 style), as a late wallet does. */
  announce(connector: Connector): void
  /** The wallet switches account / chain / ends the session by itself. */
  changeAccounts(accounts: string[]): void
  changeChain(chainId: number | string): void
  endSession(): void
}

export function memoryAdapter(
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[],
  overrides: Partial<Pick<MemoryWallet, 'connectors' | 'accounts' | 'chainId' | 'authorized'>> = {},
): { adapter: ChainAdapter; wallet: MemoryWallet } {
  const wallet: MemoryWallet = {
    connectors: overrides.connectors ?? [
      {
        id: 'memory.wallet',
        type: 'ANNOUNCED',
        name: 'Memory Wallet',
        chain: namespace,
        rdns: 'memory.wallet',
        installed: true,
      },
    ],
    accounts: overrides.accounts ?? ['0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'],
    chainId: overrides.chainId ?? (networks[0]?.id as number | string),
    authorized: overrides.authorized ?? false,
    rejectNext: undefined,
    rejectSign: undefined,
    answer: undefined,
    holdConnect: undefined,
    holdReconnect: undefined,
    holdBalance: undefined,
    reconnectAnswer: 'normal',
    balance: '1234.5678',
    switchError: undefined,
    calls: [],
    lastConnectNetwork: undefined,
    lastConnectParams: undefined,
    context: undefined,
    announce(connector) {
      wallet.connectors = [...wallet.connectors.filter((c) => c.id !== connector.id), connector]
      wallet.context?.onConnectorsChanged(wallet.connectors)
    },
    changeAccounts(accounts) {
      wallet.accounts = accounts
      wallet.context?.onAccountsChanged(accounts)
    },
    changeChain(chainId) {
      wallet.chainId = chainId
      wallet.context?.onChainChanged(chainId)
    },
    endSession() {
      wallet.authorized = false
      wallet.context?.onDisconnect()
    },
  }
  let connectedWith: string | undefined
  const result = (connectorId: string): ConnectResult => ({
    address: wallet.accounts[0] as string,
    chainId: wallet.chainId,
    connectorId,
    connectorType: wallet.connectors.find((c) => c.id === connectorId)?.type ?? 'ANNOUNCED',
    accounts: wallet.accounts.map((address) => ({ address, type: 'eoa' as const })),
  })
  const adapter: ChainAdapter = {
    namespace,
    networks,
    setup(context) {
      wallet.context = context
      return () => {
        wallet.context = undefined
      }
    },
    getConnectors: () => wallet.connectors,
    async connect({ connectorId, caipNetwork, params }) {
      wallet.calls.push(`connect:${connectorId}`)
      wallet.lastConnectNetwork = caipNetwork
      wallet.lastConnectParams = params
      if (wallet.holdConnect) await wallet.holdConnect.promise
      if (wallet.rejectNext !== undefined) {
        const error = wallet.rejectNext
        wallet.rejectNext = undefined
        throw error
      }
      if (caipNetwork) wallet.chainId = caipNetwork.id
      wallet.authorized = true
      connectedWith = connectorId
      return result(connectorId)
    },
    async reconnect({ connectorId }) {
      wallet.calls.push(`reconnect:${connectorId}`)
      if (wallet.holdReconnect) await wallet.holdReconnect.promise
      if (wallet.reconnectAnswer === 'never') return new Promise<never>(() => {})
      if (wallet.reconnectAnswer === 'throw') throw new Error('The wallet is locked.')
      if (wallet.reconnectAnswer === 'garbage') return { address: 42 } as unknown as ConnectResult
      if (!wallet.authorized) return undefined
      connectedWith = connectorId
      return result(connectorId)
    },
    async attachSession({ connectorId, connectorType, provider, caipNetwork }) {
      wallet.calls.push(`attach:${connectorId}`)
      const session = provider as { accounts: string[]; chainId: string }
      return {
        address: session.accounts[0] as string,
        chainId: caipNetwork?.id ?? session.chainId,
        connectorId,
        connectorType,
      }
    },
    async disconnect() {
      wallet.calls.push('disconnect')
      connectedWith = undefined
    },
    async switchNetwork({ caipNetwork }) {
      wallet.calls.push(`switch:${caipNetwork.caipNetworkId}`)
      if (wallet.switchError !== undefined) {
        const error = wallet.switchError
        wallet.switchError = undefined
        throw error
      }
      wallet.changeChain(caipNetwork.id)
    },
    async addNetwork({ caipNetwork }) {
      wallet.calls.push(`add:${caipNetwork.caipNetworkId}`)
    },
    async signMessage({ message }) {
      wallet.calls.push('sign')
      if (wallet.rejectSign) {
        const error = wallet.rejectSign
        wallet.rejectSign = undefined
        throw error
      }
      return wallet.answer ?? `0x${Buffer.from(`signed:${message}`).toString('hex')}`
    },
    async sendTransaction() {
      wallet.calls.push('send')
      return wallet.answer ?? `0x${'ab'.repeat(32)}`
    },
    async getBalance({ caipNetwork }) {
      wallet.calls.push(`balance:${caipNetwork.caipNetworkId}`)
      if (wallet.holdBalance) await wallet.holdBalance.promise
      if (wallet.balance instanceof Error) throw wallet.balance
      return { balance: wallet.balance, symbol: caipNetwork.nativeCurrency.symbol }
    },
    getProvider: () => (connectedWith ? { connectedWith } : undefined),
  }
  return { adapter, wallet }
}

/** A session connector whose "wallet" approves what the test says, spanning namespaces. */
export interface MemorySession {
  connector: SessionConnector
  /** Resolves or rejects the running connect. */
  approve(session?: ApprovedSession): void
  reject(error: unknown): void
  /** The session a restore finds (undefined: none; 'unavailable': dependency down). */
  /** What restore finds: a session, none, a failure, or a wallet that cannot be reached. */
  stored: ApprovedSession | undefined | 'unavailable' | 'unreachable'
  handlers: Set<SessionHandlers>
  events: SessionConnectorEvent[]
  calls: string[]
  /** The one-click sign-in the last connect asked for. */
  lastSignIn: SessionSignInRequest | undefined
  /** The project's RPC endpoint the last connect was told of. */
  lastProjectRpcUrl: ((caipNetworkId: string) => string | undefined) | undefined
}

export function memorySession(
  id: string,
  type: 'WALLET_CONNECT' | 'AUTH',
  approved: ApprovedSession,
  supports: (network: CaipNetwork) => boolean = () => true,
): MemorySession {
  let running: Deferred<ApprovedSession> | undefined
  let live: ApprovedSession | undefined
  const state: MemorySession = {
    connector: undefined as unknown as SessionConnector,
    approve(session = approved) {
      running?.resolve(session)
    },
    reject(error) {
      running?.reject(error)
    },
    stored: undefined,
    handlers: new Set(),
    events: [],
    calls: [],
    lastSignIn: undefined,
    lastProjectRpcUrl: undefined,
  }
  state.connector = {
    id,
    name: `Session ${id}`,
    type,
    supports,
    async connect({ onEvent, signIn, projectRpcUrl }) {
      state.calls.push('connect')
      state.lastSignIn = signIn
      state.lastProjectRpcUrl = projectRpcUrl
      running = deferred()
      const event: SessionConnectorEvent = {
        type: 'pairing',
        uri: `wc:${id}-${state.calls.length}@2`,
        expiresAt: Date.now() + 60_000,
      }
      state.events.push(event)
      onEvent(event)
      live = await running.promise
      return live
    },
    cancel() {
      state.calls.push('cancel')
    },
    async restore() {
      state.calls.push('restore')
      if (state.stored === 'unavailable') throw new Error('relay unreachable')
      if (state.stored === 'unreachable') throw new SessionUnreachableError()
      live = state.stored
      return state.stored
    },
    async disconnect() {
      state.calls.push('disconnect')
      live = undefined
    },
    getProvider(namespace) {
      const approval = live?.namespaces[namespace]
      const [account] = approval?.accounts ?? []
      if (!account) return undefined
      const [, chainId, address] = account.split(':')
      return { accounts: [address], chainId }
    },
    subscribe(handlers) {
      state.handlers.add(handlers)
      return () => state.handlers.delete(handlers)
    },
  }
  return state
}
