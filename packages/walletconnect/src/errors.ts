/** An Error carrying the numeric code the core's `toWalletError` maps (5000, 5100, 6000, 4001…). */
export type CodedError = Error & { code?: number | undefined }

const PROTOCOL_MESSAGES = /\b(EXPIRED|NO_MATCHING_KEY|MISSING_OR_INVALID|NOT_INITIALIZED)\b/

/**
 * WalletConnect rejects with plain `{ code, message }` objects (SDK errors) or with Errors whose
 * message names a protocol error. Both become an Error with the code kept, so the core shows
 * 'Connection declined' for 5000 and the wallet's message otherwise.
 */
export function toCodedError(raw: unknown): CodedError {
  if (raw instanceof Error && typeof (raw as CodedError).code === 'number') return raw
  const code = (raw as { code?: unknown } | null)?.code
  const text = (raw as { message?: unknown } | null)?.message
  const message = typeof text === 'string' && text.length > 0 ? text.slice(0, 300) : 'WalletConnect failed.'
  const error: CodedError = new Error(message, { cause: raw })
  if (typeof code === 'number' && Number.isSafeInteger(code)) error.code = code
  else if (PROTOCOL_MESSAGES.test(message))
    error.name = (PROTOCOL_MESSAGES.exec(message)?.[1] as string) ?? error.name
  return error
}
