import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setSocial } from '../cli/social.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { startOidcIssuer } from '../test/oidc-issuer.js'
import { sha256 } from './codes.js'
import { createSmtpMailer } from './mail.js'

const subtle = globalThis.crypto.subtle
const secretKey = 's'.repeat(40)
const client = { clientId: 'latch-demo', clientSecret: 'the-client-secret-of-the-demo' }
const origin = 'https://app.example.com'
const googleOn = { social_login: { isEnabled: true, config: ['email', 'google'] } }
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''
const subOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string

async function devicePublicKey() {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const { kty, crv, x, y } = await subtle.exportKey('jwk', keys.publicKey)
  return { kty, crv, x, y }
}

describe.each(backends)('given "Continue with Google" on %s against a local OpenID provider', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let issuer: Awaited<ReturnType<typeof startOidcIssuer>>
  let sink: MailSink
  let frameDir: string
  const q = `projectId=${demoProject.id}`
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${server.base}/embedded/v1/${path}?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })

  /** The frame starts, the visitor's window goes to the provider and back; nothing finished yet. */
  async function throughProvider(body: Record<string, unknown> = {}) {
    const start = await post('social/start', { provider: 'google', origin, ...body })
    expect(start.status).toBe(200)
    const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
    const atProvider = await fetch(url, { redirect: 'manual' })
    const callbackUrl = atProvider.headers.get('location') ?? ''
    const page = await fetch(callbackUrl)
    return { attemptId, url: new URL(url), callbackUrl, page }
  }
  const finish = async (attemptId: string, extra: Record<string, unknown> = {}) =>
    post('social/finish', { attemptId, origin, devicePublicKey: await devicePublicKey(), ...extra })

  async function emailSignUp(email: string) {
    const after = Date.now()
    const login = (await (await post('login', { email })).json()) as { attemptId: string }
    const mail = await sink.waitFor(email, { after })
    const done = await post('otp', {
      attemptId: login.attemptId,
      otp: codeOf(mail.text),
      devicePublicKey: await devicePublicKey(),
    })
    expect(done.status).toBe(200)
    return (await done.json()) as { token: string }
  }

  beforeAll(async () => {
    sink = await startMailSink()
    issuer = await startOidcIssuer(client)
    frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    await writeFile(join(frameDir, 'window.html'), '<!doctype html><title>window</title>')
    server = await startTestServer(backend, {
      embedded: {
        secretKey,
        frameDir,
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        limits: { ipChecks: 1000, ipLogins: 1000, resendSeconds: 3 },
      },
    })
    await server.repository.updateProject(demoProject.id, { features: googleOn })
    await setSocial(server.repository, secretKey, {
      id: demoProject.id,
      provider: 'google',
      issuer: issuer.issuer,
      ...client,
    })
  })
  afterAll(async () => {
    await server.close()
    await issuer.close()
    await sink.close()
    await rm(frameDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    issuer.state.user = { sub: `sub-${Math.random()}`, email: 'someone@example.com', email_verified: true }
    issuer.state.deny = false
    issuer.state.fault = {}
  })

  describe('when the project sets its Google client with the CLI', () => {
    it('then the client secret is stored sealed, not in the clear', async () => {
      const stored = await server.repository.social.getClient(demoProject.id, 'google')
      expect(stored?.clientId).toBe(client.clientId)
      expect(stored?.clientSecret).not.toContain(client.clientSecret)
      expect(stored?.clientSecret).not.toContain(Buffer.from(client.clientSecret).toString('base64url'))
    })

    it('then an unknown provider or a plain-HTTP issuer elsewhere is refused', async () => {
      const input = { id: demoProject.id, issuer: undefined, ...client }
      await expect(
        setSocial(server.repository, secretKey, { ...input, provider: 'myspace' }),
      ).rejects.toThrow('Unknown provider "myspace"')
      await expect(
        setSocial(server.repository, secretKey, {
          ...input,
          provider: 'google',
          issuer: 'http://idp.example',
        }),
      ).rejects.toThrow('The issuer must start with https://')
    })
  })

  describe("when the project's social_login setting is off, or does not list Google", () => {
    it('then starting a Google login is refused with social_disabled, and on again it starts', async () => {
      const refused = async () => {
        const start = await post('social/start', { provider: 'google', origin })
        expect(start.status).toBe(403)
        expect(await start.json()).toMatchObject({
          error: 'social_disabled',
          message: 'google login is turned off for this project',
        })
      }
      try {
        await server.repository.updateProject(demoProject.id, {
          features: { social_login: { isEnabled: false, config: ['email', 'google'] } },
        })
        await refused()
        await server.repository.updateProject(demoProject.id, {
          features: { social_login: { isEnabled: true, config: ['email', 'github'] } },
        })
        await refused()
      } finally {
        await server.repository.updateProject(demoProject.id, { features: googleOn })
      }
      expect((await post('social/start', { provider: 'google', origin })).status).toBe(200)
    })
  })

  describe('when a visitor continues with Google and consents', () => {
    it('then the provider URL asks for a code with PKCE S256, a state and a nonce for our callback', async () => {
      const start = await post('social/start', { provider: 'google', origin })
      const url = new URL(((await start.json()) as { url: string }).url)
      expect(url.origin).toBe(issuer.issuer)
      expect(url.searchParams.get('response_type')).toBe('code')
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43)
      expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(43)
      expect(url.searchParams.get('redirect_uri')).toBe(`${server.base}/embedded/v1/social/callback`)
    })

    it('then the frame waits, then gets a session once, for the account of that Google subject', async () => {
      const start = await post('social/start', { provider: 'google', origin })
      const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
      const waiting = await finish(attemptId)
      expect(waiting.status).toBe(202)
      expect(await waiting.json()).toEqual({ status: 'pending' })
      const back = (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? ''
      const page = await fetch(back)
      expect(page.status).toBe(200)
      const text = await page.text()
      expect(text).toContain('You are signed in.')
      expect(text).not.toMatch(/eyJ|the-client-secret/)
      const done = await finish(attemptId)
      expect(done.status).toBe(200)
      const session = (await done.json()) as { status: string; token: string; deviceId: string }
      expect(session.status).toBe('done')
      const me = await fetch(`${server.base}/embedded/v1/me?${q}`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
      expect(((await me.json()) as { email: string }).email).toBe('someone@example.com')
      // Taken once: the same attempt gives no second session.
      expect((await finish(attemptId)).status).toBe(400)
      // The same subject again (another login) opens the same account.
      const again = await throughProvider()
      const second = (await (await finish(again.attemptId)).json()) as { token: string }
      expect(subOf(second.token)).toBe(subOf(session.token))
    })
  })

  describe('when the state is forged or replayed', () => {
    it('then a forged state is refused and redeems nothing', async () => {
      const before = issuer.state.redeemed
      const page = await fetch(`${server.base}/embedded/v1/social/callback?state=forged&code=anything`)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain('This sign-in has expired or was already used.')
      expect(issuer.state.redeemed).toBe(before)
    })

    it('then a replayed callback is refused and the code is not redeemed twice', async () => {
      const { callbackUrl, page, attemptId } = await throughProvider()
      expect(page.status).toBe(200)
      const redeemed = issuer.state.redeemed
      const replay = await fetch(callbackUrl)
      expect(replay.status).toBe(400)
      expect(issuer.state.redeemed).toBe(redeemed)
      expect((await finish(attemptId)).status).toBe(200)
    })

    it("then another attempt's secret or another origin cannot finish it", async () => {
      const { attemptId } = await throughProvider()
      const other = await finish('A'.repeat(43))
      expect(((await other.json()) as { error: string }).error).toBe('social_expired')
      const elsewhere = await finish(attemptId, { origin: 'https://evil.example' })
      expect(elsewhere.status).toBe(403)
      expect(((await elsewhere.json()) as { error: string }).error).toBe('origin_mismatch')
      expect((await finish(attemptId)).status).toBe(200)
    })

    it('then an expired attempt, with the email it held, is gone once another starts', async () => {
      const { attemptId } = await throughProvider()
      const stored = await server.repository.social.getAttempt(sha256(attemptId))
      expect(stored?.email).toBe('someone@example.com')
      await server.repository.social.insertAttempt({
        ...stored!,
        id: 'expired',
        stateId: 'expired',
        expiresAt: 1,
      })
      expect(await server.repository.social.getAttempt('expired')).toBeDefined()
      await post('social/start', { provider: 'google', origin })
      expect(await server.repository.social.getAttempt('expired')).toBeUndefined()
    })

    it('then an origin the project does not allow cannot start one', async () => {
      const start = await post('social/start', { provider: 'google', origin: 'https://evil.example' })
      expect(start.status).toBe(403)
      expect(((await start.json()) as { error: string }).error).toBe('origin_not_allowed')
    })
  })

  describe.each([
    ['a mismatched nonce', { nonce: 'another-nonce' }],
    ['a wrong audience', { aud: 'another-client' }],
    ['an expired ID token', { expired: true }],
    ['a key the issuer does not publish', { foreignKey: true }],
  ])('when the provider answers with %s', (_name, fault) => {
    it('then the login fails with a clear error and no account is made', async () => {
      const email = `fault-${Math.random()}@example.com`
      issuer.state.user = { sub: `sub-${Math.random()}`, email, email_verified: true }
      issuer.state.fault = fault
      const { page, attemptId } = await throughProvider()
      expect(page.status).toBe(400)
      expect(await page.text()).toContain('The sign-in could not be completed.')
      const done = await finish(attemptId)
      expect(done.status).toBe(400)
      expect(await done.json()).toMatchObject({
        error: 'social_invalid',
        message: "The provider's answer could not be verified",
      })
      expect(await server.repository.embedded.findUser(demoProject.id, email)).toBeUndefined()
    })
  })

  describe('when the visitor denies consent', () => {
    it('then the frame is told the login was cancelled', async () => {
      issuer.state.deny = true
      const { page, attemptId } = await throughProvider()
      expect(await page.text()).toContain('The sign-in was cancelled.')
      expect(await (await finish(attemptId)).json()).toMatchObject({
        error: 'social_denied',
        message: 'The login was cancelled at the provider',
      })
    })
  })

  describe('given an account made with an email code', () => {
    it('then Google with the same email, verified, opens that account', async () => {
      const email = `joined-${Math.random()}@example.com`
      const byEmail = await emailSignUp(email)
      issuer.state.user = { sub: `sub-${Math.random()}`, email, email_verified: true }
      const { attemptId } = await throughProvider()
      const byGoogle = (await (await finish(attemptId)).json()) as { token: string }
      expect(subOf(byGoogle.token)).toBe(subOf(byEmail.token))
    })

    it.each([
      ['false', false],
      ['the string "true"', 'true'],
      ['missing', undefined],
    ])(
      'then Google with the same email, email_verified %s, gets an account of its own',
      async (_n, verified) => {
        const email = `unverified-${Math.random()}@example.com`
        const byEmail = await emailSignUp(email)
        issuer.state.user = { sub: `sub-${Math.random()}`, email, email_verified: verified }
        const { attemptId } = await throughProvider()
        const byGoogle = (await (await finish(attemptId)).json()) as { token: string }
        expect(subOf(byGoogle.token)).not.toBe(subOf(byEmail.token))
        // The email login still opens the first account, not the Google one.
        const user = await server.repository.embedded.findUser(demoProject.id, email)
        expect(user?.id).toBe(subOf(byEmail.token))
      },
    )

    it('then a Google account made with a verified email is the one the email code opens later', async () => {
      const email = `google-first-${Math.random()}@example.com`
      issuer.state.user = { sub: `sub-${Math.random()}`, email, email_verified: true }
      const { attemptId } = await throughProvider()
      const byGoogle = (await (await finish(attemptId)).json()) as { token: string }
      expect((await server.repository.embedded.findUser(demoProject.id, email))?.id).toBe(
        subOf(byGoogle.token),
      )
    })
  })
})
