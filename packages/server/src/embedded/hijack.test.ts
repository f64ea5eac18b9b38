import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { codeOf, embeddedClient, pause } from '../test/embedded-client.js'
import { createSmtpMailer } from './mail.js'

describe.each(backends)('given a mailbox attacker on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let sink: MailSink
  const api = () => embeddedClient(() => server.base, sink, 1)

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
    await server.repository.embedded.setRecoveryHold(demoProject.id, 0)
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  describe('when its device waits out a held server-assisted recovery', () => {
    it('then it cannot change the login email, and the owner cannot either until the hold ends', async () => {
      const { signUp, newDeviceSession, post } = api()
      const email = `held-email-${backend}@example.com`
      const owner = await signUp(email, 'server')
      await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
      const thief = await newDeviceSession(email, 'Thief/1.0')
      expect((await thief.recover()).status).toBe(409)
      await pause(1100)
      const change = await post('email', { email: `thief-${backend}@example.com` }, thief.token)
      expect(change.status).toBe(403)
      expect(await change.json()).toMatchObject({ error: 'device_unfinished' })
      await pause(1100)
      const frozen = await post('email', { email: `owner-new-${backend}@example.com` }, owner.token)
      expect(frozen.status).toBe(409)
      expect(await frozen.json()).toMatchObject({ error: 'recovery_frozen' })
    }, 60_000)

    it("then a device that never finished a recovery cannot stop or dismiss another recovery; the owner's established device can, and the stopped device's session ends at once", async () => {
      const { signUp, newDeviceSession, notices, post, me, cancel } = api()
      const email = `held-cancel-${backend}@example.com`
      const owner = await signUp(email, 'server')
      await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
      // Confirmed from the mailbox, never recovered: it still gets the notices of the account.
      const idle = await newDeviceSession(email, 'Idle/1.0')
      const held = await newDeviceSession(email, 'Held/1.0')
      expect((await held.recover()).status).toBe(409)
      const [seen] = await notices(idle.token)
      expect(seen?.kind).toBe('recovery_pending')
      const stopped = await cancel(idle, seen!.id)
      expect(stopped.status).toBe(403)
      expect(await stopped.json()).toMatchObject({ error: 'device_unfinished' })
      expect((await post('notices/dismiss', { id: seen!.id }, idle.token)).status).toBe(403)
      // A second recovery waits for the first one's hold to end.
      expect(await (await idle.recover()).json()).toMatchObject({ error: 'recovery_frozen' })

      const [ownerNotice] = await notices(owner.token)
      expect(await (await cancel(owner, ownerNotice!.id)).json()).toEqual({ cancelled: true })
      // Its session ends at once: it reads nothing of the account's devices any more, and every
      // other request is refused with the reason.
      const after = await me(held.token)
      expect(((await after.json()) as { notices: unknown[] }).notices).toEqual([])
      const nonce = await post('nonce', {}, held.token)
      expect(nonce.status).toBe(403)
      expect(await nonce.json()).toMatchObject({ error: 'recovery_cancelled' })
      expect((await post('email', { email: `stopped-${backend}@example.com` }, held.token)).status).toBe(403)
    }, 60_000)
  })

  describe('when its confirmed device posts a share set without a completed recovery', () => {
    it('then the reshare is refused; after a recovery it is accepted once, and the owner is mailed and told on its device, in user mode too', async () => {
      const { signUp, newDeviceSession, notices } = api()
      const email = `reshare-${backend}@example.com`
      const owner = await signUp(email, 'password')
      const other = await newDeviceSession(email, 'Other/1.0')
      const blind = await other.reshare('password', 'substitute')
      expect(blind.status).toBe(403)
      expect(await blind.json()).toMatchObject({ error: 'recovery_required' })

      const since = Date.now() - 5
      expect((await other.recover()).status).toBe(200)
      await sink.waitFor(email, { after: since, match: (m) => m.subject.includes('opened on a new device') })
      expect((await notices(owner.token)).map((n) => n.kind)).toEqual(['recovered'])

      expect((await other.reshare('password', 'second')).status).toBe(200)
      await sink.waitFor(email, {
        after: since,
        match: (m) => m.subject.includes('now goes through a new device'),
      })
      const again = await other.reshare('password', 'third')
      expect(again.status).toBe(403)
    }, 60_000)
  })

  describe('when a stranger spends code checks on a login that has no code', () => {
    it("then the owner's code on its known device still works", async () => {
      const { signUp, post, me } = api()
      const email = `lockout-${backend}@example.com`
      const owner = await signUp(email, 'password')
      const { deviceId } = (await (await me(owner.token)).json()) as { deviceId: string }
      await pause(1100)
      const stranger = (await (await post('login', { email })).json()) as {
        attemptId: string
        action: string
      }
      expect(stranger.action).toBe('VERIFY_DEVICE')
      for (let i = 0; i < 12; i++)
        expect((await post('otp', { attemptId: stranger.attemptId, otp: '000000' })).status).toBe(400)
      await pause(1100)
      const after = Date.now()
      const login = (await (await post('login', { email, deviceId })).json()) as {
        attemptId: string
        action: string
      }
      expect(login.action).toBe('VERIFY_OTP')
      const otp = codeOf((await sink.waitFor(email, { after })).text)
      expect((await post('otp', { attemptId: login.attemptId, otp })).status).toBe(200)
    }, 60_000)
  })
})
