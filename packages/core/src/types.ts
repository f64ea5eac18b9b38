/**
 * Shared types of the Latch core. Everything a chain adapter, the React package or an app
 * needs to talk about state is declared here, so that the rule modules stay free of cycles.
 */

import type { CallsAdapterMethods } from './calls.js'
import type {
  EmbeddedEmailUpdateStep,
  EmbeddedLoginStep,
  SessionCapabilities,
} from './embedded/capability.js'
import type { Alert } from './errors/alerts.js'
import type { SiwxMessageData, SiwxSession } from './siwx/types.js'

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

/**
 * Per-namespace account state (spec §3, "Account (per namespace)"). The balance's loading flag
 * and its last failure (the spec's balanceLoading and lastRetry) are the balance query's state:
 * `balanceQueryOptions`.
 */
export interface AccountState {
  status: AccountStatus
  caipAddress: CaipAddress | undefined
  address: string | undefined
  allAccounts: { address: string; type: AccountType }[]
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  addressExplorerUrl: string | undefined
  connectedWalletInfo: ConnectedWalletInfo | undefined
  connectorId: string | undefined
  addressLabels: Record<string, string>
  currentTab: number
  tokenBalance: unknown[]
  socialProvider: string | undefined
  farcasterUrl: string | undefined
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

/**
 * The views the modal has, each with the data it is opened with (spec §2, plus the Connecting
 * and Networks views of this kit). A view is added here together with its component: the React
 * package's view registry is a `Record` over these names, so a view without one does not compile.
 */
export interface ViewParams {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  /** The wallet guide ("New to wallets?"). */
  WhatIsAWallet: undefined
  /** A wallet being connected: its connector, and the namespace to connect when not the active one. */
  Connecting: { connectorId: string; namespace?: ChainNamespace | undefined }
  /** The WalletConnect pairing view: the session connector, and a registry wallet to pair with. */
  ConnectingWalletConnectBasic:
    | { connectorId?: string | undefined; walletId?: string | undefined }
    | undefined
  /** The embedded wallet's email login: device confirmation, code entry, authenticating. */
  EmbeddedWallet: { connectorId: string }
  /** Sign In With Farcaster through the embedded wallet: the link's QR code, then the wait. */
  ConnectingFarcaster: { connectorId: string }
  /** Changing the embedded wallet's login email: the new address, then a code to each address. */
  UpdateEmail: { connectorId: string }
  Networks: undefined
  /** Waiting for the wallet to switch to this network. */
  SwitchNetwork: { caipNetworkId: CaipNetworkId; namespace?: ChainNamespace | undefined }
  /** Switching to a network of another namespace. */
  SwitchActiveChain: { caipNetworkId: CaipNetworkId; namespace?: ChainNamespace | undefined }
  UnsupportedChain: undefined
  SIWXSignMessage: undefined
  /** An unsafe request of a session connector waits for approval in the wallet's own window. */
  ApproveTransaction: { connectorId: string; request?: ApprovalRequestKind }
  /** Sending the native coin or a token of the account's list; the form is in the state's `send`. */
  Send: undefined
  /** The account's address to receive on: QR, copy, the networks it works on. */
  Receive: undefined
  /**
   * Swapping one token of the account for another through the app's server's quotes (spec §2:
   * takes swap arguments). `from` and `to` are token addresses (the native coin's stand-in
   * 0xEeee…EEeE, or absent for it as `from`), `amount` a decimal in whole tokens.
   */
  Swap: { from?: string | undefined; to?: string | undefined; amount?: string | undefined } | undefined
  /**
   * Buying crypto with an on-ramp provider of the app's server (spec §2: the on-ramp purchase
   * view): the currency on the account's network, the amount to pay, the providers' quotes, then
   * the provider's checkout in a window of its own. `amount` is a decimal in the payment currency.
   */
  Onramp: { purchaseCurrency?: string | undefined; amount?: string | undefined } | undefined
}

/** What an approval asks, for the modal's title: sign a message, sign typed data, send a transaction. */
export type ApprovalRequestKind = 'message' | 'typedData' | 'send'

/** Every view of the modal. */
export type View = keyof ViewParams

/** Each view's history entry, by view name. */
export type Routes = {
  [V in View]: undefined extends ViewParams[V]
    ? { view: V; params?: ViewParams[V] }
    : { view: V; params: ViewParams[V] }
}

/** A view and its data: `{ view: 'SwitchNetwork', params: { caipNetworkId } }`. */
export type RouteEntry = Routes[View]

/** The data of any view (what a history entry may carry). */
export type RouteParams = Exclude<ViewParams[View], undefined>

/**
 * A pending action on top of the navigation (spec §2, "Transaction stack"). The entry in the
 * store is plain data; its callbacks are kept by the instance under `id`.
 */
export type TransactionStackEntry = {
  id: number
  /** How many views a success goes back (`true` is one). */
  goBack?: boolean | number | undefined
  replace?: boolean | undefined
} & (RouteEntry | { view?: undefined; params?: undefined })

/** The callbacks of a transaction-stack entry (kept outside the serialisable store). */
export interface TransactionCallbacks {
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

/** A hex string as EIP-1193 wallets return it (declared here so core needs no chain SDK). */
export type Hex = `0x${string}`

/**
 * A namespace's account address: `0x…` on eip155 (the type viem and wagmi take), the chain's own
 * encoding as a string elsewhere or when the namespace is not known. The adapters check the
 * format at run time, so the type holds.
 */
export type AddressOf<N extends ChainNamespace | undefined> = N extends 'eip155' ? Hex : string
/** A namespace's message signature: `0x…` on eip155, the chain's own encoding elsewhere. */
export type SignatureOf<N extends ChainNamespace | undefined> = N extends 'eip155' ? Hex : string

/** One account a wallet exposes, with its type as the adapter reports it. */
export interface ConnectedAccount {
  address: string
  type: AccountType
}

/** The result of a successful connect or reconnect, as an adapter reports it. */
export interface ConnectResult {
  /** The active account (the first of `accounts` when those are given). */
  address: string
  chainId: number | string
  connectorId: string
  connectorType: ConnectorType
  /** Every account the wallet exposes, typed by the adapter; defaults to `address` as an eoa. */
  accounts?: readonly ConnectedAccount[] | undefined
  walletName?: string | undefined
  walletIcon?: string | undefined
}

/** What the core tells an adapter it may call back. Adapters never touch the store directly. */
export interface AdapterContext {
  /** The wallet's accounts changed (also the first account after connect). Empty = disconnected. */
  onAccountsChanged(accounts: readonly (string | ConnectedAccount)[]): void
  /** The wallet is now on `chainId` (may be a chain the app did not configure). */
  onChainChanged(chainId: number | string): void
  /** The wallet ended the session. */
  onDisconnect(): void
  /** The list of connectors changed (e.g. an EIP-6963 wallet announced itself). */
  onConnectorsChanged(connectors: readonly Connector[]): void
  /**
   * The project's RPC endpoint on the app's `@latch/server` for a CAIP-2 network
   * (`{apiUrl}/v1/?chainId&projectId`), or undefined without `apiUrl` and `projectId`. An adapter
   * reads a network through it when the app gave no RPC URL of its own for that network; the
   * app's own transport always wins.
   */
  projectRpcUrl?(caipNetworkId: string): string | undefined
}

/** A transaction receipt as far as the core needs one. */
export interface TransactionReceipt {
  status: 'success' | 'reverted'
  /** The block (or slot) that included it, when the chain has one. */
  blockNumber?: bigint | undefined
}

/**
 * A chain adapter (one per namespace) serving that namespace's wallet connectors. Factories
 * return one; the core calls `setup` once, from `hydrate`, never at creation. The core checks
 * shapes only: each adapter validates its chain's formats (addresses, signatures, hashes) and
 * throws the kit's error classes.
 *
 * `Transaction` is the namespace's transaction request (for eip155: `{ to, value, data }`).
 */
export interface ChainAdapter<Transaction extends object = object> extends CallsAdapterMethods {
  readonly namespace: ChainNamespace
  readonly networks: readonly CaipNetwork[]
  /** Subscribe to wallet events and start discovery. No network I/O. Returns a teardown. */
  setup(context: AdapterContext): () => void
  getConnectors(): readonly Connector[]
  /**
   * Connects one of the namespace's connectors. `caipNetwork` is the network the visitor picked
   * (the wallet is asked to start there); `params` are passed through from `connect` unchanged.
   */
  connect(parameters: {
    connectorId: string
    caipNetwork?: CaipNetwork | undefined
    params?: Readonly<Record<string, unknown>> | undefined
  }): Promise<ConnectResult>
  /**
   * Restores the previous session of a connector that is present, without prompting. Resolves
   * undefined only when the wallet says the site is not authorized (the stored session is then
   * forgotten); throws when it cannot tell (the stored session is kept).
   */
  reconnect(parameters: { connectorId: string }): Promise<ConnectResult | undefined>
  /**
   * Connects through the namespace's part of a session connector's session (WalletConnect, the
   * embedded wallet), so the usual actions sign and send through it.
   */
  attachSession?(parameters: {
    connectorId: string
    connectorType: ConnectorType
    provider: unknown
    walletName: string
    walletIcon?: string | undefined
    /** The network to be on: the visitor's last one when the session approved it. */
    caipNetwork?: CaipNetwork | undefined
  }): Promise<ConnectResult>
  disconnect(): Promise<void>
  /** Ask the wallet to switch. Rejects with the wallet's error (it carries `code`). */
  switchNetwork(parameters: { caipNetwork: CaipNetwork }): Promise<void>
  /** Ask the wallet to add the network (EIP-3085 for eip155). */
  addNetwork?(parameters: { caipNetwork: CaipNetwork }): Promise<void>
  /** Signs `message`; resolves with the signature in the chain's own encoding. */
  signMessage(parameters: { message: string; address: string }): Promise<string>
  /** Sends the namespace's transaction; resolves with its id (hash, signature…). */
  sendTransaction(parameters: { transaction: Transaction; caipNetwork: CaipNetwork }): Promise<string>
  /**
   * A recipient typed by the visitor in the chain's canonical form (EIP-55 for eip155), or
   * undefined when it is not an address of this chain (a wrong mixed-case checksum included).
   */
  parseRecipient?(address: string): string | undefined
  /**
   * The primary name of `address` on the chain's name service (ENS for eip155, read on Ethereum
   * through the app's own RPC of chain 1) and its `avatar` text record as written, or null when
   * it has none (or the app has no Ethereum network).
   */
  lookupName?(parameters: { address: string }): Promise<{ name: string; avatar: string | undefined } | null>
  /**
   * The address a name (e.g. 'alice.eth') points at on the chain's name service, in the chain's
   * canonical form, or null when it is not a valid name or points nowhere.
   */
  resolveName?(parameters: { name: string }): Promise<string | null>
  /**
   * The transaction that moves `amount` (smallest unit) of the native coin, or of the token
   * contract `token`, from `from` to `to`, and the network fee estimated for it (smallest unit
   * of the native coin).
   */
  prepareTransfer?(parameters: {
    from: string
    to: string
    amount: bigint
    token?: string | undefined
    caipNetwork: CaipNetwork
  }): Promise<{ transaction: Transaction; fee: bigint }>
  /** Resolves when the transaction is included. */
  waitForTransaction?(parameters: { hash: string; caipNetwork: CaipNetwork }): Promise<TransactionReceipt>
  /**
   * `false`: the adapter reads no balance (spec §6 has balances for eip155 and solana only), so the
   * kit neither asks nor shows one for its accounts. Absent or `true`: `getBalance` is used.
   */
  readonly balances?: boolean | undefined
  /** The native balance as a decimal string in whole units (e.g. '1.5' ETH). */
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
  /**
   * Signs a sign-in message with the wallet's own sign-in feature (Wallet Standard
   * `solana:signIn`), given its fields and the text the app formatted; resolves with the exact
   * text the wallet signed and the signature. Without it the kit signs the text with
   * `signMessage`.
   */
  signSiwx?(parameters: {
    data: SiwxMessageData
    message: string
    address: string
  }): Promise<{ message: string; signature: string }>
  /** A raw request to the connected wallet (EIP-1193 `request` for eip155). */
  request?(parameters: { method: string; params?: unknown }): Promise<unknown>
  /** The connected wallet's provider (EIP-1193 for eip155), for apps that need it. */
  getProvider(): unknown
}

export type ThemeMode = 'light' | 'dark'

/** The modal's corner scale: `none` 0, `small` 8px, `medium` 16px (the default), `large` 24px. */
export type ThemeRadius = 'none' | 'small' | 'medium' | 'large'

export interface ThemeVariables {
  /** Accent colour (any CSS colour): primary buttons, focus, spinners. */
  '--latch-accent'?: string
  /** Text on the accent colour (any CSS colour). */
  '--latch-accent-foreground'?: string
  /** A CSS font-family list. */
  '--latch-font-family'?: string
  /** A step of the corner scale, or a CSS length (`12px`, `1rem`); controls get three quarters of it. */
  '--latch-border-radius'?: ThemeRadius | string
  /** The modal's width on wide screens: a CSS length from 280px to 720px (`400px`, `26rem`). */
  '--latch-modal-width'?: string
  /** The colour laid over the page behind the modal (any CSS colour, usually translucent). */
  '--latch-overlay-color'?: string
  /** The blur of the page behind the modal: a CSS length (`0`, `4px`). */
  '--latch-overlay-blur'?: string
  /** A colour mixed into the modal's surfaces (AppKit's `--w3m-color-mix`). */
  '--latch-color-mix'?: string
  /** How much of `--latch-color-mix` goes in, 0 to 100 (percent). */
  '--latch-color-mix-strength'?: number
  /** The stacking order of the modal and its overlay. */
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
  /** Image URL from the server (`/getWalletImage/{id}`), or the snapshot's bundled logo as a data URL. */
  imageUrl?: string | undefined
  rdns?: string | undefined
  chains: readonly string[]
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
  /** The wallet's site, where it can always be installed from. */
  homepage?: string | undefined
  /** The wallet's page on the Chrome Web Store (its browser extension). */
  chromeStore?: string | undefined
  /** The wallet's page on the App Store and on Google Play. */
  appStore?: string | undefined
  playStore?: string | undefined
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

/** The visitor behind an embedded-wallet session (spec §3, "User payload"). */
export interface SessionUser {
  email?: string | undefined
  username?: string | undefined
  /** The social provider the embedded wallet's login came from (account state's socialProvider). */
  socialProvider?: string | undefined
}

/** What a session connector's wallet approved (spec §3, "Wallet session"). */
export interface ApprovedSession {
  /** Approved accounts (CAIP-10) and chains (CAIP-2), per namespace. */
  namespaces: Readonly<Record<string, { accounts: readonly string[]; chains: readonly string[] }>>
  /** Unix seconds; 0 when the session does not expire by itself. */
  expiry: number
  /** The wallet's own description of itself (validated: name text, https/data icon only). */
  wallet: { name: string; icon?: string | undefined }
  /** Session-level data: the same for every namespace of the session. */
  user?: SessionUser | undefined
  preferredAccountType?: AccountType | undefined
  smartAccountDeployed?: boolean | undefined
  /** The EVM chains (numeric references) the wallet runs smart accounts on (spec §3). */
  smartAccountEnabledNetworks?: readonly number[] | undefined
  /**
   * The sign-in the wallet signed with its approval (one-click sign-in), when the connect asked
   * for one (`signIn`) and the wallet answered it; not yet verified.
   */
  signIn?: SiwxSession | undefined
}

/**
 * A one-click sign-in asked with a session proposal (WalletConnect's `authenticate`): the
 * wallet picks the account and chain, and signs a message with these fields.
 */
export interface SessionSignInRequest {
  /** CAIP-2 chains the wallet may sign in on (eip155 only). */
  chains: readonly string[]
  domain: string
  uri: string
  nonce: string
  statement?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** What a session connector reports while a connect attempt runs. */
export type SessionConnectorEvent =
  /** A pairing URI to show (QR code, deep link); replaced on every refresh. */
  | { type: 'pairing'; uri: string; expiresAt: number }
  /** The connector needs the modal to show a view (code entry, approval…). */
  | ({ type: 'view' } & RouteEntry)
  /**
   * An unsafe request waits for the visitor in the wallet's own window (the embedded frame):
   * `start` opens ApproveTransaction; `end` closes or pops it, and a success refreshes the
   * native balance (spec §4).
   */
  | { type: 'approval'; phase: 'start'; requestId: string; request?: ApprovalRequestKind }
  | { type: 'approval'; phase: 'end'; requestId: string; outcome: 'success' | 'error' }

/** What a session connector tells the core about a live session. */
export interface SessionHandlers {
  onAccountsChanged(namespace: ChainNamespace, accounts: readonly string[]): void
  /** `reference` is the CAIP-2 reference (`8453`, a genesis hash…). */
  onChainChanged(namespace: ChainNamespace, reference: string): void
  /** The wallet ended the session, or it expired. */
  onSessionEnded(reason: 'deleted' | 'expired'): void
  /** A request for the modal outside a connect attempt (an approval the wallet needs). */
  onEvent?(event: SessionConnectorEvent): void
  /** An alert to show in the modal (the embedded frame failed to load, a request timed out). */
  onAlert?(alert: Alert): void
  /**
   * Whether the wallet answers: false when it could not be reached (its alerts stay up), true
   * once it answers again (the alerts it raised go, and an "offline" session is live again).
   */
  onReachable?(reachable: boolean): void
  /** The connector's own flows moved on (the embedded wallet's email login or email change). */
  onFlowChanged?(flows: { login: EmbeddedLoginStep; emailUpdate: EmbeddedEmailUpdateStep }): void
  /** The session's user data changed (e.g. the embedded wallet's login email was updated). */
  onUserChanged?(user: SessionUser): void
  /** A short message for the visitor, outside any view (spec §5: 'Action not allowed'). */
  onToast?(toast: { id: 'ACTION_NOT_ALLOWED' | 'WALLET_WINDOW_CLOSED'; message: string }): void
}

/**
 * A connector whose one session spans namespaces (WalletConnect, the embedded wallet). The core
 * drives it without knowing which one it is; its libraries load only when it is first used.
 */
export interface SessionConnector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly imageUrl?: string | undefined
  /** Whether it can serve this network (its namespace and chain). */
  supports(network: CaipNetwork): boolean
  /**
   * Proposes a session for the networks it supports. Reports pairing URIs and view requests
   * through `onEvent`; resolves with what the wallet approved. `params` come from the caller
   * unchanged (e.g. a one-click sign-in request).
   */
  connect(parameters: {
    networks: readonly CaipNetwork[]
    metadata?: AppMetadata | undefined
    params?: Readonly<Record<string, unknown>> | undefined
    /**
     * With `siwx` on and only eip155 networks proposed: a sign-in to ask with the proposal, so
     * one approval connects and signs in. A connector that cannot ignores it.
     */
    signIn?: SessionSignInRequest | undefined
    /**
     * The project's RPC endpoint on the app's `@latch/server` for a network (undefined without a
     * server), for a network with no RPC URL of the app's own.
     */
    projectRpcUrl?(caipNetworkId: string): string | undefined
    onEvent(event: SessionConnectorEvent): void
  }): Promise<ApprovedSession>
  /** Stops the pending attempt's refreshes (the visitor left); a late approval may still arrive. */
  cancel(): void
  /** Aborts the unsafe requests waiting for approval ('Request was aborted'), if it has any. */
  abortRequests?(): void
  /**
   * The stored session, if one survives; undefined when it ended. Throws when its dependency is
   * unavailable (relay down, frame not loaded): the core then keeps the stored session.
   */
  restore(parameters: { networks: readonly CaipNetwork[] }): Promise<ApprovedSession | undefined>
  /** Ends the shared session, once, for every namespace on it. */
  disconnect(): Promise<void>
  /**
   * The app's theme, now and whenever it changes, for a connector that renders screens of its own
   * (the embedded wallet's frame). Never waits on the network.
   */
  syncTheme?(theme: { themeMode: ThemeMode; themeVariables: ThemeVariables }): void
  /**
   * What this connector can do beyond a session, each ability one typed interface (the embedded
   * wallet's email flow, export and wallet window). Core and the modal look here, never at the
   * connector's shape.
   */
  readonly capabilities?: SessionCapabilities | undefined
  /** The provider of one namespace of the live session (EIP-1193 for eip155); sync once connected. */
  getProvider(namespace: ChainNamespace): unknown
  subscribe(handlers: SessionHandlers): () => void
}
