import { BALANCE_RETRY_MS } from '../constants.js'
import type {
  AccountState,
  AccountType,
  CaipAddress,
  CaipNetworkId,
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
    balanceLoading: false,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    connectedWalletInfo: undefined,
    connectorId: undefined,
    preferredAccountType: undefined,
    addressLabels: {},
    currentTab: 0,
    tokenBalance: [],
    smartAccountDeployed: false,
    user: undefined,
    socialProvider: undefined,
    farcasterUrl: undefined,
    lastRetry: undefined,
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
  preferredAccountType?: AccountType | undefined
  addressExplorerUrl?: string | undefined
}

/** Every change to a namespace's account (spec §4, "Account status per namespace"). */
export type AccountAction =
  | { type: 'connecting' }
  | ({ type: 'connected' } & ConnectedPayload)
  | {
      type: 'accountsChanged'
      accounts: readonly { address: string; type: AccountType }[]
      caipNetworkId: CaipNetworkId
    }
  | { type: 'balance'; phase: 'loading' }
  | { type: 'balance'; phase: 'loaded'; balance: string; symbol: string }
  | { type: 'balance'; phase: 'failed'; at: number }
  | { type: 'sessionSynced'; session: ConnectedPayload | undefined }
  | { type: 'disconnected' }
  | { type: 'reset' }

/** The CAIP-10 id of `address` on `caipNetworkId`. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
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
    preferredAccountType: payload.preferredAccountType ?? state.preferredAccountType,
    addressExplorerUrl: payload.addressExplorerUrl,
    // Another account's balance and profile must never show under the new address.
    ...(sameAccount
      ? {}
      : {
          balance: undefined,
          balanceSymbol: undefined,
          profileName: undefined,
          profileImage: undefined,
          lastRetry: undefined,
        }),
  }
}

/**
 * The account state machine of one namespace. At startup each namespace goes `connecting`,
 * then `sessionSynced` makes it connected (a previous session came back) or disconnected.
 * `disconnected` forgets the session but keeps the user's view preferences; `reset` clears
 * every field.
 */
export function accountReducer(state: AccountState, action: AccountAction): AccountState {
  switch (action.type) {
    case 'connecting':
      return state.status === 'connecting' ? state : { ...state, status: 'connecting' }
    case 'connected':
      return connect(state, action)
    case 'accountsChanged': {
      const [first] = action.accounts
      if (!first) return accountReducer(state, { type: 'disconnected' })
      if (!state.connectorId) return state
      return connect(state, {
        address: first.address,
        caipNetworkId: action.caipNetworkId,
        allAccounts: action.accounts,
        connectorId: state.connectorId,
        walletInfo: state.connectedWalletInfo,
        addressExplorerUrl: state.address === first.address ? state.addressExplorerUrl : undefined,
      })
    }
    case 'balance':
      if (action.phase === 'loading') return { ...state, balanceLoading: true }
      if (action.phase === 'loaded') {
        return {
          ...state,
          balanceLoading: false,
          balance: action.balance,
          balanceSymbol: action.symbol,
          lastRetry: undefined,
        }
      }
      return { ...state, balanceLoading: false, lastRetry: action.at }
    case 'sessionSynced':
      return action.session ? connect(state, action.session) : accountReducer(state, { type: 'disconnected' })
    case 'disconnected':
      return {
        ...createAccountState(),
        addressLabels: state.addressLabels,
        currentTab: state.currentTab,
        preferredAccountType: state.preferredAccountType,
      }
    case 'reset':
      return createAccountState()
  }
}

/** A failed balance fetch blocks the next attempt for 30 s ('Token Balance Unavailable'). */
export function canFetchBalance(state: Pick<AccountState, 'lastRetry'>, now: number): boolean {
  return state.lastRetry === undefined || now - state.lastRetry >= BALANCE_RETRY_MS
}
