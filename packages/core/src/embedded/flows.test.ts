import { describe, expect, it } from 'vitest'
import { EmailThrottledError, FrameLoadError } from '../errors/frame.js'
import type { EmbeddedEmailUpdateStep, EmbeddedLoginStep } from './capability.js'
import { describeError, emailUpdateReducer, loginReducer } from './flows.js'

const email = 'ada@example.com'
const unreachable = describeError(new FrameLoadError())

describe('given the email login as a state machine', () => {
  it('when it runs through the code, then each step follows from the last', () => {
    let state: EmbeddedLoginStep = { step: 'idle' }
    const steps: string[] = []
    for (const event of [
      { type: 'send', email },
      { type: 'await-code' },
      { type: 'submit-code' },
      {
        type: 'code-refused',
        error: { name: 'FrameResponseError', message: 'Invalid code', code: 'INVALID_OTP' },
      },
      { type: 'submit-code' },
      { type: 'authenticate' },
      { type: 'finish' },
    ] as const) {
      state = loginReducer(state, event)
      steps.push(state.step + ('submitting' in state && state.submitting ? '+' : ''))
    }
    expect(steps).toEqual([
      'sending',
      'verify-otp',
      'verify-otp+',
      'verify-otp',
      'verify-otp+',
      'authenticating',
      'idle',
    ])
  })

  it('when it fails, then it keeps the email and the error for Retry, and only a new send or the end leaves it', () => {
    const failed = loginReducer({ step: 'sending', email }, { type: 'fail', error: unreachable })
    expect(failed).toEqual({
      step: 'failed',
      email,
      error: { name: 'FrameLoadError', message: 'Unable to load email login dependency', code: undefined },
    })
    expect(loginReducer(failed, { type: 'await-code' })).toBe(failed)
    expect(loginReducer(failed, { type: 'authenticate' })).toBe(failed)
    expect(loginReducer(failed, { type: 'send', email })).toEqual({ step: 'sending', email })
    expect(loginReducer(failed, { type: 'finish' })).toEqual({ step: 'idle' })
  })

  it('when an event comes with no login under way, then nothing changes', () => {
    const idle: EmbeddedLoginStep = { step: 'idle' }
    expect(loginReducer(idle, { type: 'await-code' })).toBe(idle)
    expect(loginReducer(idle, { type: 'fail', error: unreachable })).toBe(idle)
    const device: EmbeddedLoginStep = { step: 'verify-device', email }
    expect(loginReducer(device, { type: 'submit-code' })).toBe(device)
  })
})

describe('given the email change as a state machine', () => {
  it('when both codes are accepted, then it ends done with the new address', () => {
    let state: EmbeddedEmailUpdateStep = { step: 'idle' }
    for (const event of [
      { type: 'submit-email', email },
      { type: 'email-accepted' },
      { type: 'submit-code' },
      { type: 'primary-accepted' },
      { type: 'submit-code' },
      { type: 'done', email },
    ] as const)
      state = emailUpdateReducer(state, event)
    expect(state).toEqual({ step: 'done', email })
  })

  it('when a code event comes with no change under way, then nothing changes', () => {
    const idle: EmbeddedEmailUpdateStep = { step: 'idle' }
    expect(emailUpdateReducer(idle, { type: 'submit-code' })).toBe(idle)
    expect(emailUpdateReducer(idle, { type: 'primary-accepted' })).toBe(idle)
  })
})

describe('describeError', () => {
  it('keeps the class name, the short message, the frame code and the throttle seconds, never more', () => {
    expect(describeError(new EmailThrottledError({ seconds: 12 }))).toEqual({
      name: 'EmailThrottledError',
      message: 'Please try again after 12 seconds',
      code: undefined,
      seconds: 12,
    })
    expect(describeError(new Error('internal detail'))).toEqual({
      name: 'Error',
      message: 'An error occurred',
    })
  })
})
