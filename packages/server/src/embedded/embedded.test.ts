import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { createSmtpMailer } from './mail.js'

const subtle = globalThis.crypto.subtle
const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64url')

/** A browser-like device: a P-256 key pair whose private half cannot be exported. */
async function newDevice() {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const { kty, crv, x, y } = await subtle.exportKey('jwk', keys.publicKey)
  return { keys, publicJwk: { kty, crv, x, y } }
}

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''
const linkOf = (text: string) =>
  /(http\S+\/embedded\/v1\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

describe.each(backends)('given the embedded wallet on %s with a real SMTP sink', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let sink: MailSink
  let frameDir: string
  const q = `projectId=${demoProject.id}`
  const post = (path: string, body: unknown, token?: string, ip?: string) =>
    fetch(`${server.base}/embedded/v1/${path}?${q}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: JSON.stringify(body),
    })
  const get = (path: string, token?: string) =>
    fetch(`${server.base}/embedded/v1/${path}?${q}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  async function startLogin(email: string, deviceId?: string) {
    const after = Date.now()
    const response = await post('login', { email, ...(deviceId ? { deviceId } : {}) })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { attemptId: string; action: string }
    return { ...body, after }
  }

  async function proof(device: Awaited<ReturnType<typeof newDevice>>, token: string, purpose: string) {
    const { nonce } = (await (await post('nonce', {}, token)).json()) as { nonce: string }
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti
    const message = `latch-embedded/1|${purpose}|${demoProject.id}|${sessionId}|${nonce}`
    const signature = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      device.keys.privateKey,
      Buffer.from(message),
    )
    return { nonce, signature: b64url(signature) }
  }

  /** New user, first device: code → session → wallet with its first share set. */
  async function signUp(email: string) {
    const device = await newDevice()
    const login = await startLogin(email)
    const mail = await sink.waitFor(email, { after: login.after })
    const done = await post('otp', {
      attemptId: login.attemptId,
      otp: codeOf(mail.text),
      devicePublicKey: device.publicJwk,
    })
    expect(done.status).toBe(200)
    const session = (await done.json()) as { token: string; deviceId: string }
    const wallet = await post(
      'wallet',
      {
        eip155Address: '0x1111111111111111111111111111111111111111',
        solanaAddress: '11111111111111111111111111111111',
        authShare: b64url(Buffer.from('auth-share-of-the-first-set')),
        recovery: { mode: 'password', share: '{"v":1,"opaque":"ciphertext"}' },
        ...(await proof(device, session.token, 'wallet')),
      },
      session.token,
    )
    expect(wallet.status).toBe(200)
    return { device, ...session }
  }

  beforeAll(async () => {
    sink = await startMailSink()
    frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    await writeFile(join(frameDir, 'window.html'), '<!doctype html><title>window</title>')
    server = await startTestServer(backend, {
      embedded: {
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        frameDir,
        limits: { ipChecks: 1000, ipLogins: 1000, resendSeconds: 3 },
      },
      trustProxy: 1,
    })
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
    await rm(frameDir, { recursive: true, force: true })
  })

  describe('when a new email asks for a code', () => {
    it('then a 6-digit code is mailed and finishes the login only with the attempt that asked for it', async () => {
      const email = `new-${backend}@example.com`
      const device = await newDevice()
      const first = await startLogin(email)
      expect(first.action).toBe('VERIFY_OTP')
      const code = codeOf((await sink.waitFor(email, { after: first.after })).text)
      expect(code).toMatch(/^\d{6}$/)
      // A login started elsewhere (another attempt of another email) cannot use this code.
      const other = await startLogin(`other-${backend}@example.com`)
      const foreign = await post('otp', {
        attemptId: other.attemptId,
        otp: code,
        devicePublicKey: device.publicJwk,
      })
      expect(foreign.status).toBe(400)
      expect(((await foreign.json()) as { error: string }).error).toBe('INVALID_OTP')
      const ok = await post('otp', {
        attemptId: first.attemptId,
        otp: code,
        devicePublicKey: device.publicJwk,
      })
      expect(ok.status).toBe(200)
      const { token } = (await ok.json()) as { token: string }
      const me = (await (await get('me', token)).json()) as { email: string; wallet: unknown }
      expect(me).toMatchObject({ email, wallet: null })
      // Used once: the same code again is refused.
      const again = await post('otp', {
        attemptId: first.attemptId,
        otp: code,
        devicePublicKey: device.publicJwk,
      })
      expect(((await again.json()) as { error: string }).error).toBe('INVALID_OTP')
    })

    it('then a second code within the resend throttle is refused with the seconds left, and no mail is sent', async () => {
      const email = `throttle-${backend}@example.com`
      await startLogin(email)
      await sink.waitFor(email)
      const before = sink.messages(email).length
      const second = await post('login', { email })
      expect(second.status).toBe(429)
      const body = (await second.json()) as { error: string; retryAfter: number; message: string }
      expect(body.error).toBe('THROTTLED')
      expect(body.retryAfter).toBeGreaterThan(0)
      expect(body.retryAfter).toBeLessThanOrEqual(3)
      expect(body.message).toBe(`Please try again after ${body.retryAfter} seconds`)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(sink.messages(email)).toHaveLength(before)
    })

    it('then five wrong codes kill the attempt: even the right code is refused after them', async () => {
      const email = `attempts-${backend}@example.com`
      const device = await newDevice()
      const login = await startLogin(email)
      const code = codeOf((await sink.waitFor(email, { after: login.after })).text)
      const wrong = code === '000000' ? '111111' : '000000'
      const errors: string[] = []
      for (let i = 0; i < 5; i++) {
        const r = await post('otp', {
          attemptId: login.attemptId,
          otp: wrong,
          devicePublicKey: device.publicJwk,
        })
        errors.push(((await r.json()) as { error: string }).error)
      }
      expect(errors).toEqual([
        'INVALID_OTP',
        'INVALID_OTP',
        'INVALID_OTP',
        'INVALID_OTP',
        'TOO_MANY_ATTEMPTS',
      ])
      const right = await post('otp', {
        attemptId: login.attemptId,
        otp: code,
        devicePublicKey: device.publicJwk,
      })
      expect(right.status).toBe(429)
      expect(((await right.json()) as { error: string }).error).toBe('TOO_MANY_ATTEMPTS')
    })

    it('then an invalid email is refused before any mail', async () => {
      for (const email of [
        'not-an-email',
        'two@@example.com',
        'a b@example.com',
        'short@example.c',
        `${'x'.repeat(65)}@example.com`,
        `me@${'d'.repeat(64)}.com`,
      ]) {
        const response = await post('login', { email })
        expect(response.status, email).toBe(400)
        expect(await response.json()).toMatchObject({ error: 'invalid_email', message: 'Invalid email' })
      }
    })
  })

  describe('when a known email signs in on a new device', () => {
    it('then the device must be confirmed by a POST from the mailed page (a GET confirms nothing) before a code is sent', async () => {
      const email = `device-${backend}@example.com`
      await signUp(email)
      // Past the resend throttle of the sign-up mail (3 s in this suite).
      await new Promise((resolve) => setTimeout(resolve, 3100))
      const device = await newDevice()
      const login = await startLogin(email)
      expect(login.action).toBe('VERIFY_DEVICE')
      const mail = await sink.waitFor(email, { match: (m) => m.subject.startsWith('Confirm a new device') })
      const link = linkOf(mail.text)
      expect(link).not.toBe('')
      // The code alone: nothing was sent yet, and a guess is refused.
      const guess = await post('otp', {
        attemptId: login.attemptId,
        otp: '123456',
        devicePublicKey: device.publicJwk,
      })
      expect(((await guess.json()) as { error: string }).error).toBe('INVALID_OTP')
      // A mail scanner's GET shows the page and confirms nothing.
      const page = await fetch(link)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('This was me')
      expect(html).toContain('<form method="post"')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      const status = await post('device/status', { attemptId: login.attemptId })
      expect(await status.json()).toEqual({ confirmed: false })
      // The button's POST confirms; then the first poll sends the code.
      const token = new URL(link).searchParams.get('token') ?? ''
      const confirmed = await fetch(`${server.base}/embedded/v1/device/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      })
      expect(await confirmed.text()).toContain('Device confirmed')
      const sentAt = Date.now()
      expect(await (await post('device/status', { attemptId: login.attemptId })).json()).toEqual({
        confirmed: true,
      })
      const codeMail = await sink.waitFor(email, {
        after: sentAt - 5,
        match: (m) => m.subject.includes('login code'),
      })
      const ok = await post('otp', {
        attemptId: login.attemptId,
        otp: codeOf(codeMail.text),
        devicePublicKey: device.publicJwk,
      })
      expect(ok.status).toBe(200)
      // The new device holds no share yet; the recovery step gets the sealed recovery share.
      const session = (await ok.json()) as { token: string }
      const me = (await (await get('me', session.token)).json()) as { deviceHasShare: boolean }
      expect(me.deviceHasShare).toBe(false)
      const released = await post('recovery', await proof(device, session.token, 'recovery'), session.token)
      expect(await released.json()).toMatchObject({
        mode: 'password',
        share: '{"v":1,"opaque":"ciphertext"}',
      })
    }, 60_000)
  })

  describe('when a session asks for its auth share', () => {
    it('then the token alone releases nothing; the device signature over a fresh nonce does, once per nonce', async () => {
      const user = await signUp(`share-${backend}@example.com`)
      const noProof = await post('share', {}, user.token)
      expect(noProof.status).toBe(400)
      const forged = await post(
        'share',
        { nonce: 'AAAAAAAAAAAAAAAA', signature: b64url(new Uint8Array(64)) },
        user.token,
      )
      expect(forged.status).toBe(403)
      const stranger = await newDevice()
      const wrongDevice = await post('share', await proof(stranger, user.token, 'share'), user.token)
      expect(wrongDevice.status).toBe(403)
      const wrongPurpose = await post('share', await proof(user.device, user.token, 'wallet'), user.token)
      expect(wrongPurpose.status).toBe(403)
      const good = await proof(user.device, user.token, 'share')
      const released = await post('share', good, user.token)
      expect(released.status).toBe(200)
      expect(
        Buffer.from(((await released.json()) as { authShare: string }).authShare, 'base64url').toString(),
      ).toBe('auth-share-of-the-first-set')
      const replay = await post('share', good, user.token)
      expect(replay.status).toBe(403)
    })

    it('then the share is stored encrypted: the database never holds it in the clear', async () => {
      const user = await signUp(`at-rest-${backend}@example.com`)
      const device = await server.repository.embedded.getDevice(user.deviceId)
      expect(device?.authShare).toBeTruthy()
      expect(device?.authShare).not.toContain(b64url(Buffer.from('auth-share-of-the-first-set')))
    })

    it('then after sign-out the token is refused everywhere', async () => {
      const user = await signUp(`signout-${backend}@example.com`)
      const out = await fetch(`${server.base}/embedded/v1/session?${q}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${user.token}` },
      })
      expect(out.status).toBe(204)
      const me = await get('me', user.token)
      expect(me.status).toBe(401)
      expect(((await me.json()) as { error: string }).error).toBe('session_ended')
      expect((await post('nonce', {}, user.token)).status).toBe(401)
    })
  })

  describe('when the project opts into server-assisted recovery', () => {
    it('then a confirmed new device gets the recovery share from the server, and the owner is mailed; a user-recovery project refuses it', async () => {
      const email = `custodial-${backend}@example.com`
      // Refused while the project holds recovery with its users.
      const device = await newDevice()
      const login = await startLogin(email)
      const code = codeOf((await sink.waitFor(email, { after: login.after })).text)
      const session = (await (
        await post('otp', { attemptId: login.attemptId, otp: code, devicePublicKey: device.publicJwk })
      ).json()) as { token: string }
      const recoveryShare = b64url(Buffer.from('the-recovery-share-bytes'))
      const wallet = (extra: object = {}) => ({
        eip155Address: '0x2222222222222222222222222222222222222222',
        solanaAddress: '11111111111111111111111111111112',
        authShare: b64url(Buffer.from('auth-share-custodial')),
        recovery: { mode: 'server', share: recoveryShare },
        ...extra,
      })
      const refused = await post(
        'wallet',
        wallet(await proof(device, session.token, 'wallet')),
        session.token,
      )
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as { error: string }).error).toBe('recovery_not_allowed')
      await server.repository.embedded.setRecoveryPolicy(demoProject.id, 'server')
      try {
        const created = await post(
          'wallet',
          wallet(await proof(device, session.token, 'wallet')),
          session.token,
        )
        expect(created.status).toBe(200)
        const stored = await server.repository.embedded.findUser(demoProject.id, email)
        expect(stored?.recoveryShare).not.toContain(recoveryShare)
        // A new device: confirmation, code, then the share straight from the server.
        await new Promise((resolve) => setTimeout(resolve, 3100))
        const other = await newDevice()
        const second = await startLogin(email)
        expect(second.action).toBe('VERIFY_DEVICE')
        const link = linkOf(
          (await sink.waitFor(email, { after: second.after, match: (m) => m.subject.startsWith('Confirm') }))
            .text,
        )
        await fetch(`${server.base}/embedded/v1/device/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: new URL(link).searchParams.get('token') ?? '' }).toString(),
        })
        const sentAt = Date.now() - 5
        await post('device/status', { attemptId: second.attemptId })
        const code2 = codeOf(
          (await sink.waitFor(email, { after: sentAt, match: (m) => m.subject.includes('login code') })).text,
        )
        const token2 = (
          (await (
            await post('otp', { attemptId: second.attemptId, otp: code2, devicePublicKey: other.publicJwk })
          ).json()) as { token: string }
        ).token
        const released = (await (
          await post('recovery', await proof(other, token2, 'recovery'), token2)
        ).json()) as {
          mode: string
          share: string
        }
        expect(released).toMatchObject({ mode: 'server', share: recoveryShare })
        const notice = await sink.waitFor(email, {
          after: sentAt,
          match: (m) => m.subject.includes('opened on a new device'),
        })
        expect(notice.text).toContain('IP address')
      } finally {
        await server.repository.embedded.setRecoveryPolicy(demoProject.id, 'user')
      }
    }, 60_000)
  })

  describe('when a signed-in account changes its login email', () => {
    const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error
    const waitThrottle = () => new Promise((resolve) => setTimeout(resolve, 3_100))

    it('then a code to the current address, then one to the new address, move the login; the old email gets a new account', async () => {
      const email = `move-${backend}@example.com`
      const next = `moved-${backend}@example.com`
      const user = await signUp(email)
      // The 30 s throttle (3 s here) covers the update's code mail too: the login just sent one.
      const throttled = await post('email', { email: next }, user.token)
      expect(throttled.status).toBe(429)
      expect(await errorOf(throttled)).toBe('THROTTLED')
      await waitThrottle()
      expect((await post('email', { email: 'not an email' }, user.token)).status).toBe(400)
      expect(await errorOf(await post('email', { email }, user.token))).toBe('same_email')
      expect((await post('email', { email: next })).status).toBe(401)
      const after = Date.now()
      const started = await post('email', { email: next }, user.token)
      expect(started.status).toBe(200)
      const { attemptId, action } = (await started.json()) as { attemptId: string; action: string }
      expect(action).toBe('VERIFY_PRIMARY_OTP')
      const primary = codeOf((await sink.waitFor(email, { after, match: (m) => m.text.includes(next) })).text)
      // Another device of another account cannot finish it, nor can the login route take its code.
      const stranger = await signUp(`stranger-${backend}@example.com`)
      expect(await errorOf(await post('email/primary', { attemptId, otp: primary }, stranger.token))).toBe(
        'EXPIRED_OTP',
      )
      expect(
        await errorOf(
          await post('otp', { attemptId, otp: primary, devicePublicKey: (await newDevice()).publicJwk }),
        ),
      ).toBe('INVALID_OTP')
      // The secondary step is not open before the primary code, and a wrong code counts.
      expect(await errorOf(await post('email/secondary', { attemptId, otp: primary }, user.token))).toBe(
        'INVALID_OTP',
      )
      const wrong = primary === '000000' ? '000001' : '000000'
      expect(await errorOf(await post('email/primary', { attemptId, otp: wrong }, user.token))).toBe(
        'INVALID_OTP',
      )
      const ok = await post('email/primary', { attemptId, otp: primary }, user.token)
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
      // Used once.
      expect(await errorOf(await post('email/primary', { attemptId, otp: primary }, user.token))).toBe(
        'INVALID_OTP',
      )
      const secondary = codeOf((await sink.waitFor(next, { after })).text)
      // The current address's code does not pass for the new address's.
      if (secondary !== primary)
        expect(await errorOf(await post('email/secondary', { attemptId, otp: primary }, user.token))).toBe(
          'INVALID_OTP',
        )
      const done = await post('email/secondary', { attemptId, otp: secondary }, user.token)
      expect(done.status).toBe(200)
      const me = (await done.json()) as {
        email: string
        shareContext: string
        wallet: { eip155Address: string }
      }
      expect(me).toMatchObject({ email: next, shareContext: email })
      expect(me.wallet.eip155Address).toBe('0x1111111111111111111111111111111111111111')
      // The old mailbox is told.
      await sink.waitFor(email, { after, match: (m) => /was changed/.test(m.subject) })
      // The session goes on with the new email; the new email on this device logs in to the same user.
      expect(((await (await get('me', user.token)).json()) as { email: string }).email).toBe(next)
      await waitThrottle()
      const again = await startLogin(next, user.deviceId)
      expect(again.action).toBe('VERIFY_OTP')
      // The old email is a stranger now: a login with it starts a new account (no wallet).
      const old = await startLogin(email, user.deviceId)
      expect(old.action).toBe('VERIFY_OTP')
      const code = codeOf(
        (await sink.waitFor(email, { after: old.after, match: (m) => /login code/.test(m.subject) })).text,
      )
      const session = (await (
        await post('otp', {
          attemptId: old.attemptId,
          otp: code,
          devicePublicKey: (await newDevice()).publicJwk,
        })
      ).json()) as { token: string }
      expect(await (await get('me', session.token)).json()).toMatchObject({ email, wallet: null })
    }, 60_000)

    it('then an address that already has an account is refused after its code, and nothing moves', async () => {
      const email = `keep-${backend}@example.com`
      const taken = `taken-${backend}@example.com`
      const user = await signUp(email)
      await signUp(taken)
      await waitThrottle()
      const after = Date.now()
      const { attemptId } = (await (await post('email', { email: taken }, user.token)).json()) as {
        attemptId: string
      }
      const primary = codeOf((await sink.waitFor(email, { after })).text)
      expect((await post('email/primary', { attemptId, otp: primary }, user.token)).status).toBe(200)
      const secondary = codeOf((await sink.waitFor(taken, { after })).text)
      const refused = await post('email/secondary', { attemptId, otp: secondary }, user.token)
      expect(refused.status).toBe(409)
      expect(await errorOf(refused)).toBe('email_taken')
      expect(((await (await get('me', user.token)).json()) as { email: string }).email).toBe(email)
    }, 60_000)
  })

  describe('when a signed-in device asks to export the wallet', () => {
    it('then the export code needs a device signature, is bound to its export id, works once, and a passed check mails the owner', async () => {
      const email = `export-${backend}@example.com`
      const user = await signUp(email)
      // The token alone asks for nothing: a device signature is needed.
      expect((await post('export/code', { nonce: 'AAAA', signature: 'AAAA' }, user.token)).status).toBe(403)
      const after = Date.now()
      const asked = await post('export/code', await proof(user.device, user.token, 'export-code'), user.token)
      expect(asked.status).toBe(200)
      const started = (await asked.json()) as { exportId: string; kid: string }
      const mail = await sink.waitFor(email, { after })
      expect(mail.subject).toMatch(/wallet export code/)
      const otp = codeOf(mail.text)
      const confirm = async (body: Record<string, unknown>) =>
        post(
          'export/confirm',
          { ...started, otp, ...body, ...(await proof(user.device, user.token, 'export')) },
          user.token,
        )

      // A wrong code, and the right code with another export id, are refused.
      const wrong = await confirm({ otp: otp === '000000' ? '111111' : '000000' })
      expect(wrong.status).toBe(400)
      expect(((await wrong.json()) as { error: string }).error).toBe('INVALID_OTP')
      const foreignId = await confirm({ exportId: 'b'.repeat(43) })
      expect(foreignId.status).toBe(400)
      const before = Date.now()
      const ok = await confirm({})
      expect(ok.status).toBe(200)
      const notice = await sink.waitFor(email, { after: before })
      expect(notice.subject).toMatch(/wallet was exported/)
      expect(notice.text).toContain('IP address')
      // Once.
      expect((await confirm({})).status).toBe(400)
    })
  })

  describe('when the frame origin window is asked for', () => {
    it('then no page may frame it, its opener is cut, and nothing is cached', async () => {
      const response = await fetch(`${server.base}/frame/window?${q}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(response.headers.get('cache-control')).toBe('no-store')
    })

    it.each(['approve', 'export'])(
      'for %s, then no page may frame it either, but it keeps its opener (the frame that hands it the request or the login)',
      async (action) => {
        const response = await fetch(`${server.base}/frame/window?${q}&action=${action}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
        expect(response.headers.get('x-frame-options')).toBe('DENY')
        expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
        expect(response.headers.get('cache-control')).toBe('no-store')
      },
    )
  })

  describe('when an app opens the frame as its wallet window (mode=window)', () => {
    it('then no page may frame it, it keeps its opener (the app it answers), and nothing is cached', async () => {
      const response = await fetch(`${server.base}/frame/?${q}&chainId=eip155:1&mode=window`)
      expect(response.status).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('app.example.com')
      expect(csp).toContain("script-src 'self'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
      expect(response.headers.get('cache-control')).toBe('no-store')
    })
  })

  describe('when a page frames the frame', () => {
    it("then frame-ancestors lists exactly the project's origins, never the default preview hosts, and nothing is cached", async () => {
      const response = await fetch(`${server.base}/frame/?${q}&chainId=eip155:1`)
      expect(response.status).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain('frame-ancestors https://app.example.com https://*.preview.example.com')
      expect(csp).not.toContain('vercel.app')
      expect(csp).not.toContain('pages.dev')
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("connect-src 'self'")
      expect(csp).toContain("require-trusted-types-for 'script'")
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('x-frame-options')).toBeNull()
    })

    it('then the frame learns which chains the project serves but never their node URLs, and may connect to its own origin only', async () => {
      await server.repository.siwx.setRpcUrl(
        demoProject.id,
        'eip155:8453',
        'https://base-rpc.example/v1/key-1',
      )
      const text = await (await fetch(`${server.base}/embedded/v1/config?${q}`)).text()
      expect(JSON.parse(text).chains).toContain('eip155:8453')
      expect(text).not.toContain('base-rpc.example')
      expect(text).not.toContain('key-1')
      for (const mode of ['', '&mode=window']) {
        const csp =
          (await fetch(`${server.base}/frame/?${q}${mode}`)).headers.get('content-security-policy') ?? ''
        expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/)
        expect(csp).not.toContain('base-rpc.example')
      }
    })

    it('then an unknown project gets no frame at all', async () => {
      const response = await fetch(`${server.base}/frame/?projectId=nobody`)
      expect(response.status).toBe(403)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    })
  })
})

