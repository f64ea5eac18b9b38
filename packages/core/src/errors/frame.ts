import { BaseError } from './base.js'

export type FrameLoadErrorType = FrameLoadError & { name: 'FrameLoadError' }
/** The embedded-wallet frame did not say it was ready in time (spec §8, §9). */
export class FrameLoadError extends BaseError {
  override name = 'FrameLoadError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unable to load email login dependency', { cause })
  }
}

export type FrameRequestTimeoutErrorType = FrameRequestTimeoutError & { name: 'FrameRequestTimeoutError' }
/** The frame did not answer a request in time (spec §9); the 'iframe request timeout' alert goes with it. */
export class FrameRequestTimeoutError extends BaseError {
  override name = 'FrameRequestTimeoutError' as const
  readonly requestType: string
  constructor({ requestType }: { requestType: string }) {
    // Spec §8: 'Something went wrong' for every request but 'get farcaster uri', whose failure
    // is the Farcaster login's own.
    super(
      requestType === 'GET_FARCASTER_URI' ? 'The Farcaster login could not start' : 'Something went wrong',
      {
        details: `The frame did not answer ${requestType} in time`,
      },
    )
    this.requestType = requestType
  }
}

export type FrameResponseErrorType = FrameResponseError & { name: 'FrameResponseError' }
/**
 * The frame answered a request with an error: its message, or 'An error occurred' when it gave
 * none (spec §8). `code` is the frame's error code (`INVALID_OTP`, `THROTTLED`, …).
 */
export class FrameResponseError extends BaseError {
  override name = 'FrameResponseError' as const
  readonly code: string | undefined
  readonly retryAfter: number | undefined
  constructor({
    message,
    code,
    retryAfter,
  }: { message?: string | undefined; code?: string | undefined; retryAfter?: number | undefined } = {}) {
    super(message?.trim() ? message : 'An error occurred')
    this.code = code
    this.retryAfter = retryAfter
  }
}

export type EmailThrottledErrorType = EmailThrottledError & { name: 'EmailThrottledError' }
/** Email login is throttled to once per 30 seconds (spec §5); `seconds` is rounded up. */
export class EmailThrottledError extends BaseError {
  override name = 'EmailThrottledError' as const
  readonly seconds: number
  constructor({ seconds }: { seconds: number }) {
    super(`Please try again after ${seconds} seconds`)
    this.seconds = seconds
  }
}

export type InvalidEmailErrorType = InvalidEmailError & { name: 'InvalidEmailError' }
/** The address typed is not an email address (spec §5). */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError' as const
  constructor() {
    super('Invalid email')
  }
}

export type RpcCallNotAllowedErrorType = RpcCallNotAllowedError & { name: 'RpcCallNotAllowedError' }
/** The embedded wallet does not serve this RPC method (spec §8). */
export class RpcCallNotAllowedError extends BaseError {
  override name = 'RpcCallNotAllowedError' as const
  /** EIP-1193 4200: the provider does not support the method. */
  readonly code = 4200
  constructor({ method }: { method?: string } = {}) {
    super('Requested RPC call is not allowed', method ? { details: method } : {})
  }
}

export type RequestAbortedErrorType = RequestAbortedError & { name: 'RequestAbortedError' }
/**
 * A request that waited for approval ended unanswered: the visitor rejected an earlier one or
 * cancelled in the modal (spec §4, §8). EIP-1193 4001, like a rejection.
 */
export class RequestAbortedError extends BaseError {
  override name = 'RequestAbortedError' as const
  readonly code = 4001
  constructor() {
    super('Request was aborted')
  }
}
