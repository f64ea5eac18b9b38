import { BaseError } from './base.js'
import {
  CallsError,
  type CallsErrorCode,
  InternalRpcError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ParseRpcError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  TransactionRejectedRpcError,
} from './jsonRpc.js'
import {
  ChainDisconnectedError,
  InvalidMethodError,
  LibraryUserRejectedError,
  ProviderDisconnectedError,
  UnauthorizedProviderError,
  UnknownWalletError,
  UnrecognizedChainError,
  UnsupportedChainsError,
  UnsupportedProviderMethodError,
  UserDisconnectedError,
  UserRejectedRequestError,
  WalletRpcError,
  type WalletRpcErrorParameters,
} from './rpc.js'

type RpcErrorClass = { new (parameters?: WalletRpcErrorParameters): WalletRpcError; readonly code: number }

const classes: readonly RpcErrorClass[] = [
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  UnrecognizedChainError,
  InvalidMethodError,
  LibraryUserRejectedError,
  UnsupportedChainsError,
  UserDisconnectedError,
  ParseRpcError,
  InvalidRequestRpcError,
  MethodNotFoundRpcError,
  InvalidParamsRpcError,
  InternalRpcError,
  InvalidInputRpcError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  TransactionRejectedRpcError,
  MethodNotSupportedRpcError,
  LimitExceededRpcError,
  JsonRpcVersionUnsupportedError,
]
const byCode = new Map<number, RpcErrorClass>(classes.map((errorClass) => [errorClass.code, errorClass]))

/** Codes that mean the user said no (EIP-1193 4001, wallet library 5000). */
const USER_REJECTION_CODES: readonly number[] = [UserRejectedRequestError.code, LibraryUserRejectedError.code]

const MAX_DEPTH = 8

/**
 * Every numeric `code` found on the error, its `cause` chain and `data.originalError` (where
 * some mobile wallets nest the real code under a generic -32603), outermost first.
 */
export function findErrorCodes(raw: unknown): number[] {
  const codes: number[] = []
  const seen = new Set<unknown>()
  const visit = (node: unknown, depth: number) => {
    if (typeof node !== 'object' || node === null || seen.has(node) || depth > MAX_DEPTH) return
    seen.add(node)
    const { code, cause, data } = node as { code?: unknown; cause?: unknown; data?: unknown }
    if (typeof code === 'number' && Number.isInteger(code)) codes.push(code)
    visit(cause, depth + 1)
    if (typeof data === 'object' && data !== null)
      visit((data as { originalError?: unknown }).originalError, depth + 1)
  }
  visit(raw, 0)
  return codes
}

function isCallsCode(code: number): code is CallsErrorCode {
  return (CallsError.codes as readonly number[]).includes(code)
}

/**
 * Converts whatever a wallet threw into the kit's error class for its code. The innermost known
 * code wins because wrappers add generic codes around the wallet's own. The raw error is kept as
 * `cause`; an error without a known code becomes `UnknownWalletError` with the wallet's message.
 *
 * @example
 * try { await provider.request({ method: 'wallet_switchEthereumChain', params }) }
 * catch (raw) { throw toWalletError(raw) } // UnrecognizedChainError for 4902
 */
export function toWalletError(raw: unknown): BaseError {
  if (raw instanceof WalletRpcError) return raw
  const codes = findErrorCodes(raw)
  // The kit's own errors (e.g. 'switch network not found') already say what went wrong.
  if (codes.length === 0 && raw instanceof BaseError) return raw
  for (const code of [...codes].reverse()) {
    const errorClass = byCode.get(code)
    if (errorClass) return new errorClass({ cause: raw })
    if (isCallsCode(code)) return new CallsError(code, { cause: raw })
  }
  return new UnknownWalletError({ cause: raw, code: codes[0] })
}

/** True when the user rejected the request (4001 or 5000, on the error or nested in it). */
export function isUserRejection(error: unknown): boolean {
  return findErrorCodes(error).some((code) => USER_REJECTION_CODES.includes(code))
}
