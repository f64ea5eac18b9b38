import { describe, expect, it } from 'vitest'
import {
  afterDecision,
  emailUpdateReducer,
  type LoginState,
  loginAttempt,
  loginReducer,
  type ScreenState,
  screenReducer,
} from './flows.js'

describe('given the login flow', () => {
  it('then a code finishes only an attempt that was started, and a sign-in ends it', () => {
    let state: LoginState = { step: 'idle' }
    expect(loginAttempt(state)).toBeUndefined()
    expect(loginReducer(state, { type: 'deviceConfirmed' })).toEqual({ step: 'idle' })
    state = loginReducer(state, {
      type: 'started',
      attemptId: 'a1',
      email: 'a@x.io',
      action: 'VERIFY_DEVICE',
    })
    state = loginReducer(state, { type: 'deviceConfirmed' })
    expect(state).toEqual({ step: 'confirmed', attemptId: 'a1', email: 'a@x.io' })
    expect(loginAttempt(state)).toEqual({ attemptId: 'a1', email: 'a@x.io' })
    state = loginReducer(state, { type: 'started', attemptId: 'a2', email: 'b@x.io', action: 'VERIFY_OTP' })
    expect(loginAttempt(state)).toEqual({ attemptId: 'a2', email: 'b@x.io' })
    expect(loginReducer(state, { type: 'signedIn' })).toEqual({ step: 'idle' })
  })
})

describe('given the email change flow', () => {
  it('then the second code is asked only after the first passed, and a new change starts over', () => {
    const idle = { step: 'idle' } as const
    expect(emailUpdateReducer(idle, { type: 'primaryPassed' })).toEqual(idle)
    const primary = emailUpdateReducer(idle, { type: 'started', attemptId: 'u1' })
    expect(primary).toEqual({ step: 'primary', attemptId: 'u1' })
    const secondary = emailUpdateReducer(primary, { type: 'primaryPassed' })
    expect(secondary).toEqual({ step: 'secondary', attemptId: 'u1' })
    expect(emailUpdateReducer(secondary, { type: 'primaryPassed' })).toEqual(secondary)
    expect(emailUpdateReducer(secondary, { type: 'started', attemptId: 'u2' })).toEqual({
      step: 'primary',
      attemptId: 'u2',
    })
    expect(emailUpdateReducer(secondary, { type: 'done' })).toEqual(idle)
  })
})

describe('given the approval screen', () => {
  it('then a shown screen is closed, an abort bumps the generation, and a decision is read against it', () => {
    const cancel = () => {}
    let state: ScreenState = { generation: 0 }
    state = screenReducer(state, { type: 'shown', cancel })
    expect(state.showing?.cancel).toBe(cancel)
    expect(afterDecision(state, 0, true)).toBe('sign')
    expect(afterDecision(state, 0, false)).toBe('rejected')
    expect(afterDecision(state, 0, 'aborted')).toBe('aborted')
    state = screenReducer(state, { type: 'closed' })
    expect(state).toEqual({ generation: 0 })
    state = screenReducer(state, { type: 'abortAll' })
    expect(state).toEqual({ generation: 1 })
    expect(afterDecision(state, 0, true)).toBe('aborted')
  })
})
