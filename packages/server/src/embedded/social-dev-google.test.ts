import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_OIDC_USERS, type DevOidcProvider, startDevOidcProvider } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSocial } from '../cli/social.js'
import { demoProject, startTestServer } from '../test/backends.js'
import { providerWindow } from '../test/provider-window.js'
import { embeddedPost } from '../test/social.js'

const client = { clientId: 'latch-demo', clientSecret: 'dev-google-secret-of-the-demo' }
const origin = 'https://app.example.com'
const [verified] = DEV_OIDC_USERS

describe('given "Continue with Google" against the test kit\'s Dev Google (oidc-provider)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let google: DevOidcProvider
  let frameDir: string
  const post = embeddedPost(() => server.base)
  const publicJwk = async () => {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey)
    return { kty, crv, x, y }
  }

  beforeAll(async () => {
    frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    server = await startTestServer('sqlite', { embedded: { frameDir } })
    google = await startDevOidcProvider({
      clients: [{ ...client, redirectUris: [`${server.base}/embedded/v1/social/callback`] }],
    })
    await server.repository.updateProject(demoProject.id, {
      features: { social_login: { isEnabled: true, config: ['google'] } },
    })
    await setSocial(server.repository, undefined, {
      id: demoProject.id,
      provider: 'google',
      issuer: google.issuer,
      ...client,
    })
  })
  afterAll(async () => {
    await server.close()
    await google.close()
    await rm(frameDir, { recursive: true, force: true })
  })

  async function startAtGoogle() {
    const start = await post('social/start', { provider: 'google', origin })
    const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
    const window = providerWindow(server.base)
    const login = await window.send(url)
    return { attemptId, window, login }
  }

  it('when the visitor picks an account and allows, then the frame gets a session for that Google account', async () => {
    const { attemptId, window, login } = await startAtGoogle()
    const loginHtml = await login.text()
    expect(loginHtml).toContain('Dev Google')
    expect(loginHtml).toContain(verified!.email)
    const consent = await window.press(google.issuer, loginHtml, 'login', ['sub', verified!.sub])
    const consentHtml = await consent.text()
    expect(consentHtml).toContain('wants to know your name and email address')
    const back = await window.press(google.issuer, consentHtml, 'confirm')
    expect(await back.text()).toContain('You are signed in.')
    const done = await post('social/finish', { attemptId, origin, devicePublicKey: await publicJwk() })
    expect(done.status).toBe(200)
    const user = await server.repository.embedded.findUser(demoProject.id, verified!.email)
    const { token, provider, username } = (await done.json()) as {
      token: string
      provider: string
      username: string
    }
    // Google has no handle: the account's name stands for one.
    expect({ provider, username }).toEqual({ provider: 'google', username: verified!.name })
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub).toBe(user?.id)
  })

  it('when the visitor cancels at Google, then the frame is told the login was cancelled', async () => {
    const { attemptId, window, login } = await startAtGoogle()
    const back = await window.press(google.issuer, await login.text(), 'abort')
    expect(await back.text()).toContain('The sign-in was cancelled.')
    const done = await post('social/finish', { attemptId, origin, devicePublicKey: await publicJwk() })
    expect(((await done.json()) as { error: string }).error).toBe('social_denied')
  })
})
