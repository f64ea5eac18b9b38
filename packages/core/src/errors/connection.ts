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

export type SignClientNotInitializedErrorType = SignClientNotInitializedError & {
  name: 'SignClientNotInitializedError'
}
export class SignClientNotInitializedError extends BaseError {
  override name = 'SignClientNotInitializedError' as const
  constructor() {
    super('Sign Client not initialized')
  }
}

export type NamespaceNotConfiguredErrorType = NamespaceNotConfiguredError & {
  name: 'NamespaceNotConfiguredError'
}
export class NamespaceNotConfiguredError extends BaseError {
  override name = 'NamespaceNotConfiguredError' as const
  constructor({ namespace }: { namespace: string }) {
    super(`Namespace ${namespace} is not configured. Please call connect() first with namespace config.`)
  }
}

export type CallStatusNotApprovedErrorType = CallStatusNotApprovedError & {
  name: 'CallStatusNotApprovedError'
}
export class CallStatusNotApprovedError extends BaseError {
  override name = 'CallStatusNotApprovedError' as const
  constructor() {
    super('Fetching call status not approved by the wallet.')
  }
}

export type MissingCapabilitiesAddressErrorType = MissingCapabilitiesAddressError & {
  name: 'MissingCapabilitiesAddressError'
}
export class MissingCapabilitiesAddressError extends BaseError {
  override name = 'MissingCapabilitiesAddressError' as const
  constructor() {
    super('Missing address parameter in `wallet_getCapabilities` request')
  }
}

export type ActionNotAllowedErrorType = ActionNotAllowedError & { name: 'ActionNotAllowedError' }
/** A disallowed RPC call; `uiMessage` is what the modal shows. */
export class ActionNotAllowedError extends BaseError {
  override name = 'ActionNotAllowedError' as const
  readonly uiMessage = 'Action not allowed'
  constructor({ method }: { method?: string | undefined } = {}) {
    super('Requested RPC call is not allowed', { metaMessages: method ? [`Method: ${method}`] : undefined })
  }
}
