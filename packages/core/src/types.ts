/**
 * Shared types of the Latch core. Everything a chain adapter, the React package or an app
 * needs to talk about state is declared here, so that the rule modules stay free of cycles.
 */

/** A CAIP-2 namespace. The five the kit knows by name, plus any other string. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos' | (string & {})

/** CAIP-2 chain id, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${string}:${string}:${string}`

/** A network as the kit describes it (spec §3, "Network (CAIP)"). */
export interface CaipNetwork {
  /** The chain's own id: a number for eip155, a string (genesis hash, …) elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  testnet?: boolean | undefined
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } } | undefined
  assets?: { imageId?: string | undefined; imageUrl?: string | undefined } | undefined
}

export type AccountStatus = 'connecting' | 'connected' | 'disconnected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export type ConnectorType = 'INJECTED' | 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL' | 'MULTI_CHAIN'

/** A way to connect a wallet, as an adapter reports it. */
export interface Connector {
  /** Unique within the namespace; for EIP-6963 wallets this is the rdns. */
  id: string
  type: ConnectorType
  name: string
  chain: ChainNamespace
  /** data: or https: image. Shown through an <img>, never as HTML. */
  imageUrl?: string | undefined
  rdns?: string | undefined
  /** Registry id, when the wallet is known to the registry. */
  explorerId?: string | undefined
  /** True when the wallet's extension is present in this browser. */
  installed?: boolean | undefined
}

export interface ConnectedWalletInfo {
  name: string
  icon?: string | undefined
  type?: ConnectorType | undefined
}

/** Per-namespace account state (spec §3, "Account (per namespace)"). */
export interface AccountState {
  status: AccountStatus
  caipAddress: CaipAddress | undefined
  address: string | undefined
  allAccounts: { address: string; type: AccountType }[]
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  profileName: string | undefined
  profileImage: string | undefined
  addressExplorerUrl: string | undefined
  connectedWalletInfo: ConnectedWalletInfo | undefined
  connectorId: string | undefined
  preferredAccountType: AccountType | undefined
  addressLabels: Record<string, string>
  currentTab: number
  tokenBalance: unknown[]
  smartAccountDeployed: boolean
  user: { username?: string | undefined; email?: string | undefined } | undefined
  socialProvider: string | undefined
  farcasterUrl: string | undefined
  lastRetry: number | undefined
}

/** Per-namespace network state (spec §3, "Network state (per namespace)"). */
export interface NetworkState {
  caipNetwork: CaipNetwork | undefined
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: number[]
  approvedCaipNetworkIds: CaipNetworkId[]
  requestedCaipNetworks: CaipNetwork[]
  /** The wallet is on a chain the app did not configure. */
  unsupported: boolean
}

export interface NamespaceState {
  account: AccountState
  network: NetworkState
}

/** Every view of the modal (spec §2, plus the Connecting and Networks views of this kit). */
export type View =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'Connecting'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingFarcaster'
  | 'Networks'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  | 'Swap'
  | 'OnRamp'

/** Data a view can be opened with; kept per history entry. */
export interface RouteParams {
  connectorId?: string | undefined
  caipNetworkId?: CaipNetworkId | undefined
  namespace?: ChainNamespace | undefined
  /** A registry wallet (AllWallets → connect through it). */
  walletId?: string | undefined
  swap?: { fromToken?: string; toToken?: string; amount?: string } | undefined
}

export interface RouteEntry {
  view: View
  params?: RouteParams | undefined
}

/** A pending action on top of the navigation (spec §2, "Transaction stack"). */
export interface TransactionStackEntry {
  view?: View | undefined
  goBack?: boolean | undefined
  replace?: boolean | undefined
  onSuccess?: (() => void) | undefined
  onError?: ((error: unknown) => void) | undefined
  onCancel?: (() => void) | undefined
}

export interface RouterState {
  history: RouteEntry[]
  transactionStack: TransactionStackEntry[]
}

export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
}

/** The result of a successful connect or reconnect. */
export interface ConnectResult {
  address: string
  chainId: number | string
  connectorId: string
  connectorType: ConnectorType
  allAccounts?: string[] | undefined
  walletName?: string | undefined
  walletIcon?: string | undefined
}

/** What the core tells an adapter it may call back. Adapters never touch the store directly. */
export interface AdapterContext {
  /** The wallet's accounts changed (also the first account after connect). Empty = disconnected. */
  onAccountsChanged(accounts: readonly string[]): void
  /** The wallet is now on `chainId` (may be a chain the app did not configure). */
  onChainChanged(chainId: number | string): void
  /** The wallet ended the session. */
  onDisconnect(): void
  /** The list of connectors changed (e.g. an EIP-6963 wallet announced itself). */
  onConnectorsChanged(connectors: readonly Connector[]): void
}

