import { BaseError } from './base.js'

export type DisconnectErrorType = DisconnectError & { name: 'DisconnectError' }
/** The wallet library failed while ending a session. */
export class DisconnectError extends BaseError {
  override name = 'DisconnectError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to disconnect', { cause })
  }
}

function messageOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error) return error.message
  return String(error)
}

export type DisconnectChainErrorType = DisconnectChainError & { name: 'DisconnectChainError' }
/** One namespace failed to disconnect. */
export class DisconnectChainError extends BaseError {
  override name = 'DisconnectChainError' as const
  readonly namespace: string
  constructor({ namespace, cause }: { namespace: string; cause: unknown }) {
    super(`Failed to disconnect chain ${namespace}: ${messageOf(cause)}`, { cause })
    this.namespace = namespace
  }
}

export type DisconnectChainsErrorType = DisconnectChainsError & { name: 'DisconnectChainsError' }
/** Several namespaces failed to disconnect; `errors` keeps each one. */
export class DisconnectChainsError extends BaseError {
  override name = 'DisconnectChainsError' as const
  readonly errors: readonly DisconnectChainError[]
  constructor({ errors }: { errors: readonly DisconnectChainError[] }) {
    super(`Failed to disconnect chains: ${errors.map((error) => error.shortMessage).join(', ')}`, {
      cause: errors[0],
    })
    this.errors = errors
  }
}

export type NoActiveCaipAddressErrorType = NoActiveCaipAddressError & { name: 'NoActiveCaipAddressError' }
export class NoActiveCaipAddressError extends BaseError {
  override name = 'NoActiveCaipAddressError' as const
  constructor() {
    super('No ActiveCaipAddress found')
  }
}

export type NotConnectedErrorType = NotConnectedError & { name: 'NotConnectedError' }
export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError' as const
  constructor() {
    super('Please call connect() before request()')
  }
}

export type InvalidWalletResponseErrorType = InvalidWalletResponseError & {
  name: 'InvalidWalletResponseError'
}
/** A wallet (or a session connector) answered something that is not what it must return. */
export class InvalidWalletResponseError extends BaseError {
  override name = 'InvalidWalletResponseError' as const
  constructor({ what, cause }: { what: string; cause?: unknown }) {
    super(`The wallet returned an invalid ${what}.`, { cause })
  }
}

export type SessionNetworksRejectedErrorType = SessionNetworksRejectedError & {
  name: 'SessionNetworksRejectedError'
}
/** The wallet approved a session for none of the networks the app configured. */
export class SessionNetworksRejectedError extends BaseError {
  override name = 'SessionNetworksRejectedError' as const
  constructor() {
    super('The wallet approved none of the networks this app uses.')
  }
}

export type SessionUnreachableErrorType = SessionUnreachableError & { name: 'SessionUnreachableError' }
/**
 * A session connector cannot reach its wallet right now (the embedded wallet's server is down or
 * hung). Not a refusal: the session may well be alive, so a restore that meets it keeps the
 * account as "offline — reconnecting" and tries again. EIP-1193 4900 (disconnected).
 */
export class SessionUnreachableError extends BaseError {
  override name = 'SessionUnreachableError' as const
  readonly code = 4900
  constructor({ cause }: { cause?: unknown } = {}) {
    super("The wallet server can't be reached", { cause })
  }
}
