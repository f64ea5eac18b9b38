import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_OIDC_USERS, type DevOidcProvider, startDevOidcProvider } from './dev-oidc.js'

const redirectUri = 'http://localhost:3030/embedded/v1/social/callback'

describe('given Dev Google with one registered client', () => {
  let google: DevOidcProvider
  beforeAll(async () => {
    google = await startDevOidcProvider({
      clients: [{ clientId: 'app', clientSecret: 'secret', redirectUris: [redirectUri] }],
    })
  })
  afterAll(() => google.close())

  const authorize = (params: Record<string, string>) =>
    fetch(`${google.issuer}/auth?${new URLSearchParams(params)}`, { redirect: 'manual' })
  const base = {
    client_id: 'app',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: 's',
    nonce: 'n',
  }

  it('then its discovery document is an OpenID issuer with the code flow and PKCE S256', async () => {
    const doc = (await (await fetch(`${google.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >
    expect(doc.issuer).toBe(google.issuer)
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['email', 'email_verified']))
  })

  it('then a request without a PKCE challenge goes back to the app with an error, not to the login page', async () => {
    const response = await authorize(base)
    const back = new URL(response.headers.get('location') ?? '', google.issuer)
    expect(back.origin + back.pathname).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('invalid_request')
  })

  it('then a request with S256 reaches a login page that lists its test people', async () => {
    const response = await authorize({
      ...base,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
    const login = new URL(response.headers.get('location') ?? '', google.issuer)
    expect(login.pathname).toMatch(/^\/interaction\//)
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const html = await (await fetch(login, { headers: { cookie } })).text()
    for (const user of DEV_OIDC_USERS) expect(html).toContain(user.email)
    expect(html).toContain('Cancel')
  })
})
