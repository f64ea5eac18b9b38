// The public API of @latch/core: what a dapp (or the author of a chain adapter) calls, catches
// and types against. Everything here follows semver. The pieces the other @latch packages share
// with core (the modal's own flows, rules, storage keys) are in `@latch/core/internal`, which
// does not. `src/exports.test.ts` snapshots this list so every change shows in review.

// ── Actions: every one takes the instance first ─────────────────────────────────────────────
/** @public */
export { closeModal } from './actions/close.js'
/** @public */
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
} from './actions/connect.js'
/** @public */
export {
  type DisconnectErrorType,
  type DisconnectParameters,
  type DisconnectReturnType,
  disconnect,
} from './actions/disconnect.js'
/** @public */
export {
  type FetchBalanceErrorType,
  type FetchBalanceParameters,
  type FetchBalanceReturnType,
  fetchBalance,
} from './actions/fetchBalance.js'
/** @public */
export {
  type FetchWalletsPageErrorType,
  type FetchWalletsPageParameters,
  type FetchWalletsPageReturnType,
  fetchWalletsPage,
} from './actions/fetchWalletsPage.js'
/** @public */
export {
  type GetCallsStatusErrorType,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from './actions/getCallsStatus.js'
/** @public */
export {
  type GetCapabilitiesErrorType,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  getCapabilities,
} from './actions/getCapabilities.js'
/** @public */
export {
  type GetAccountReturnType,
  type GetNetworkReturnType,
  getAccount,
  getModalState,
  getNetwork,
  setThemeMode,
  watchAccount,
  watchModalState,
  watchNetwork,
} from './actions/getters.js'
/** @public */
export { hydrate, teardown } from './actions/hydrate.js'
/** @public */
export { type OpenModalParameters, openModal } from './actions/open.js'
/** @public */
export {
  type PrefetchErrorType,
  type PrefetchParameters,
  type PrefetchReturnType,
  prefetch,
} from './actions/prefetch.js'
/** @public */
export {
  type PreloadWalletImagesErrorType,
  type PreloadWalletImagesParameters,
  type PreloadWalletImagesReturnType,
  preloadWalletImages,
} from './actions/preloadWalletImages.js'
/** @public */
export {
  type SearchWalletsErrorType,
  type SearchWalletsParameters,
  type SearchWalletsReturnType,
  searchWallets,
} from './actions/searchWallets.js'
/** @public */
export {
  type SendCallsErrorType,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from './actions/sendCalls.js'
/** @public */
export {
  type Eip155Transaction,
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
  waitForTransaction,
} from './actions/sendTransaction.js'
/** @public */
export {
  type SetThemeVariablesErrorType,
  type SetThemeVariablesParameters,
  setThemeVariables,
} from './actions/setThemeVariables.js'
/** @public */
export {
  type ShowCallsStatusErrorType,
  type ShowCallsStatusParameters,
  showCallsStatus,
} from './actions/showCallsStatus.js'
/** @public */
export { cancelSignIn, signIn } from './actions/signIn.js'
/** @public */
export {
  type SignMessageErrorType,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from './actions/signMessage.js'
/** @public */
export {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from './actions/switchNetwork.js'
/** @public */
export { ResponseTooLargeError, type ResponseTooLargeErrorType } from './api/http.js'
// ── CAIP identifiers (CAIP-2 networks, CAIP-10 accounts) ────────────────────────────────────
/** @public */
export {
  type DefineCaipNetworkParameters,
  defineCaipNetwork,
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaipIdError,
  type InvalidCaipIdErrorType,
  isCaipAddress,
  isCaipNetworkId,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'
/** @public */
export type { Call, CallsAdapterMethods, CallsReceipt, CallsStatus, WalletCapabilities } from './calls.js'
// ── The instance ────────────────────────────────────────────────────────────────────────────
/** @public */
export { type CreateLatchParameters, createLatch, type Latch, type SignInGate } from './createLatch.js'
// ── Errors: every error an action rejects with, for `instanceof` and `name` checks ─────────
/** @public */
export * from './errors/index.js'
// ── State, events and the data model ────────────────────────────────────────────────────────
/** @public */
export type { LatchEvent, LatchEventMap, LatchEventName } from './events.js'
/** @public */
export { cookieToInitialState, type LatchInitialState } from './initialState.js'
/** @public */
export type { CustomWallet, LatchFeatures, LatchOptions } from './options.js'
export {
  type BalanceQueryData,
  type BalanceQueryParameters,
  balanceQueryOptions,
} from './query/balance.js'
export {
  type CallsStatusQueryParameters,
  type CapabilitiesQueryParameters,
  callsStatusQueryOptions,
  capabilitiesQueryOptions,
} from './query/calls.js'
export {
  type NameQueryData,
  type NameQueryParameters,
  nameQueryOptions,
  type ResolveNameQueryParameters,
  resolveNameQueryOptions,
} from './query/names.js'
export { type Nft, type NftsQueryParameters, nftsQueryOptions } from './query/nfts.js'
export {
  type TokenPrices,
  type TokenPricesQueryParameters,
  tokenPricesQueryOptions,
} from './query/prices.js'
export {
  type TokenBalancesQueryParameters,
  tokenBalancesQueryOptions,
} from './query/tokens.js'
export {
  type TransactionsQueryData,
  type TransactionsQueryParameters,
  transactionsQueryOptions,
} from './query/transactions.js'
/** @public */
export { MAX_CALLS } from './rules/calls.js'
export type { WalletGroup } from './rules/connectors.js'
export type { TokenBalance } from './rules/tokens.js'
export type { ActivityMonth, ActivityTransaction, ActivityTransfer } from './rules/transactions.js'
/** @public */
export { type Issue, type IssuePath, SchemaError, type SchemaErrorType } from './schema/schema.js'
/** @public */
export type { LatchSiwx, SiwxContext, SiwxMessageData, SiwxSession } from './siwx/types.js'
/** @public */
export type { LatchState, SessionState, SignInState, ViewError } from './state.js'
/** @public */
export {
  type CookieStorageParameters,
  createCookieStorage,
  createLocalStorage,
  createMemoryStorage,
  type LatchStorage,
} from './storage.js'
/** @public Theme presets with RainbowKit's options; spread the result into `createLatch`. */
export {
  darkTheme,
  lightTheme,
  midnightTheme,
  type ThemeOptions,
  type ThemePreset,
} from './theme.js'
/** @public */
export type {
  AccountState,
  AccountStatus,
  AccountType,
  AdapterContext,
  AddressOf,
  AppMetadata,
  ApprovedSession,
  CaipAddress,
  CaipNetwork,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  ConnectedAccount,
  ConnectedWalletInfo,
  Connector,
  ConnectorType,
  ConnectResult,
  Hex,
  ModalState,
  NamespaceState,
  NetworkState,
  RegistryState,
  RegistryWallet,
  RemoteFeatures,
  RouteEntry,
  RouteParams,
  RouterState,
  Routes,
  SessionConnector,
  SessionConnectorEvent,
  SessionHandlers,
  SessionSignInRequest,
  SessionUser,
  SignatureOf,
  ThemeMode,
  ThemeRadius,
  ThemeVariables,
  TransactionCallbacks,
  TransactionReceipt,
  TransactionStackEntry,
  View,
  ViewParams,
} from './types.js'
