import { describe, expect, it } from 'vitest'
import { EmailThrottledError } from '../errors/embedded.js'
import { appOriginAlert, assertEmailLoginAllowed } from './embedded.js'

describe('given email login (spec §5: throttled to once per 30 seconds)', () => {
  it('when no login happened before, then it is allowed', () => {
    expect(() => assertEmailLoginAllowed({ lastEmailLoginTime: undefined, now: 0 })).not.toThrow()
  })

  it("when the last login was 12.5 s ago, then 'Please try again after 18 seconds' and no request is sent", () => {
    expect(() => assertEmailLoginAllowed({ lastEmailLoginTime: 100_000, now: 112_500 })).toThrow(
      'Please try again after 18 seconds',
    )
    expect(() => assertEmailLoginAllowed({ lastEmailLoginTime: 100_000, now: 112_500 })).toThrow(
      EmailThrottledError,
    )
  })

  it('when 30 s have passed, then it is allowed again', () => {
    expect(() => assertEmailLoginAllowed({ lastEmailLoginTime: 100_000, now: 130_000 })).not.toThrow()
  })
})

describe('given email or social login is enabled (spec §5: allowed origins)', () => {
  it('when the origin is in the allowed origins or default ancestors, then there is no alert', () => {
    expect(
      appOriginAlert({
        origin: 'https://dapp.example',
        allowedOrigins: ['https://dapp.example'],
        loginEnabled: true,
      }),
    ).toBeUndefined()
    expect(
      appOriginAlert({ origin: 'http://localhost:5173', allowedOrigins: [], loginEnabled: true }),
    ).toBeUndefined()
  })

  it("when the origin is not allowed, then the 'invalid app configuration' alert shows", () => {
    expect(
      appOriginAlert({
        origin: 'https://evil.example',
        allowedOrigins: ['https://dapp.example'],
        loginEnabled: true,
      }),
    ).toEqual({
      id: 'INVALID_APP_CONFIGURATION',
      variant: 'error',
      message: 'invalid app configuration',
    })
  })

  it('when login is off, then the origin is not checked', () => {
    expect(
      appOriginAlert({ origin: 'https://evil.example', allowedOrigins: [], loginEnabled: false }),
    ).toBeUndefined()
  })
})
