/** Extra context an error can carry beside its short message. */
export interface BaseErrorParameters {
  /** The error that led to this one (a wallet error, a network failure, …). */
  cause?: unknown
  /** Technical detail; defaults to the cause's message. */
  details?: string | undefined
  /** Extra lines shown under the short message (hints, the failing value, …). */
  metaMessages?: readonly string[] | undefined
}

export type BaseErrorType = BaseError & { name: 'BaseError' }

function detailsOf(cause: unknown): string {
  if (cause instanceof BaseError) return cause.details
  if (cause instanceof Error) return cause.message
  if (typeof cause === 'string') return cause
  return ''
}

/**
 * Root of every error the kit throws. `shortMessage` is the text the spec names (and what the UI
 * shows); `message` adds the meta lines and details for logs.
 *
 * @example
 * try { await switchNetwork(latch, { caipNetworkId: 'eip155:999' }) }
 * catch (error) { if (error instanceof BaseError) console.log(error.shortMessage) }
 */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly shortMessage: string
  readonly details: string
  readonly metaMessages: readonly string[] | undefined
  override readonly cause: unknown

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details = parameters.details ?? detailsOf(parameters.cause)
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    // Repeating the short message as its own detail only adds noise.
    if (details && details !== shortMessage) lines.push('', `Details: ${details}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = parameters.metaMessages
    this.cause = parameters.cause
  }

  /**
   * Follows the `cause` chain. Without `fn`, returns the deepest error; with `fn`, returns the
   * first error (this one included) for which `fn` is true, or `undefined`.
   */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    const seen = new Set<unknown>()
    while (current !== undefined && current !== null && !seen.has(current)) {
      seen.add(current)
      if (fn?.(current)) return current
      const next: unknown = (current as { cause?: unknown }).cause
      if (next === undefined || next === null) break
      current = next
    }
    return fn ? undefined : current
  }
}
