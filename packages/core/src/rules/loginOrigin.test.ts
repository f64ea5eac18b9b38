import { describe, expect, it } from 'vitest'
import { appOriginAlert } from './loginOrigin.js'

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
