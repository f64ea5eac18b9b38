import { createPrivateKey } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEV_APPLE_USERS,
  type DevApple,
  type DevAppleKey,
  type DevAppleUser,
  generateDevAppleKey,
  type MailSink,
  startDevApple,
  startMailSink,
} from '@latch/testkit'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atRestContext } from '../at-rest.js'
import { setSocial } from '../cli/social.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { formPostOf, providerWindow } from '../test/provider-window.js'
import { embeddedPost } from '../test/social.js'
import { sha256 } from './codes.js'
import { KeyRing } from './keys.js'
import { createSmtpMailer } from './mail.js'
import { appleClientSecret, appleCredentials, appleEmailVerified, appleUsername } from './social/apple.js'

const secretKey = 's'.repeat(40)
const clientId = 'com.example.latch.web'
const origin = 'https://app.example.com'
const [stringTrue, relay, unverified] = DEV_APPLE_USERS as [DevAppleUser, DevAppleUser, DevAppleUser]
/** Signs in only where the login must fail: no account may ever be made for them. */
const refused: DevAppleUser = {
  sub: '001729.77777777777777777777777777777777.1299',
  firstName: 'Refused',
  lastName: 'Visitor',
  email: 'refused.apple@example.com',
  emailVerified: 'true',
}
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''
const subOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string

async function devicePublicKey() {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey)
  return { kty, crv, x, y }
}

describe("given Apple's dialect of OpenID Connect", () => {
  it('then the client secret is an ES256 JWT with the key id, from the team, for the Services ID, to the issuer, valid five minutes', async () => {
    const key = generateDevAppleKey()
    const credentials = { teamId: key.teamId, keyId: key.keyId, privateKey: key.privateKeyPem }
    const secret = await appleClientSecret(credentials, clientId, 'https://appleid.apple.com')
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: key.keyId })
    const claims = decodeJwt(secret)
    expect(claims).toMatchObject({ iss: key.teamId, sub: clientId, aud: 'https://appleid.apple.com' })
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300)
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5)
  })

  it('then email_verified counts as the boolean true or the string "true", and nothing else', () => {
    expect([true, 'true'].map(appleEmailVerified)).toEqual([true, true])
    expect([false, 'false', 'TRUE', 1, '1', null, undefined, {}].map(appleEmailVerified)).toEqual(
      Array(8).fill(false),
    )
  })

  it("then the name is read from the first answer's user field when it is Apple's shape, else null", () => {
    const user = (value: unknown) => JSON.stringify(value)
    expect(appleUsername(user({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'a@b.c' }))).toBe(
      'Ada Lovelace',
    )
    expect(appleUsername(user({ name: { firstName: ' Ada ' } }))).toBe('Ada')
    for (const other of [
      null,
      '',
      'not json',
      user({ email: 'a@b.c' }),
      user({ name: 'Ada' }),
      user({ name: { firstName: 7 } }),
      user({ name: { firstName: 'A'.repeat(101) } }),
      user({ name: { firstName: 'Ada' }, pad: 'x'.repeat(1100) }),
    ])
      expect(appleUsername(other)).toBeNull()
  })

  it('then opened credentials that are not what set-social stored are refused', () => {
    expect(() => appleCredentials('a-static-secret')).toThrow('The Apple credentials are not set')
    expect(() => appleCredentials(JSON.stringify({ teamId: 'x', keyId: 'y', privateKey: 'z' }))).toThrow(
      'The Apple credentials are not set',
    )
  })
})

