import { InvalidWalletResponseError } from '@latch/core'
/** An error that keeps the wallet's numeric code, so the core can map it to its error classes. */
export type CodedError = Error & { code?: number | undefined }

function findCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && Number.isInteger(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Passes a wallet or wagmi error on with the wallet's `code` at the top level, whether the
 * wallet set it there or wagmi/viem wrapped it in a cause.
 */
export function toCodedError(error: unknown, fallbackMessage: string): CodedError {
  const code = findCode(error)
  if (error instanceof Error && (code === undefined || (error as CodedError).code === code)) return error
  const message =
    (error as { shortMessage?: unknown })?.shortMessage ??
    (error as { message?: unknown })?.message ??
    fallbackMessage
  return Object.assign(new Error(typeof message === 'string' ? message : fallbackMessage, { cause: error }), {
    code,
  })
}

/** The wallet answered, but with something that is not what the method promises. */
export function invalidWalletResponse(what: string, value: unknown): InvalidWalletResponseError {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : typeof value
  return new InvalidWalletResponseError({ what, cause: new Error(`Received ${shown}.`) })
}
