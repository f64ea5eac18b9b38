import { BaseError } from '../errors/base.js'
import { EmailThrottledError, FrameResponseError } from '../errors/frame.js'
import type { EmbeddedEmailUpdateStep, EmbeddedLoginStep, FlowError } from './capability.js'

// The email login and the email change as state machines: each a reducer over its events, as
// the connection model's are. The connector dispatches; the store mirrors the result.

/** What happens in an email login. */
export type LoginEvent =
  | { type: 'send'; email: string }
  | { type: 'verify-device' }
  | { type: 'await-code' }
  | { type: 'submit-code' }
  | { type: 'code-refused'; error: FlowError }
  | { type: 'authenticate' }
  | { type: 'fail'; error: FlowError }
  | { type: 'finish' }

const emailOf = (state: EmbeddedLoginStep | EmbeddedEmailUpdateStep) =>
  'email' in state ? state.email : undefined

/** The next step of an email login; an event that does not fit the step changes nothing. */
export function loginReducer(state: EmbeddedLoginStep, event: LoginEvent): EmbeddedLoginStep {
  if (event.type === 'send') return { step: 'sending', email: event.email }
  if (event.type === 'finish') return { step: 'idle' }
  const email = emailOf(state)
  if (email === undefined || state.step === 'failed') return state
  switch (event.type) {
    case 'verify-device':
      return { step: 'verify-device', email }
    case 'await-code':
      return { step: 'verify-otp', email, submitting: false, error: undefined }
    case 'submit-code':
      return state.step === 'verify-otp' ? { ...state, submitting: true, error: undefined } : state
    case 'code-refused':
      return state.step === 'verify-otp' ? { ...state, submitting: false, error: event.error } : state
    case 'authenticate':
      return { step: 'authenticating', email }
    case 'fail':
      return { step: 'failed', email, error: event.error }
  }
}

/** What happens in a change of the login email. */
export type EmailUpdateEvent =
  | { type: 'submit-email'; email: string }
  | { type: 'email-refused'; email: string; error: FlowError }
  | { type: 'email-accepted' }
  | { type: 'submit-code' }
  | { type: 'code-refused'; error: FlowError }
  | { type: 'primary-accepted' }
  | { type: 'done'; email: string }
  | { type: 'cancel' }

/** The next step of an email change; an event that does not fit the step changes nothing. */
export function emailUpdateReducer(
  state: EmbeddedEmailUpdateStep,
  event: EmailUpdateEvent,
): EmbeddedEmailUpdateStep {
  switch (event.type) {
    case 'submit-email':
      return { step: 'enter-email', email: event.email, submitting: true, error: undefined }
    case 'email-refused':
      return { step: 'enter-email', email: event.email, submitting: false, error: event.error }
    case 'done':
      return { step: 'done', email: event.email }
    case 'cancel':
      return { step: 'idle' }
  }
  if (state.step === 'idle' || state.step === 'done') return state
  switch (event.type) {
    case 'email-accepted':
      return { step: 'verify-primary', email: state.email, submitting: false, error: undefined }
    case 'submit-code':
      return { ...state, submitting: true, error: undefined }
    case 'code-refused':
      return { ...state, submitting: false, error: event.error }
    case 'primary-accepted':
      return { step: 'verify-secondary', email: state.email, submitting: false, error: undefined }
  }
}

/** A failure as a flow keeps it: the class name, the short message, the frame's code. */
export function describeError(error: unknown): FlowError {
  if (!(error instanceof BaseError)) return { name: 'Error', message: 'An error occurred' }
  return {
    name: error.name,
    message: error.shortMessage,
    code: error instanceof FrameResponseError ? error.code : undefined,
    ...(error instanceof EmailThrottledError ? { seconds: error.seconds } : {}),
  }
}
