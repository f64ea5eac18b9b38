import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { b64url, embeddedClient, linkOf } from '../test/embedded-client.js'
import { createSmtpMailer } from './mail.js'

describe.each(backends)('given server-assisted recovery on %s with a real SMTP sink', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let sink: MailSink
  const api = () => embeddedClient(() => server.base, sink, 1)
  const post: ReturnType<typeof api>['post'] = (...args) => api().post(...args)
  const notices = (token: string) => api().notices(token)
  const proof: ReturnType<typeof api>['proof'] = (...args) => api().proof(...args)
  /** First device: code → session → a wallet whose recovery share the server keeps. */
  const signUp = (email: string) => api().signUp(email, 'server')
  /** A confirmed new device with a session (past the suite's 1 s resend throttle). */
  const newDeviceSession = (email: string, agent: string) => api().newDeviceSession(email, agent)
  // The recovery share of the set signUp() makes.
  const recoveryShare = b64url(Buffer.from('recovery-share-first'))

  beforeAll(async () => {
    sink = await startMailSink()
    server = await startTestServer(backend, {
      embedded: {
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        limits: { ipChecks: 1000, ipLogins: 1000, resendSeconds: 1 },
      },
    })
    await server.repository.embedded.setRecoveryPolicy(demoProject.id, 'server')
  })
  afterEach(async () => {
    vi.useRealTimers()
    await server.repository.embedded.setRecoveryHold(demoProject.id, 0)
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  describe('when the project has no hold', () => {
    it('then a new device gets the share at once, and every other device gets a notice (browser, IP, time) until it dismisses it', async () => {
      const email = `notice-${backend}@example.com`
      const first = await signUp(email)
      expect(await notices(first.token)).toEqual([])
      const second = await newDeviceSession(email, 'NewBrowser/2.0 <b>not html</b>')
      const since = Date.now() - 5
      const released = await second.recover()
      expect(released.status).toBe(200)
      expect(await released.json()).toMatchObject({ mode: 'server', share: recoveryShare })
      const mail = await sink.waitFor(email, {
        after: since,
        match: (m) => m.subject.includes('opened on a new device'),
      })
      expect(mail.text).toContain(
        'Browser (as reported by the device): an unknown browser on an unknown system',
      )
      const [notice, ...more] = await notices(first.token)
      expect(more).toEqual([])
      expect(notice).toMatchObject({
        kind: 'recovered',
        browser: 'NewBrowser/2.0 <b>not html</b>',
        ip: '127.0.0.1',
      })
      expect(Math.abs(Date.parse(notice!.at) - since)).toBeLessThan(5_000)
      // The new device itself is not told about its own recovery.
      expect(await notices(second.token)).toEqual([])
      // Another device cannot dismiss it; its own device does, once.
      expect((await post('notices/dismiss', { id: notice!.id }, second.token)).status).toBe(404)
      expect((await post('notices/dismiss', { id: notice!.id }, first.token)).status).toBe(200)
      expect(await notices(first.token)).toEqual([])
      expect((await post('notices/dismiss', { id: notice!.id }, first.token)).status).toBe(404)
    }, 60_000)
  })

  describe('when the project holds recoveries for 2 hours', () => {
    it('then the new device waits until a stated time, the mail and the other device offer "This wasn\'t me", a GET stops nothing, and the POST stops it for good', async () => {
      const email = `hold-${backend}@example.com`
      const first = await signUp(email)
      await server.repository.embedded.setRecoveryHold(demoProject.id, 2)
      const second = await newDeviceSession(email, 'Stranger/1.0')
      const since = Date.now() - 5
      const held = await second.recover()
      expect(held.status).toBe(409)
      const body = (await held.json()) as { error: string; until: string; share?: string }
      expect(body.error).toBe('recovery_pending')
      expect(body.share).toBeUndefined()
      expect(Math.abs(Date.parse(body.until) - (since + 2 * 3_600_000))).toBeLessThan(5_000)
      // Asking again changes nothing: still held, with the same time.
      expect(await (await second.recover()).json()).toMatchObject({
        error: 'recovery_pending',
        until: body.until,
      })
      // Nor can it replace the account's recovery share meanwhile (the address is public).
      const overwrite = await post(
        'reshare',
        {
          eip155Address: '0x3333333333333333333333333333333333333333',
          solanaAddress: '11111111111111111111111111111113',
          authShare: b64url(Buffer.from('a-share-of-nothing')),
          recovery: { mode: 'server', share: b64url(Buffer.from('garbage-recovery-share')) },
          ...(await proof(second.device, second.token, 'reshare')),
        },
        second.token,
      )
      expect(overwrite.status).toBe(409)
      const [notice] = await notices(first.token)
      expect(notice).toMatchObject({ kind: 'recovery_pending', browser: 'Stranger/1.0', until: body.until })
      const mail = await sink.waitFor(email, {
        after: since,
        match: (m) => m.subject.includes('asked to open'),
      })
      const link = linkOf(mail.text, 'recovery/cancel')
      expect(link).not.toBe('')
      // A mail scanner's GET shows the page and stops nothing.
      const page = await fetch(link)
      const html = await page.text()
      expect(html).toContain(">This wasn't me</button>")
      expect(html).toContain('<form method="post" action="/embedded/v1/recovery/cancel"')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect((await notices(first.token))[0]?.kind).toBe('recovery_pending')
      const token = new URL(link).searchParams.get('token') ?? ''
      const stop = () =>
        fetch(`${server.base}/embedded/v1/recovery/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }).toString(),
        })
      expect(await (await stop()).text()).toContain('Recovery stopped')
      expect(await (await stop()).text()).toContain('expired or was already used')
      // The new device is told, even after the hold; nothing is released to it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 + 1_000 })
      // Its session ended with the stop: even a nonce for a device proof is refused, with the reason.
      const refused = await post('nonce', {}, second.token)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ error: 'recovery_cancelled' })
      expect((await post('share', { nonce: 'AAAAAAAA', signature: 'AAAAAAAA' }, second.token)).status).toBe(
        403,
      )
      expect((await notices(first.token))[0]?.kind).toBe('recovery_cancelled')
    }, 60_000)

    it('then after the hold the share is released and the owner mailed; another device\'s "This wasn\'t me" (signed) stops a later one', async () => {
      const email = `after-${backend}@example.com`
      const first = await signUp(email)
      await server.repository.embedded.setRecoveryHold(demoProject.id, 2)
      const second = await newDeviceSession(email, 'Laptop/3.0')
      expect((await second.recover()).status).toBe(409)
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 + 1_000 })
      const since = Date.now() - 5
      const released = await second.recover()
      expect(released.status).toBe(200)
      expect(await released.json()).toMatchObject({ mode: 'server', share: recoveryShare })
      await sink.waitFor(email, { after: since, match: (m) => m.subject.includes('opened on a new device') })
      const [done] = await notices(first.token)
      expect(done).toMatchObject({ kind: 'recovered', browser: 'Laptop/3.0' })
      // Too late to stop a completed recovery.
      const late = await post(
        'notices/cancel',
        { id: done!.id, ...(await proof(first.device, first.token, 'cancel-recovery')) },
        first.token,
      )
      expect(late.status).toBe(409)
      vi.useRealTimers()

      const third = await newDeviceSession(email, 'Thief/6.6')
      expect((await third.recover()).status).toBe(409)
      const pending = (await notices(first.token)).find((n) => n.browser === 'Thief/6.6')
      expect(pending?.kind).toBe('recovery_pending')
      // A bearer token alone cannot stop it: the device's signature is needed.
      const unsigned = await post(
        'notices/cancel',
        { id: pending!.id, nonce: 'AAAAAAAA', signature: 'AAAAAAAA' },
        first.token,
      )
      expect(unsigned.status).toBe(403)
      const stopped = await post(
        'notices/cancel',
        { id: pending!.id, ...(await proof(first.device, first.token, 'cancel-recovery')) },
        first.token,
      )
      expect(await stopped.json()).toEqual({ cancelled: true })
      expect((await notices(first.token)).some((n) => n.id === pending!.id)).toBe(false)
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 + 1_000 })
      expect(await (await post('nonce', {}, third.token)).json()).toMatchObject({
        error: 'recovery_cancelled',
      })
    }, 60_000)
  })
})
