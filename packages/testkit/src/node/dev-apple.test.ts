import { createPrivateKey } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevApple, type DevAppleKey, generateDevAppleKey, startDevApple } from './dev-apple.js'

const redirectUri = 'http://localhost:3030/embedded/v1/social/callback'
const clientId = 'com.example.latch.web'

describe('given Dev Apple with one Services ID and its team key', () => {
  let apple: DevApple
  let key: DevAppleKey
  beforeAll(async () => {
    key = generateDevAppleKey()
    apple = await startDevApple({
      clients: [{ clientId, teamId: key.teamId, keys: [key], redirectUris: [redirectUri] }],
    })
  })
  afterAll(() => apple.close())

  /** A client secret as Apple documents it, with any part changed. */
  const secret = async (
    change: { iss?: string; sub?: string; aud?: string; kid?: string; exp?: number; pem?: string } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? key.keyId })
      .setIssuer(change.iss ?? key.teamId)
      .setSubject(change.sub ?? clientId)
      .setAudience(change.aud ?? apple.issuer)
      .setIssuedAt(now)
      .setExpirationTime(change.exp ?? now + 300)
      .sign(createPrivateKey(change.pem ?? key.privateKeyPem))
  }
  const redeem = async (clientSecret: string) => {
    const response = await fetch(`${apple.issuer}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: redirectUri,
        code_verifier: 'v'.repeat(43),
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    })
    return { status: response.status, error: ((await response.json()) as { error: string }).error }
  }

  it("then the test key is a .p8 file's PKCS#8 PEM on P-256, with 10-character team and key ids", () => {
    expect(key.teamId).toMatch(/^[A-Z0-9]{10}$/)
    expect(key.keyId).toMatch(/^[A-Z0-9]{10}$/)
    expect(key.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
    expect(createPrivateKey(key.privateKeyPem).asymmetricKeyDetails?.namedCurve).toBe('prime256v1')
  })

  it("then its discovery document names Apple's endpoints and the form_post response mode", async () => {
    const doc = (await (await fetch(`${apple.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >
    expect(doc).toMatchObject({
      issuer: apple.issuer,
      authorization_endpoint: `${apple.issuer}/auth/authorize`,
      token_endpoint: `${apple.issuer}/auth/token`,
      jwks_uri: `${apple.issuer}/auth/keys`,
    })
    expect(doc.response_modes_supported).toContain('form_post')
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'name']))
  })

  it('then an authorization request that does not ask for form_post is refused', async () => {
    const response = await fetch(
      `${apple.issuer}/auth/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email name',
        state: 's',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    )
    const back = new URL(response.headers.get('location') ?? '', apple.issuer)
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('error_description')).toContain('response_mode is not allowed')
  })

  it('then a client secret signed with the registered key passes the client check (the code is what fails)', async () => {
    expect(await redeem(await secret())).toEqual({ status: 400, error: 'invalid_grant' })
  })

  it.each([
    ['another key', async () => ({ pem: generateDevAppleKey().privateKeyPem })],
    ['an unknown key id', async () => ({ kid: 'ZZZZZZZZZZ' })],
    ['another team', async () => ({ iss: 'ABCDE12345' })],
    ['another Services ID', async () => ({ sub: 'com.example.other' })],
    ['another audience', async () => ({ aud: 'https://appleid.apple.com' })],
    ['an expiry in the past', async () => ({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['an expiry beyond six months', async () => ({ exp: Math.floor(Date.now() / 1000) + 200 * 86_400 })],
  ])('then a client secret with %s is invalid_client', async (_name, change) => {
    expect(await redeem(await secret(await change()))).toEqual({ status: 400, error: 'invalid_client' })
  })

  it("then a fresh client secret checked at a time past its expiry (Dev Apple's clock) is invalid_client", async () => {
    const late = await startDevApple({
      clients: [{ clientId, teamId: key.teamId, keys: [key], redirectUris: [redirectUri] }],
      now: () => new Date(Date.now() + 10 * 60_000),
    })
    try {
      const response = await fetch(`${late.issuer}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: redirectUri,
          client_id: clientId,
          client_secret: await secret({ aud: late.issuer }),
        }).toString(),
      })
      expect(await response.json()).toEqual({ error: 'invalid_client' })
    } finally {
      await late.close()
    }
  })

  it('then a static client secret is invalid_client', async () => {
    expect(await redeem('a-static-secret')).toEqual({ status: 400, error: 'invalid_client' })
  })
})
