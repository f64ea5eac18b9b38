/** EIP-1193 and JSON-RPC error codes the test wallet answers with. */
export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** An EIP-1193 `ProviderRpcError`: an `Error` carrying the numeric `code` (and optional `data`). */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.data = data
  }

  /** Plain `{ code, message }`, so the error survives structured cloning (e.g. `page.evaluate`). */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
export const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
export const invalidParams = (detail: string) => new ProviderRpcError(-32602, `Invalid params: ${detail}`)

/**
 * How a wallet reports that the user declined a network switch. Mobile wallets do not agree:
 * - `plain`: `{ code: 4001 }` (EIP-1193).
 * - `internal-error-wrapping-rejection`: `{ code: -32603, data: { originalError: { code: 4001 } } }`,
 *   a generic internal error carrying the user's rejection as its original error.
 * - `rejection-with-internal-cause`: `{ code: 4001, cause: { code: -32603 } }`, the rejection
 *   with the transport's internal error as its cause.
 */
export type SwitchDeclineShape =
  | 'plain'
  | 'internal-error-wrapping-rejection'
  | 'rejection-with-internal-cause'

export const SWITCH_DECLINE_SHAPES: readonly SwitchDeclineShape[] = [
  'plain',
  'internal-error-wrapping-rejection',
  'rejection-with-internal-cause',
]

/** The error a declined `wallet_switchEthereumChain` is thrown with, in the given shape. */
export function switchDeclined(shape: SwitchDeclineShape): ProviderRpcError {
  const message = 'User rejected the network switch.'
  switch (shape) {
    case 'plain':
      return new ProviderRpcError(4001, message)
    case 'internal-error-wrapping-rejection':
      return new ProviderRpcError(-32603, 'Internal JSON-RPC error.', {
        originalError: { code: 4001, message },
      })
    case 'rejection-with-internal-cause':
      return new ProviderRpcError(4001, message, undefined, {
        cause: { code: -32603, message: 'Internal JSON-RPC error.' },
      })
  }
}