describe('given the default limits, and codes that expire after 200 ms', () => {
  it('then a second code within 30 s is throttled, and a late code is refused as expired', async () => {
    const sink = await startMailSink()
    const server = await startTestServer('sqlite', {
      embedded: {
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        limits: { codeLifetimeMs: 200 },
      },
    })
    try {
      const email = 'late@example.com'
      const response = await fetch(`${server.base}/embedded/v1/login?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      const { attemptId } = (await response.json()) as { attemptId: string }
      const code = codeOf((await sink.waitFor(email)).text)
      const again = await fetch(`${server.base}/embedded/v1/login?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      const throttled = (await again.json()) as { error: string; retryAfter: number }
      expect(throttled.error).toBe('THROTTLED')
      expect(throttled.retryAfter).toBeGreaterThan(25)
      expect(throttled.retryAfter).toBeLessThanOrEqual(30)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const device = await newDevice()
      const late = await fetch(`${server.base}/embedded/v1/otp?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attemptId, otp: code, devicePublicKey: device.publicJwk }),
      })
      expect(late.status).toBe(400)
      expect(((await late.json()) as { error: string }).error).toBe('EXPIRED_OTP')
    } finally {
      await server.close()
      await sink.close()
    }
  })
})

describe('given LATCH_SECRET_KEY', () => {
  it('then the per-purpose keys are stored encrypted, and a start without the key (or with another) fails clearly', async () => {
    const { openTestRepository } = await import('../test/backends.js')
    const { createServer } = await import('../app.js')
    const db = await openTestRepository('sqlite')
    try {
      const secretKey = 'k'.repeat(40)
      const app = await createServer({ repository: db.repository, logger: false, embedded: { secretKey } })
      await app.close()
      for (const purpose of ['session', 'otp', 'share']) {
        const [key] = await db.repository.embedded.listKeys(purpose)
        expect(key?.encrypted).toBe(true)
        expect(key?.material).not.toMatch(/secret|privateJwk|"d"/)
      }
      await expect(createServer({ repository: db.repository, logger: false })).rejects.toThrow(
        'The embedded-wallet keys are encrypted: set LATCH_SECRET_KEY to the key used before',
      )
      await expect(
        createServer({ repository: db.repository, logger: false, embedded: { secretKey: 'x'.repeat(40) } }),
      ).rejects.toThrow('LATCH_SECRET_KEY does not open the stored embedded-wallet keys')
    } finally {
      await db.cleanup()
    }
  })
})

describe('given the server logs at trace level', () => {
  it('then a whole login leaves no email, code, attempt id or token in the logs', async () => {
    const lines: string[] = []
    const sink = await startMailSink()
    const server = await startTestServer('sqlite', {
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
      embedded: { mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }) },
    })
    try {
      const email = 'private.person@example.com'
      const base = `${server.base}/embedded/v1`
      const login = await fetch(`${base}/login?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      const { attemptId } = (await login.json()) as { attemptId: string }
      const code = codeOf((await sink.waitFor(email)).text)
      const device = await newDevice()
      const done = await fetch(`${base}/otp?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attemptId, otp: code, devicePublicKey: device.publicJwk }),
      })
      const { token } = (await done.json()) as { token: string }
      await fetch(`${base}/me?projectId=${demoProject.id}`, { headers: { authorization: `Bearer ${token}` } })
      const log = lines.join('\n')
      expect(log).toContain('/embedded/v1/otp')
      for (const secret of [email, 'private.person', attemptId, token, token.split('.')[2] ?? '']) {
        expect(log).not.toContain(secret)
      }
      // The code as a number of its own (timestamps and durations are longer digit runs).
      expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`))
    } finally {
      await server.close()
      await sink.close()
    }
  })
})

describe('given `latch-server embedded rotate-key`', () => {
  it('then a new key of that purpose is used from then on, and a code mailed before the rotation still works', async () => {
    const { runCli } = await import('../cli/run.js')
    const dir = await mkdtemp(join(tmpdir(), 'latch-rotate-'))
    const sqliteFile = join(dir, 'server.db')
    const sink = await startMailSink()
    const { openRepository } = await import('../storage/open.js')
    const { createServer } = await import('../app.js')
    const repository = await openRepository({ sqliteFile })
    await repository.createProject(demoProject)
    const app = await createServer({
      repository,
      logger: false,
      projectCacheMs: 0,
      embedded: { mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }) },
    })
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const email = 'rotate@example.com'
      const login = await fetch(`${base}/embedded/v1/login?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })
      const { attemptId } = (await login.json()) as { attemptId: string }
      const code = codeOf((await sink.waitFor(email)).text)
      const out: string[] = []
      const status = await runCli(['embedded', 'rotate-key', 'otp', '--db', sqliteFile], {
        env: {},
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      })
      expect(status).toBe(0)
      expect(out.join('\n')).toMatch(/^New otp key [0-9a-f-]{36}$/)
      const keys = await repository.embedded.listKeys('otp')
      expect(keys.map((k) => k.retiredAt === null)).toEqual([true, false])
      const device = await newDevice()
      const done = await fetch(`${base}/embedded/v1/otp?projectId=${demoProject.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attemptId, otp: code, devicePublicKey: device.publicJwk }),
      })
      expect(done.status).toBe(200)
      const refused = await runCli(['embedded', 'rotate-key', 'everything', '--db', sqliteFile], {
        env: {},
        out: () => undefined,
        err: (line) => out.push(line),
      })
      expect(refused).toBe(1)
      expect(out.at(-1)).toBe('The key purpose must be one of: session, otp, share')
    } finally {
      await app.close()
      await repository.close()
      await sink.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
