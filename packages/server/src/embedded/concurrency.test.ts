import { type MailSink, startMailSink } from '@latch/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { codeOf, embeddedClient, pause } from '../test/embedded-client.js'
import { createSmtpMailer } from './mail.js'

const errorOf = async (response: Response) => ((await response.json()) as { error?: string }).error

/**
 * Holds each call of the repository's `methods` until `count` calls have arrived (5 s at most), so
 * the requests' writes meet in the database instead of running one after the other as two
 * requests over HTTP mostly do. Returns the restore.
 */
function writesTogether(db: object, methods: string[], count: number): () => void {
  let arrived = 0
  let release = () => {}
  const met = Promise.race([new Promise<void>((resolve) => (release = resolve)), pause(5000)])
  const target = db as Record<string, (...args: unknown[]) => Promise<unknown>>
  const spies = methods.map((name) => {
    const original = target[name]!.bind(db)
    return vi.spyOn(target, name).mockImplementation(async (...args: unknown[]) => {
      if (++arrived === count) release()
      await met
      return original(...args)
    })
  })
  return () => {
    for (const spy of spies) spy.mockRestore()
  }
}

// Requests a user's devices can send at the same moment: whichever the database takes first
// wins, the other is refused with its reason, and no half of either is left behind.
describe.each(backends)('given two requests of one account at the same time on %s', (backend) => {
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
    vi.useRealTimers()
    await server.repository.embedded.setRecoveryHold(demoProject.id, 0)
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  it('then of three held recoveries started together exactly one is held, the others are frozen', async () => {
    const { signUp, newDeviceSession } = api()
    const email = `two-recoveries-${backend}@example.com`
    await signUp(email, 'server')
    await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
    const devices = [
      await newDeviceSession(email, 'First/1.0'),
      await newDeviceSession(email, 'Second/1.0'),
      await newDeviceSession(email, 'Third/1.0'),
    ]
    // As on a busy server, the pool has a connection ready for each request (opening one lets
    // the first write commit before the next begins).
    await Promise.all(devices.map(() => server.repository.embedded.findUser(demoProject.id, email)))
    const restore = writesTogether(server.repository.embedded, ['insertRecovery'], devices.length)
    const answers = await Promise.all(devices.map((d) => d.recover())).finally(restore)
    const errors = await Promise.all(answers.map(errorOf))
    expect(errors.sort()).toEqual(['recovery_frozen', 'recovery_frozen', 'recovery_pending'])
    const user = await server.repository.embedded.findUser(demoProject.id, email)
    const held = await server.repository.embedded.pendingRecovery(user!.id)
    expect(held).toBeDefined()
    const latest = await Promise.all(
      devices.map(async (d) => {
        const { deviceId } = (await (await api().me(d.token)).json()) as { deviceId: string }
        return server.repository.embedded.latestRecovery(deviceId)
      }),
    )
    // One recovery row in all: the frozen devices have none.
    expect(latest.filter((r) => r !== undefined)).toHaveLength(1)
  }, 60_000)

  it('then a held recovery and the last step of an email change: one wins, and the owner is mailed at the email the account has', async () => {
    const { signUp, newDeviceSession, post } = api()
    const email = `recover-vs-email-${backend}@example.com`
    const next = `recover-vs-email-next-${backend}@example.com`
    const owner = await signUp(email, 'server')
    await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
    const thief = await newDeviceSession(email, 'Thief/1.0')
    await pause(1100)
    let after = Date.now()
    const start = (await (await post('email', { email: next }, owner.token)).json()) as { attemptId: string }
    const primary = codeOf((await sink.waitFor(email, { after })).text)
    after = Date.now()
    expect(
      (await post('email/primary', { attemptId: start.attemptId, otp: primary }, owner.token)).status,
    ).toBe(200)
    const secondary = codeOf((await sink.waitFor(next, { after })).text)
    after = Date.now() - 5
    const restore = writesTogether(server.repository.embedded, ['insertRecovery', 'changeEmail'], 2)
    const [recovery, change] = await Promise.all([
      thief.recover(),
      post('email/secondary', { attemptId: start.attemptId, otp: secondary }, owner.token),
    ]).finally(restore)
    expect(await errorOf(recovery)).toBe('recovery_pending')
    const user = await server.repository.embedded.findUser(
      demoProject.id,
      change.status === 200 ? next : email,
    )
    expect(user).toBeDefined()
    if (change.status === 200) {
      // The change came first: the recovery's "This wasn't me" mail goes to the new address.
      await sink.waitFor(next, { after, match: (m) => m.text.includes("This wasn't me") })
    } else {
      expect(await errorOf(change)).toBe('recovery_frozen')
      expect(await server.repository.embedded.findUser(demoProject.id, next)).toBeUndefined()
      await sink.waitFor(email, { after, match: (m) => m.text.includes("This wasn't me") })
    }
  }, 60_000)

  it("then an email change that lands after the recovery read the account but before it was stored: the hold's mail goes to the new address", async () => {
    const { signUp, newDeviceSession, post } = api()
    const email = `recover-after-read-${backend}@example.com`
    const next = `recover-after-read-next-${backend}@example.com`
    const owner = await signUp(email, 'server')
    await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
    const thief = await newDeviceSession(email, 'Thief/1.0')
    await pause(1100)
    let after = Date.now()
    const start = (await (await post('email', { email: next }, owner.token)).json()) as { attemptId: string }
    const primary = codeOf((await sink.waitFor(email, { after })).text)
    after = Date.now()
    await post('email/primary', { attemptId: start.attemptId, otp: primary }, owner.token)
    const secondary = codeOf((await sink.waitFor(next, { after })).text)
    // The interleaving the race above can take: the change commits between the recovery's read
    // of the account and the write of its held row.
    const db = server.repository.embedded
    const insert = db.insertRecovery.bind(db)
    const spy = vi.spyOn(db, 'insertRecovery').mockImplementationOnce(async (...args) => {
      const change = await post(
        'email/secondary',
        { attemptId: start.attemptId, otp: secondary },
        owner.token,
      )
      expect(change.status).toBe(200)
      return insert(...args)
    })
    after = Date.now() - 5
    try {
      expect(await errorOf(await thief.recover())).toBe('recovery_pending')
    } finally {
      spy.mockRestore()
    }
    await sink.waitFor(next, { after, match: (m) => m.text.includes("This wasn't me") })
    // The old address is told of the change, not of the recovery.
    const toOld = sink.messages(email).filter((m) => Date.parse(m.date) >= after)
    expect(toOld.some((m) => m.text.includes("This wasn't me"))).toBe(false)
  }, 60_000)

  it('then of two reshares of one released recovery exactly one is taken, and the account points at its set', async () => {
    const { signUp, newDeviceSession } = api()
    const email = `two-reshares-${backend}@example.com`
    await signUp(email, 'password')
    const device = await newDeviceSession(email, 'Other/1.0')
    expect((await device.recover()).status).toBe(200)
    const answers = await Promise.all([
      device.reshare('password', 'left'),
      device.reshare('password', 'right'),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403])
    const refused = answers.find((a) => a.status === 403)!
    expect(await errorOf(refused)).toBe('recovery_required')
    const won = answers[0]!.status === 200 ? 'left' : 'right'
    const user = await server.repository.embedded.findUser(demoProject.id, email)
    expect(user?.recoveryShare).toBe(`{"v":1,"opaque":"${won}"}`)
    const { deviceId } = (await (await api().me(device.token)).json()) as { deviceId: string }
    expect(user?.recoveryDeviceId).toBe(deviceId)
  }, 60_000)

  it('then "This wasn\'t me" against the release of a recovery whose hold has passed: one wins, and a stopped device gets nothing', async () => {
    const { signUp, newDeviceSession, notices, cancel, post } = api()
    const email = `cancel-vs-release-${backend}@example.com`
    const owner = await signUp(email, 'server')
    await server.repository.embedded.setRecoveryHold(demoProject.id, 1)
    const thief = await newDeviceSession(email, 'Thief/1.0')
    expect((await thief.recover()).status).toBe(409)
    const [notice] = await notices(owner.token)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 + 1_000 })
    const [release, stop] = await Promise.all([thief.recover(), cancel(owner, notice!.id)])
    const { deviceId } = (await (await api().me(thief.token)).json()) as { deviceId: string }
    const recovery = await server.repository.embedded.latestRecovery(deviceId)
    const device = await server.repository.embedded.getDevice(deviceId)
    if (release.status === 200) {
      expect(await errorOf(stop)).toBe('recovery_not_pending')
      expect(recovery?.state).toBe('done')
      expect(device?.revokedAt).toBeNull()
    } else {
      // The cancel either lands inside the release (the release is refused as cancelled) or
      // commits before the release is even authenticated (the device is already removed).
      expect(['recovery_cancelled', 'device_revoked']).toContain(await errorOf(release))
      expect(await stop.json()).toEqual({ cancelled: true })
      expect(recovery?.state).toBe('cancelled')
      expect(device?.revokedAt).not.toBeNull()
      // No reshare grant was left behind for the stopped device.
      expect((await post('share', { nonce: 'AAAAAAAA', signature: 'AAAAAAAA' }, thief.token)).status).toBe(
        403,
      )
    }
  }, 60_000)
})