/**
 * A chain adapter (one per namespace). Factories return one; the core calls `setup` once,
 * from the first explicit action or subscription, never at creation.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  readonly networks: readonly CaipNetwork[]
  /** Subscribe to wallet events and start discovery. No network I/O. Returns a teardown. */
  setup(context: AdapterContext): () => void
  getConnectors(): readonly Connector[]
  connect(parameters: { connectorId: string; chainId?: number | string | undefined }): Promise<ConnectResult>
  /** Restore the previous session without prompting; undefined when there is none. */
  reconnect(parameters: { connectorId?: string | undefined }): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  /** Ask the wallet to switch. Rejects with the wallet's error (it carries `code`). */
  switchNetwork(parameters: { caipNetwork: CaipNetwork }): Promise<void>
  /** Ask the wallet to add the network (EIP-3085 for eip155). */
  addNetwork?(parameters: { caipNetwork: CaipNetwork }): Promise<void>
  signMessage(parameters: { message: string; address: string }): Promise<string>
  sendTransaction(parameters: {
    to: string
    value?: bigint | undefined
    data?: string | undefined
    caipNetwork: CaipNetwork
  }): Promise<string>
  /** Resolves when the transaction is included; rejects when it reverted. */
  waitForTransaction?(parameters: {
    hash: string
    caipNetwork: CaipNetwork
  }): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint }>
  getBalance(parameters: {
    address: string
    caipNetwork: CaipNetwork
  }): Promise<{ balance: string; symbol: string }>
  /** Verify a signature made by `address` over `message`. */
  verifyMessage?(parameters: {
    address: string
    message: string
    signature: string
    caipNetwork: CaipNetwork
  }): Promise<boolean>
  /** The connected wallet's provider (EIP-1193 for eip155), for apps that need it. */
  getProvider(): unknown
  /**
   * Connects through a provider the kit already holds (the namespace's part of a WalletConnect
   * session), so the usual actions sign and send through it.
   */
  connectProvider?(parameters: {
    connectorId: string
    connectorType: ConnectorType
    provider: unknown
    walletName: string
    walletIcon?: string | undefined
  }): Promise<ConnectResult>
}

export type ThemeMode = 'light' | 'dark'

export interface ThemeVariables {
  /** Accent colour (any CSS colour). */
  '--latch-accent'?: string
  '--latch-font-family'?: string
  '--latch-border-radius'?: string
  '--latch-z-index'?: number | string
}

export interface AppMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** A wallet of the registry (server or bundled snapshot), spec §3 "Wallet list item". */
export interface RegistryWallet {
  id: string
  name: string
  /** Image URL from the server (`/getWalletImage/{id}`); absent for the snapshot (initials drawn). */
  imageUrl?: string | undefined
  rdns?: string | undefined
  chains: readonly string[]
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
}

/** Wallet list state (spec §3): what AllWallets shows. */
export interface RegistryState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** Where the list came from: the app's @latch/server, or the snapshot bundled with the kit. */
  source: 'server' | 'snapshot' | undefined
  featured: readonly RegistryWallet[]
  recommended: readonly RegistryWallet[]
  /** Pages loaded so far, in order. */
  wallets: readonly RegistryWallet[]
  /** Total the source reports. */
  count: number
  /** Last page loaded (1-based); 0 before the first. */
  page: number
  search: {
    query: string
    status: 'idle' | 'loading' | 'ready' | 'error'
    results: readonly RegistryWallet[]
  }
}

/** Remote project config (spec §3 "Remote features"), full mode only. */
export interface RemoteFeatures {
  email: boolean
  socials: readonly string[] | false
  swaps: boolean
  onramp: boolean
  activity: boolean
  reownBranding: boolean
}

/** A WalletConnect session as the core uses it (spec §3, "Wallet session"). */
export interface WalletConnectSession {
  topic: string
  /** Approved accounts (CAIP-10) and chains (CAIP-2) per namespace. */
  namespaces: Record<string, { accounts: readonly string[]; chains: readonly string[] }>
  /** Unix seconds. */
  expiry: number
  /** The wallet's own description of itself (validated: name text, https/data icon only). */
  peer: { name: string; icon?: string | undefined }
}

/** What a WalletConnect connector tells the core about a live session. */
export interface WalletConnectHandlers {
  onAccountsChanged(namespace: ChainNamespace, accounts: readonly string[]): void
  /** `chainId` is the CAIP-2 reference (`8453`, a genesis hash…). */
  onChainChanged(namespace: ChainNamespace, chainId: string): void
  /** session_delete or session_expire. */
  onSessionEnded(reason: 'deleted' | 'expired'): void
}

/**
 * A WalletConnect connector (`walletConnect()` of `@latch/walletconnect`). The core drives it;
 * the WalletConnect libraries load only when it is first used.
 */
export interface WalletConnectConnector {
  readonly id: 'walletConnect'
  readonly name: string
  /** How long a shown pairing URI stays valid before it is replaced, in milliseconds. */
  readonly pairingExpiryMs: number
  /**
   * Proposes a session for the networks. `onUri` receives each pairing URI as it is produced
   * (again on every refresh, when the previous one expires). Resolves with the approved session.
   */
  connect(parameters: {
    networks: readonly CaipNetwork[]
    onUri(uri: string, expiresAt: number): void
  }): Promise<WalletConnectSession>
  /** Stops refreshing the pending pairing (the user left the view). */
  cancel(): void
  /** The stored session, if one survives; loads the libraries only when one was stored. */
  restore(parameters: { networks: readonly CaipNetwork[] }): Promise<WalletConnectSession | undefined>
  disconnect(): Promise<void>
  /** The provider of one namespace of the session (EIP-1193 for eip155). */
  getProvider(namespace: ChainNamespace): unknown
  subscribe(handlers: WalletConnectHandlers): () => void
  /** The QR code of `text`, as rows of dark (true) and light modules. */
  encodeQr(text: string): Promise<boolean[][]>
}
