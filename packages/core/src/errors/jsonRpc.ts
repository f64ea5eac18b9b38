import { WalletRpcError, type WalletRpcErrorParameters } from './rpc.js'

// JSON-RPC 2.0 and EIP-1474 codes, plus the EIP-5792 (wallet_sendCalls) range.

export type ParseRpcErrorType = ParseRpcError & { name: 'ParseRpcError' }
export class ParseRpcError extends WalletRpcError {
  static readonly code = -32700
  override name = 'ParseRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The endpoint received invalid JSON.', ParseRpcError.code, parameters)
  }
}

export type InvalidRequestRpcErrorType = InvalidRequestRpcError & { name: 'InvalidRequestRpcError' }
export class InvalidRequestRpcError extends WalletRpcError {
  static readonly code = -32600
  override name = 'InvalidRequestRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The request is not a valid JSON-RPC request.', InvalidRequestRpcError.code, parameters)
  }
}

export type MethodNotFoundRpcErrorType = MethodNotFoundRpcError & { name: 'MethodNotFoundRpcError' }
export class MethodNotFoundRpcError extends WalletRpcError {
  static readonly code = -32601
  override name = 'MethodNotFoundRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The method does not exist or is not available.', MethodNotFoundRpcError.code, parameters)
  }
}

export type InvalidParamsRpcErrorType = InvalidParamsRpcError & { name: 'InvalidParamsRpcError' }
export class InvalidParamsRpcError extends WalletRpcError {
  static readonly code = -32602
  override name = 'InvalidParamsRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The method parameters are not valid.', InvalidParamsRpcError.code, parameters)
  }
}

export type InternalRpcErrorType = InternalRpcError & { name: 'InternalRpcError' }
export class InternalRpcError extends WalletRpcError {
  static readonly code = -32603
  override name = 'InternalRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The endpoint had an internal error.', InternalRpcError.code, parameters)
  }
}

export type InvalidInputRpcErrorType = InvalidInputRpcError & { name: 'InvalidInputRpcError' }
export class InvalidInputRpcError extends WalletRpcError {
  static readonly code = -32000
  override name = 'InvalidInputRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The input is missing or not valid.', InvalidInputRpcError.code, parameters)
  }
}

export type ResourceNotFoundRpcErrorType = ResourceNotFoundRpcError & { name: 'ResourceNotFoundRpcError' }
export class ResourceNotFoundRpcError extends WalletRpcError {
  static readonly code = -32001
  override name = 'ResourceNotFoundRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The requested resource was not found.', ResourceNotFoundRpcError.code, parameters)
  }
}

export type ResourceUnavailableRpcErrorType = ResourceUnavailableRpcError & {
  name: 'ResourceUnavailableRpcError'
}
export class ResourceUnavailableRpcError extends WalletRpcError {
  static readonly code = -32002
  override name = 'ResourceUnavailableRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The requested resource is not available.', ResourceUnavailableRpcError.code, parameters)
  }
}

export type TransactionRejectedRpcErrorType = TransactionRejectedRpcError & {
  name: 'TransactionRejectedRpcError'
}
export class TransactionRejectedRpcError extends WalletRpcError {
  static readonly code = -32003
  override name = 'TransactionRejectedRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The transaction could not be created.', TransactionRejectedRpcError.code, parameters)
  }
}

export type MethodNotSupportedRpcErrorType = MethodNotSupportedRpcError & {
  name: 'MethodNotSupportedRpcError'
}
export class MethodNotSupportedRpcError extends WalletRpcError {
  static readonly code = -32004
  override name = 'MethodNotSupportedRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The method is not supported.', MethodNotSupportedRpcError.code, parameters)
  }
}

export type LimitExceededRpcErrorType = LimitExceededRpcError & { name: 'LimitExceededRpcError' }
export class LimitExceededRpcError extends WalletRpcError {
  static readonly code = -32005
  override name = 'LimitExceededRpcError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The request exceeds a limit of the endpoint.', LimitExceededRpcError.code, parameters)
  }
}

export type JsonRpcVersionUnsupportedErrorType = JsonRpcVersionUnsupportedError & {
  name: 'JsonRpcVersionUnsupportedError'
}
export class JsonRpcVersionUnsupportedError extends WalletRpcError {
  static readonly code = -32006
  override name = 'JsonRpcVersionUnsupportedError' as const
  constructor(parameters?: WalletRpcErrorParameters) {
    super('The JSON-RPC version is not supported.', JsonRpcVersionUnsupportedError.code, parameters)
  }
}

const callsMessages = {
  5700: 'The wallet does not support a capability the calls require.',
  5710: 'The wallet does not support calls on this chain.',
  5720: 'A batch with this id already exists.',
  5730: 'No batch with this id is known.',
  5740: 'The batch has too many calls.',
  5750: 'The user declined to upgrade the account for atomic calls.',
  5760: 'The wallet cannot run these calls atomically.',
} as const

/** The EIP-5792 codes (5700 to 5760). */
export type CallsErrorCode = keyof typeof callsMessages

export type CallsErrorType = CallsError & { name: 'CallsError' }
/** A wallet_sendCalls failure from the EIP-5792 range; `code` says which one. */
export class CallsError extends WalletRpcError {
  static readonly codes = Object.keys(callsMessages).map(Number) as CallsErrorCode[]
  override name = 'CallsError' as const
  declare readonly code: CallsErrorCode
  constructor(code: CallsErrorCode, parameters?: WalletRpcErrorParameters) {
    super(callsMessages[code], code, parameters)
  }
}
