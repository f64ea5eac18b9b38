import { BaseError } from './base.js'

export interface WalletRpcErrorParameters {
  cause?: unknown
  details?: string | undefined
}

export type WalletRpcErrorType = WalletRpcError & { name: 'WalletRpcError' }
/** An error a wallet or JSON-RPC endpoint answered with; `code` is the protocol's number. */
export class WalletRpcError extends BaseError {
  override name: string = 'WalletRpcError'
  readonly code: number
  constructor(shortMessage: string, code: number, parameters: WalletRpcErrorParameters = {}) {
    super(shortMessage, { cause: parameters.cause, details: parameters.details })
    this.code = code
  }
}

// EIP-1193 provider errors.

export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }
export class UserRejectedRequestError extends WalletRpcError {
  static readonly code = 4001
  override name = 'UserRejectedRequestError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The user rejected the request.', UserRejectedRequestError.code, parameters)
  }
}

export type UnauthorizedProviderErrorType = UnauthorizedProviderError & { name: 'UnauthorizedProviderError' }
export class UnauthorizedProviderError extends WalletRpcError {
  static readonly code = 4100
  override name = 'UnauthorizedProviderError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The user has not authorised this method or account.', UnauthorizedProviderError.code, parameters)
  }
}

export type UnsupportedProviderMethodErrorType = UnsupportedProviderMethodError & {
  name: 'UnsupportedProviderMethodError'
}
export class UnsupportedProviderMethodError extends WalletRpcError {
  static readonly code = 4200
  override name = 'UnsupportedProviderMethodError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The wallet does not support this method.', UnsupportedProviderMethodError.code, parameters)
  }
}

export type ProviderDisconnectedErrorType = ProviderDisconnectedError & { name: 'ProviderDisconnectedError' }
export class ProviderDisconnectedError extends WalletRpcError {
  static readonly code = 4900
  override name = 'ProviderDisconnectedError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The wallet is disconnected from every chain.', ProviderDisconnectedError.code, parameters)
  }
}

export type ChainDisconnectedErrorType = ChainDisconnectedError & { name: 'ChainDisconnectedError' }
export class ChainDisconnectedError extends WalletRpcError {
  static readonly code = 4901
  override name = 'ChainDisconnectedError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The wallet is not connected to the requested chain.', ChainDisconnectedError.code, parameters)
  }
}

export type UnrecognizedChainErrorType = UnrecognizedChainError & { name: 'UnrecognizedChainError' }
/** The wallet does not know the chain yet; adding it (EIP-3085) may help. */
export class UnrecognizedChainError extends WalletRpcError {
  static readonly code = 4902
  override name = 'UnrecognizedChainError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The wallet does not recognise the requested chain.', UnrecognizedChainError.code, parameters)
  }
}

// Wallet-connection library codes.

export type InvalidMethodErrorType = InvalidMethodError & { name: 'InvalidMethodError' }
export class InvalidMethodError extends WalletRpcError {
  static readonly code = 1001
  override name = 'InvalidMethodError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The method is not valid for this session.', InvalidMethodError.code, parameters)
  }
}

export type LibraryUserRejectedErrorType = LibraryUserRejectedError & { name: 'LibraryUserRejectedError' }
export class LibraryUserRejectedError extends WalletRpcError {
  static readonly code = 5000
  override name = 'LibraryUserRejectedError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The user rejected the request in the wallet.', LibraryUserRejectedError.code, parameters)
  }
}

export type UnsupportedChainsErrorType = UnsupportedChainsError & { name: 'UnsupportedChainsError' }
export class UnsupportedChainsError extends WalletRpcError {
  static readonly code = 5100
  override name = 'UnsupportedChainsError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The wallet does not support the requested chains.', UnsupportedChainsError.code, parameters)
  }
}

export type UserDisconnectedErrorType = UserDisconnectedError & { name: 'UserDisconnectedError' }
export class UserDisconnectedError extends WalletRpcError {
  static readonly code = 6000
  override name = 'UserDisconnectedError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The user ended the session.', UserDisconnectedError.code, parameters)
  }
}

export type UnknownWalletErrorType = UnknownWalletError & { name: 'UnknownWalletError' }
/** A wallet error with no code the kit knows; it keeps the wallet's own message. */
export class UnknownWalletError extends BaseError {
  override name = 'UnknownWalletError' as const
  readonly code: number | undefined
  constructor({ cause, code }: { cause?: unknown; code?: number | undefined } = {}) {
    super(messageOf(cause) ?? 'The wallet returned an unknown error.', { cause })
    this.code = code
  }
}

function messageOf(raw: unknown): string | undefined {
  if (raw instanceof BaseError) return raw.shortMessage
  if (typeof raw === 'string' && raw.trim() !== '') return raw
  if (typeof raw === 'object' && raw !== null) {
    const message = (raw as { message?: unknown }).message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return undefined
}