describe.each(backends)('given "Sign in with Apple" on %s against the test kit\'s Dev Apple', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let apple: DevApple
  let sink: MailSink
  let key: DevAppleKey
  let dir: string
  /** Dev Apple's clock runs this far ahead of ours. */
  let appleAhead = 0
  const callbackUrl = () => `${server.base}/embedded/v1/social/callback`
  const post = embeddedPost(() => server.base)
  const finish = async (attemptId: string) =>
    post('social/finish', { attemptId, origin, devicePublicKey: await devicePublicKey() })
  const appleOn = (config: string[] = ['email', 'google', 'apple']) =>
    server.repository.updateProject(demoProject.id, {
      features: { social_login: { isEnabled: true, config } },
    })
  const writeKey = async (name: string, pem: string) => {
    const path = join(dir, name)
    await writeFile(path, pem, { mode: 0o600 })
    return path
  }
  const setApple = async (change: { privateKeyFile?: string; teamId?: string } = {}) =>
    setSocial(server.repository, secretKey, {
      id: demoProject.id,
      provider: 'apple',
      issuer: apple.issuer,
      clientId,
      clientSecret: undefined,
      teamId: change.teamId ?? key.teamId,
      keyId: key.keyId,
      privateKeyFile: change.privateKeyFile ?? join(dir, 'AuthKey.p8'),
    })

  /**
   * Sign in with Apple up to Apple's answer: the frame starts, the visitor's window picks `user` at
   * Dev Apple and allows (or cancels); Apple's page would now post the answer to our callback.
   */
  async function atApple(choice: DevAppleUser | 'cancel') {
    const start = await post('social/start', { provider: 'apple', origin })
    expect(start.status).toBe(200)
    const { attemptId, url } = (await start.json()) as { attemptId: string; url: string }
    const window = providerWindow(server.base)
    const loginHtml = await (await window.send(url)).text()
    const answer =
      choice === 'cancel'
        ? await window.press(apple.issuer, loginHtml, 'abort')
        : await window.press(
            apple.issuer,
            await (await window.press(apple.issuer, loginHtml, 'login', ['sub', choice.sub])).text(),
            'confirm',
          )
    return { attemptId, url: new URL(url), loginHtml, ...formPostOf(await answer.text()) }
  }
  /** The browser posts Apple's answer to our callback, cross-site: no cookie of ours goes with it. */
  const postAnswer = async (action: string, fields: URLSearchParams) => {
    const page = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: apple.issuer },
      body: fields.toString(),
      redirect: 'manual',
    })
    return { status: page.status, page: await page.text() }
  }
  async function throughApple(choice: DevAppleUser | 'cancel') {
    const answer = await atApple(choice)
    return { ...answer, ...(await postAnswer(answer.action, answer.fields)) }
  }

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
    dir = await mkdtemp(join(tmpdir(), 'latch-apple-'))
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>frame</title>')
    sink = await startMailSink()
    server = await startTestServer(backend, {
      embedded: {
        secretKey,
        frameDir: dir,
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        limits: { ipChecks: 1000, ipLogins: 1000, resendSeconds: 3 },
      },
    })
    key = generateDevAppleKey()
    await writeKey('AuthKey.p8', key.privateKeyPem)
    apple = await startDevApple({
      clients: [{ clientId, teamId: key.teamId, keys: [key], redirectUris: [callbackUrl()] }],
      users: [...DEV_APPLE_USERS, refused],
      now: () => new Date(Date.now() + appleAhead),
    })
    await appleOn()
    await setApple()
  })
  afterAll(async () => {
    await server.close()
    await apple.close()
    await sink.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('when the project sets Apple with the CLI, then the private key is stored sealed, not in the clear', async () => {
    const stored = await server.repository.social.getClient(demoProject.id, 'apple')
    expect(stored).toMatchObject({ clientId, issuer: apple.issuer })
    const body = key.privateKeyPem.split('\n').slice(1, -2).join('')
    expect(stored?.clientSecret).not.toContain('PRIVATE KEY')
    expect(stored?.clientSecret).not.toContain(body.slice(0, 40))
    expect(stored?.clientSecret).not.toContain(key.teamId)
    const opened = await new KeyRing(server.repository.embedded, secretKey).decrypt(
      stored?.clientSecret ?? '',
      atRestContext.socialSecret(demoProject.id, 'apple'),
    )
    const credentials = appleCredentials(opened.toString('utf8'))
    expect({ teamId: credentials.teamId, keyId: credentials.keyId }).toEqual({
      teamId: key.teamId,
      keyId: key.keyId,
    })
    // The same key, as PKCS#8 PEM.
    expect(createPrivateKey(credentials.privateKey).export({ format: 'jwk' })).toEqual(
      createPrivateKey(key.privateKeyPem).export({ format: 'jwk' }),
    )
  })

  it('when the project does not list Apple, then starting an Apple login is refused with social_disabled', async () => {
    await appleOn(['email', 'google'])
    try {
      const start = await post('social/start', { provider: 'apple', origin })
      expect(start.status).toBe(403)
      expect(((await start.json()) as { error: string }).error).toBe('social_disabled')
    } finally {
      await appleOn()
    }
  })

  it('when the visitor signs in (email_verified "true"), then Apple\'s answer, posted cross-site to our callback with no cookie, signs in; the frame gets a session named by the first answer\'s name, which the email login reaches, and a second login opens the same account', async () => {
    const first = await throughApple(stringTrue)
    expect(first.url.origin + first.url.pathname).toBe(`${apple.issuer}/auth/authorize`)
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'openid email name',
      code_challenge_method: 'S256',
      client_id: clientId,
      redirect_uri: callbackUrl(),
    })
    expect(first.url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(43)
    expect(first.loginHtml).toContain('Dev Apple')
    expect(first.action).toBe(callbackUrl())
    expect(JSON.parse(first.fields.get('user') ?? '')).toMatchObject({
      name: { firstName: 'Apple', lastName: 'Visitor' },
    })
    expect(first.status).toBe(200)
    expect(first.page).toContain('You are signed in.')
    const done = await finish(first.attemptId)
    expect(done.status).toBe(200)
    const session = (await done.json()) as { token: string; provider: string; username: string | null }
    expect({ provider: session.provider, username: session.username }).toEqual({
      provider: 'apple',
      username: 'Apple Visitor',
    })
    // Apple vouches for the address ("true"): the account is the one an email login reaches.
    expect((await server.repository.embedded.findUser(demoProject.id, stringTrue.email))?.id).toBe(
      subOf(session.token),
    )
    const again = await throughApple(stringTrue)
    // Apple sends the name with the first answer only: later logins go on without one.
    expect(again.fields.has('user')).toBe(false)
    const second = (await (await finish(again.attemptId)).json()) as {
      token: string
      username: string | null
    }
    expect(subOf(second.token)).toBe(subOf(session.token))
    expect(second.username).toBeNull()
  })

  it('given an account made with an email code, when Apple vouches for the same (relay) address, then Apple opens that account', async () => {
    const byEmail = await emailSignUp(relay.email)
    const { attemptId, page } = await throughApple(relay)
    expect(page).toContain('You are signed in.')
    const byApple = (await (await finish(attemptId)).json()) as { token: string }
    expect(subOf(byApple.token)).toBe(subOf(byEmail.token))
  })

  it('given an account made with an email code, when Apple says email_verified false, then Apple gets an account of its own', async () => {
    const byEmail = await emailSignUp(unverified.email)
    const { attemptId } = await throughApple(unverified)
    const byApple = (await (await finish(attemptId)).json()) as { token: string }
    expect(subOf(byApple.token)).not.toBe(subOf(byEmail.token))
    expect((await server.repository.embedded.findUser(demoProject.id, unverified.email))?.id).toBe(
      subOf(byEmail.token),
    )
  })

  it('when the visitor cancels at Apple, then the answer posted back ends the login as cancelled', async () => {
    const { attemptId, fields, page } = await throughApple('cancel')
    expect(fields.get('error')).toBe('access_denied')
    expect(page).toContain('The sign-in was cancelled.')
    expect(await (await finish(attemptId)).json()).toMatchObject({ error: 'social_denied' })
  })

  describe.each([
    ['signed with a key that is not the registered one', async () => ({ privateKeyFile: 'Other.p8' })],
    ['from another team', async () => ({ teamId: 'ZZZZZ99999' })],
    ['expired by the time Apple checks it', async () => ({ ahead: 10 * 60_000 })],
  ])('when the client secret is %s', (_name, change) => {
    it('then Apple refuses the code, the login fails as unverifiable and no account is made', async () => {
      const { privateKeyFile, teamId, ahead } = (await change()) as {
        privateKeyFile?: string
        teamId?: string
        ahead?: number
      }
      if (privateKeyFile !== undefined) await writeKey(privateKeyFile, generateDevAppleKey().privateKeyPem)
      await setApple({
        ...(privateKeyFile === undefined ? {} : { privateKeyFile: join(dir, privateKeyFile) }),
        ...(teamId === undefined ? {} : { teamId }),
      })
      appleAhead = ahead ?? 0
      try {
        const { attemptId, status, page } = await throughApple(refused)
        expect(status).toBe(400)
        expect(page).toContain('The sign-in could not be completed.')
        expect(await (await finish(attemptId)).json()).toMatchObject({
          error: 'social_invalid',
          message: "The provider's answer could not be verified",
        })
        expect((await server.repository.social.getAttempt(sha256(attemptId)))?.subject).toBeNull()
        expect(await server.repository.embedded.findUser(demoProject.id, refused.email)).toBeUndefined()
      } finally {
        appleAhead = 0
        await setApple()
      }
    })
  })

  it('when a form POST names a forged state, then it is refused and the real answer still signs in', async () => {
    const { attemptId, action, fields } = await atApple(relay)
    const forged = new URLSearchParams(fields)
    forged.set('state', 'forged')
    const refusedPost = await postAnswer(action, forged)
    expect(refusedPost.status).toBe(400)
    expect(refusedPost.page).toContain('This sign-in has expired or was already used.')
    const real = await postAnswer(action, fields)
    expect(real.page).toContain('You are signed in.')
    expect((await finish(attemptId)).status).toBe(200)
  })

  it('when the form POST is replayed, then it is refused and the attempt keeps its one session', async () => {
    const { attemptId, action, fields } = await atApple(relay)
    expect((await postAnswer(action, fields)).status).toBe(200)
    const replay = await postAnswer(action, fields)
    expect(replay.status).toBe(400)
    expect(replay.page).toContain('This sign-in has expired or was already used.')
    expect((await finish(attemptId)).status).toBe(200)
  })

  it("when the user field is not Apple's shape, then the login goes on without a name", async () => {
    const { attemptId, action, fields } = await atApple(relay)
    fields.set('user', '{"name":')
    expect((await postAnswer(action, fields)).page).toContain('You are signed in.')
    expect(await (await finish(attemptId)).json()).toMatchObject({ status: 'done', username: null })
  })

  it('when the POST body is too large, not a form, or a field is out of bounds, then it is refused with 4xx and the attempt stays pending', async () => {
    const { attemptId, action, fields } = await atApple(relay)
    const send = (body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(action, { method: 'POST', headers: { 'content-type': type }, body })
    const large = new URLSearchParams(fields)
    large.set('user', 'x'.repeat(4000))
    expect((await send(large.toString())).status).toBe(413)
    expect((await send(JSON.stringify(Object.fromEntries(fields)), 'application/json')).status).toBe(415)
    // Text is read as a string, which the schema refuses before the handler.
    expect((await send(fields.toString(), 'text/plain')).status).toBe(400)
    expect((await send(fields.toString(), 'multipart/form-data; boundary=x')).status).toBe(415)
    const longState = new URLSearchParams(fields)
    longState.set('state', 's'.repeat(600))
    expect((await send(longState.toString())).status).toBe(400)
    const longUser = new URLSearchParams(fields)
    longUser.set('user', 'u'.repeat(1100))
    expect((await send(longUser.toString())).status).toBe(400)
    expect((await finish(attemptId)).status).toBe(202)
    // The well-formed answer still goes through.
    expect((await postAnswer(action, fields)).page).toContain('You are signed in.')
    expect((await finish(attemptId)).status).toBe(200)
  })
})
