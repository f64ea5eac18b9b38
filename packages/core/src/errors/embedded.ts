import { BaseError } from './base.js'

export type EmailThrottledErrorType = EmailThrottledError & { name: 'EmailThrottledError' }
/** Email login is allowed once per cooldown; no request was sent. */
export class EmailThrottledError extends BaseError {
  override name = 'EmailThrottledError' as const
  readonly remainingSeconds: number
  constructor({ remainingMs }: { remainingMs: number }) {
    const remainingSeconds = Math.ceil(Math.max(0, remainingMs) / 1000)
    super(`Please try again after ${remainingSeconds} seconds`)
    this.remainingSeconds = remainingSeconds
  }
}

export type EmailDependencyLoadErrorType = EmailDependencyLoadError & { name: 'EmailDependencyLoadError' }
/** The embedded-wallet frame failed to load. */
export class EmailDependencyLoadError extends BaseError {
  override name = 'EmailDependencyLoadError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unable to load email login dependency', { cause })
  }
}

export type RequestAbortedErrorType = RequestAbortedError & { name: 'RequestAbortedError' }
/** An RPC request was aborted (e.g. pending unsafe requests when requests are rejected). */
export class RequestAbortedError extends BaseError {
  override name = 'RequestAbortedError' as const
  constructor() {
    super('Request was aborted')
  }
}

export type SomethingWentWrongErrorType = SomethingWentWrongError & { name: 'SomethingWentWrongError' }
/** Any other aborted frame request. */
export class SomethingWentWrongError extends BaseError {
  override name = 'SomethingWentWrongError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Something went wrong', { cause })
  }
}

export type FrameErrorResponseErrorType = FrameErrorResponseError & { name: 'FrameErrorResponseError' }
/** The frame answered ERROR: its own message when it gave one, else 'An error occurred'. */
export class FrameErrorResponseError extends BaseError {
  override name = 'FrameErrorResponseError' as const
  constructor({ message }: { message?: unknown } = {}) {
    super(typeof message === 'string' && message.trim() !== '' ? message : 'An error occurred')
  }
}

export type FrameNotSetErrorType = FrameNotSetError & { name: 'FrameNotSetError' }
/** An event was posted before the iframe (or, inside it, the parent) was available. */
export class FrameNotSetError extends BaseError {
  override name = 'FrameNotSetError' as const
  constructor({ side }: { side: 'iframe' | 'parent' }) {
    super(`W3mFrame: ${side} is not set`)
  }
}
