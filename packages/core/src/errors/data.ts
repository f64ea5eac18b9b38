import { BaseError } from './base.js'

export type TokenBalanceUnavailableErrorType = TokenBalanceUnavailableError & {
  name: 'TokenBalanceUnavailableError'
}
/** The balance fetch failed; another attempt is blocked for the balance retry period. */
export class TokenBalanceUnavailableError extends BaseError {
  override name = 'TokenBalanceUnavailableError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Token Balance Unavailable', { cause })
  }
}

export type HttpStatusErrorType = HttpStatusError & { name: 'HttpStatusError' }
/** A non-OK HTTP response from the API. */
export class HttpStatusError extends BaseError {
  override name = 'HttpStatusError' as const
  readonly status: number
  /** What the server said about a refusal (its JSON `message`), as text; absent when it said nothing. */
  readonly serverMessage: string | undefined
  constructor({
    status,
    url,
    serverMessage,
  }: { status: number; url?: string | undefined; serverMessage?: string | undefined }) {
    super(`HTTP status code: ${status}`, { metaMessages: url ? [`URL: ${url}`] : undefined })
    this.status = status
    this.serverMessage = serverMessage
  }
}
