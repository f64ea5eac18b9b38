import { BaseError } from './base.js'

export type SiwxConflictErrorType = SiwxConflictError & { name: 'SiwxConflictError' }
export class SiwxConflictError extends BaseError {
  override name = 'SiwxConflictError' as const
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options')
  }
}

export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }
export class SiwxNotEnabledError extends BaseError {
  override name = 'SiwxNotEnabledError' as const
  constructor() {
    super('SIWX is not enabled')
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

export type AuthenticationInitErrorType = AuthenticationInitError & { name: 'AuthenticationInitError' }
/** Sign-in could not start; the wallet is disconnected and the view reset. */
export class AuthenticationInitError extends BaseError {
  override name = 'AuthenticationInitError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('A problem occurred while trying initialize authentication', { cause })
  }
}

export type SmartAccountNotSupportedErrorType = SmartAccountNotSupportedError & {
  name: 'SmartAccountNotSupportedError'
}
export class SmartAccountNotSupportedError extends BaseError {
  override name = 'SmartAccountNotSupportedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This application might not support Smart Accounts', { cause })
  }
}
