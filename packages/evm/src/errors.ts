import { InvalidWalletResponseError } from '@latch/core'
/** An error that keeps the wallet's numeric code, so the core can map it to its error classes. */
export type CodedError = Error & { code?: number | undefined }

/** The first error in the `cause` chain that carries a numeric code: the wallet's own answer. */
function findCoded(error: unknown): { code: number; data: unknown } | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    const { code, data } = current as { code?: unknown; data?: unknown }
    if (typeof code === 'number' && Number.isInteger(code)) return { code, data }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Passes a wallet or wagmi error on with the wallet's `code` at the top level, whether the
 * wallet set it there or wagmi/viem wrapped it in a cause. The wallet's `data` comes along, so
 * a code the wallet nested in `data.originalError` (some mobile wallets answer -32603 wrapping
 * the real one) is still read as the wallet's (core's `walletErrorCode`).
 */
export function toCodedError(error: unknown, fallbackMessage: string): CodedError {
  const coded = findCoded(error)
  if (error instanceof Error && (coded === undefined || (error as CodedError).code === coded.code))
    return error
  const message =
    (error as { shortMessage?: unknown })?.shortMessage ??
    (error as { message?: unknown })?.message ??
    fallbackMessage
  const wrapped = Object.assign(
    new Error(typeof message === 'string' ? message : fallbackMessage, { cause: error }),
    { code: coded?.code },
  )
  if (coded?.data !== undefined) Object.assign(wrapped, { data: coded.data })
  return wrapped
}

/** The wallet answered, but with something that is not what the method promises. */
export function invalidWalletResponse(what: string, value: unknown): InvalidWalletResponseError {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : typeof value
  return new InvalidWalletResponseError({ what, cause: new Error(`Received ${shown}.`) })
}
