// The error catalogue: every error an action can reject with. Public API (the package index
// re-exports this file); alerts and the wallet-error mapping are internal.
/** @public */
export {
  AdapterForNamespaceNotFoundError,
  type AdapterForNamespaceNotFoundErrorType,
  AdapterOrConnectorNotFoundError,
  type AdapterOrConnectorNotFoundErrorType,
  ChainAdapterNotFoundError,
  type ChainAdapterNotFoundErrorType,
} from './adapter.js'
/** @public */
export {
  BaseError,
  type BaseErrorParameters,
  type BaseErrorType,
} from './base.js'
/** @public */
export {
  CallsPartlySentError,
  type CallsPartlySentErrorType,
  CallsStatusNotApprovedError,
  type CallsStatusNotApprovedErrorType,
  CallsStatusNotShownError,
  type CallsStatusNotShownErrorType,
  InvalidCallsError,
  type InvalidCallsErrorType,
  MissingCapabilitiesAddressError,
  type MissingCapabilitiesAddressErrorType,
  TooManyCallsError,
  type TooManyCallsErrorType,
} from './calls.js'
/** @public */
export {
  type TransactionRefusalReason,
  TransactionRefusedError,
  type TransactionRefusedErrorType,
} from './chainTransaction.js'
/** @public */
export {
  DisconnectChainError,
  type DisconnectChainErrorType,
  DisconnectChainsError,
  type DisconnectChainsErrorType,
  DisconnectError,
  type DisconnectErrorType,
  InvalidWalletResponseError,
  type InvalidWalletResponseErrorType,
  NoActiveCaipAddressError,
  type NoActiveCaipAddressErrorType,
  NotConnectedError,
  type NotConnectedErrorType,
  SessionNetworksRejectedError,
  type SessionNetworksRejectedErrorType,
  SessionUnreachableError,
  type SessionUnreachableErrorType,
} from './connection.js'
/** @public */
export {
  HttpStatusError,
  type HttpStatusErrorType,
  TokenBalanceUnavailableError,
  type TokenBalanceUnavailableErrorType,
} from './data.js'
/** @public */
export * from './frame.js'
/** @public */
export {
  CallsError,
  type CallsErrorCode,
  type CallsErrorType,
  InternalRpcError,
  type InternalRpcErrorType,
  InvalidInputRpcError,
  type InvalidInputRpcErrorType,
  InvalidParamsRpcError,
  type InvalidParamsRpcErrorType,
  InvalidRequestRpcError,
  type InvalidRequestRpcErrorType,
  JsonRpcVersionUnsupportedError,
  type JsonRpcVersionUnsupportedErrorType,
  LimitExceededRpcError,
  type LimitExceededRpcErrorType,
  MethodNotFoundRpcError,
  type MethodNotFoundRpcErrorType,
  MethodNotSupportedRpcError,
  type MethodNotSupportedRpcErrorType,
  ParseRpcError,
  type ParseRpcErrorType,
  ResourceNotFoundRpcError,
  type ResourceNotFoundRpcErrorType,
  ResourceUnavailableRpcError,
  type ResourceUnavailableRpcErrorType,
  TransactionRejectedRpcError,
  type TransactionRejectedRpcErrorType,
} from './jsonRpc.js'
/** @public */
export {
  ChainNotSupportedError,
  type ChainNotSupportedErrorType,
  NoRpcUrlError,
  type NoRpcUrlErrorType,
  RpcEndpointChainMismatchError,
  type RpcEndpointChainMismatchErrorType,
  SwitchNetworkNotFoundError,
  type SwitchNetworkNotFoundErrorType,
  UnsupportedChainIdError,
  type UnsupportedChainIdErrorType,
} from './network.js'
/** @public */
export {
  InvalidOptionsError,
  type InvalidOptionsErrorType,
} from './options.js'
/** @public */
export {
  ChainDisconnectedError,
  type ChainDisconnectedErrorType,
  InvalidMethodError,
  type InvalidMethodErrorType,
  LibraryUserRejectedError,
  type LibraryUserRejectedErrorType,
  ProviderDisconnectedError,
  type ProviderDisconnectedErrorType,
  UnauthorizedProviderError,
  type UnauthorizedProviderErrorType,
  UnknownWalletError,
  type UnknownWalletErrorType,
  UnrecognizedChainError,
  type UnrecognizedChainErrorType,
  UnsupportedChainsError,
  type UnsupportedChainsErrorType,
  UnsupportedProviderMethodError,
  type UnsupportedProviderMethodErrorType,
  UserDisconnectedError,
  type UserDisconnectedErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
  WalletRpcError,
  type WalletRpcErrorParameters,
  type WalletRpcErrorType,
} from './rpc.js'
/** @public */
export {
  SignatureDeclinedError,
  type SignatureDeclinedErrorType,
  SiwxConflictError,
  type SiwxConflictErrorType,
  SiwxNotEnabledError,
  type SiwxNotEnabledErrorType,
} from './siwx.js'
/** @public */
export { WalletTimeoutError, type WalletTimeoutErrorType } from './timeout.js'
/** @public */
export { TransactionsFetchError, type TransactionsFetchErrorType } from './transactions.js'
