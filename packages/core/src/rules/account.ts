import type {
  AccountState,
  AccountType,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  NetworkState,
} from '../types.js'

/** A namespace with nobody connected. */
export function createAccountState(): AccountState {
  return {
    status: 'disconnected',
    caipAddress: undefined,
    address: undefined,
    allAccounts: [],
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    connectedWalletInfo: undefined,
    connectorId: undefined,
    addressLabels: {},
    currentTab: 0,
    tokenBalance: [],
    socialProvider: undefined,
    farcasterUrl: undefined,
  }
}

export function createNetworkState(): NetworkState {
  return {
    caipNetwork: undefined,
    supportsAllNetworks: true,
    smartAccountEnabledNetworks: [],
    approvedCaipNetworkIds: [],
    requestedCaipNetworks: [],
    unsupported: false,
  }
}

export interface ConnectedPayload {
  address: string
  caipNetworkId: CaipNetworkId
  allAccounts?: readonly { address: string; type: AccountType }[] | undefined
  connectorId: string
  walletInfo?: ConnectedWalletInfo | undefined
  addressExplorerUrl?: string | undefined
  /** The social provider of an embedded wallet's login (spec §3 socialProvider). */
  socialProvider?: string | undefined
}

/** Every change to a namespace's account (spec §4, "Account status per namespace"). */
export type AccountAction =
  | { type: 'connecting' }
  | ({ type: 'connected' } & ConnectedPayload)
  | {
      type: 'accountsChanged'
      accounts: readonly { address: string; type: AccountType }[]
      /** The namespace's network, or undefined while it is on a chain the app did not configure. */
      caipNetworkId: CaipNetworkId | undefined
      addressExplorerUrl?: string | undefined
    }
  | { type: 'balance'; phase: 'loaded'; balance: string; symbol: string }
  | { type: 'balance'; phase: 'failed'; fallback: string; symbol: string }
  | { type: 'profile'; address: string; name: string | undefined; image: string | undefined }
  | { type: 'reset' }

/** The CAIP-10 id of `address` on `caipNetworkId`. */
function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}

function connect(state: AccountState, payload: ConnectedPayload): AccountState {
  const sameAccount = state.address?.toLowerCase() === payload.address.toLowerCase()
  return {
    ...state,
    status: 'connected',
    address: payload.address,
    caipAddress: toCaipAddress(payload.caipNetworkId, payload.address),
    allAccounts: payload.allAccounts ? [...payload.allAccounts] : [{ address: payload.address, type: 'eoa' }],
    connectorId: payload.connectorId,
    connectedWalletInfo: payload.walletInfo,
    addressExplorerUrl: payload.addressExplorerUrl,
    // A connect names it (or its absence); a change of accounts within the session keeps it.
    socialProvider: 'socialProvider' in payload ? payload.socialProvider : state.socialProvider,
    // Another account's balance and profile must never show under the new address.
    ...(sameAccount
      ? {}
      : {
          balance: undefined,
          balanceSymbol: undefined,
          profileName: undefined,
          profileImage: undefined,
        }),
  }
}

/**
 * The account state machine of one namespace: `connecting` while a connect or restore runs,
 * `connected` with the wallet's accounts, account changes (none left: reset), the balance
 * shown (loaded, or the fallback after a failure), and `reset`, which clears every field (disconnected).
 */
export function accountReducer(state: AccountState, action: AccountAction): AccountState {
  switch (action.type) {
    case 'connecting':
      return state.status === 'connecting' ? state : { ...state, status: 'connecting' }
    case 'connected':
      return connect(state, action)
    case 'accountsChanged': {
      const [first] = action.accounts
      if (!state.connectorId) return state
      if (!first) return createAccountState()
      const next = connect(state, {
        address: first.address,
        caipNetworkId:
          action.caipNetworkId ?? (state.caipAddress?.split(':').slice(0, 2).join(':') as CaipNetworkId),
        allAccounts: action.accounts,
        connectorId: state.connectorId,
        walletInfo: state.connectedWalletInfo,
        addressExplorerUrl: action.addressExplorerUrl,
      })
      return action.caipNetworkId ? next : { ...next, caipAddress: undefined }
    }
    // Loading and the 30 s block after a failure are the balance query's state, not the account's.
    case 'balance':
      return {
        ...state,
        balance: action.phase === 'loaded' ? action.balance : action.fallback,
        balanceSymbol: action.symbol,
      }
    // A name read for an address lands only while that address is still the account's.
    case 'profile':
      return state.address?.toLowerCase() === action.address.toLowerCase()
        ? { ...state, profileName: action.name, profileImage: action.image }
        : state
    case 'reset':
      return createAccountState()
  }
}

/**
 * Whether a wallet's address has its namespace's form: 20 bytes of 0x-hex on eip155 (so the
 * kit can type eip155 addresses `0x…`); other namespaces' adapters check their own.
 */
export function isNamespaceAddress(namespace: ChainNamespace, address: string): boolean {
  return namespace !== 'eip155' || /^0x[0-9a-fA-F]{40}$/.test(address)
}
