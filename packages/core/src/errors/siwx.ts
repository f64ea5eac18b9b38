import { BaseError } from './base.js'

export type SiwxConflictErrorType = SiwxConflictError & { name: 'SiwxConflictError' }
export class SiwxConflictError extends BaseError {
  override name = 'SiwxConflictError' as const
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options')
  }
}

export type SignatureDeclinedErrorType = SignatureDeclinedError & { name: 'SignatureDeclinedError' }
/** The user declined to sign (a sign-in message or a plain message). */
export class SignatureDeclinedError extends BaseError {
  override name = 'SignatureDeclinedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Signature declined', { cause })
  }
}

export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }
/** A sign-in action was called on an instance created without the `siwx` option. */
export class SiwxNotEnabledError extends BaseError {
  override name = 'SiwxNotEnabledError' as const
  constructor() {
    super('SIWX is not enabled')
  }
}
