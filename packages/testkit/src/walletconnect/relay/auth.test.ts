import { describe, expect, it } from 'vitest'
import { parseConnectionUrl } from './auth.js'

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const iss = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'
const token = (payload: object, header: object = { alg: 'EdDSA', typ: 'JWT' }) =>
  `${segment(header)}.${segment(payload)}.c2lnbmF0dXJl`

describe('given a connection URL from a WalletConnect client', () => {
  describe('when the token is a well-formed relay JWT', () => {
    it('then the client is identified by its did:key and the project id is read', () => {
      const url = `/?auth=${token({ iss, exp: 2_000_000_000 })}&projectId=abc&ua=wc-2%2Fjs-2.25.0`

      expect(parseConnectionUrl(url, 0)).toEqual({
        ok: true,
        info: { clientId: iss, projectId: 'abc', userAgent: 'wc-2/js-2.25.0' },
      })
    })
  })

  describe('when the token is expired, not EdDSA, or has no did:key issuer', () => {
    it('then the connection is refused with a reason', () => {
      const now = 2_000_000_001_000
      expect(parseConnectionUrl(`/?auth=${token({ iss, exp: 2_000_000_000 })}`, now)).toMatchObject({
        ok: false,
      })
      expect(parseConnectionUrl(`/?auth=${token({ iss }, { alg: 'none' })}`, 0)).toMatchObject({ ok: false })
      expect(parseConnectionUrl(`/?auth=${token({ iss: 'someone' })}`, 0)).toMatchObject({ ok: false })
      expect(parseConnectionUrl('/?projectId=abc', 0)).toEqual({ ok: false, reason: 'missing auth' })
    })
  })
})
