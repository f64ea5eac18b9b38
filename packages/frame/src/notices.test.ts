import { base64urlnopad } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { type Api, ApiError, type Me } from './api.js'
import { type RecoveryNotice, validNotices } from './notices.js'
import { FrameError } from './protocol.js'
import type { DeviceRecord } from './storage.js'
import { createWallet } from './wallet.js'

// Server-assisted recovery as the frame sees it: the notices of other devices' recoveries (shown
// on the frame's own screen, here a stand-in that records them) and this device's held or stopped
// recovery. The server's side runs for real in packages/server/src/embedded/recoveries.test.ts.
const email = 'owner@example.com'
const token = `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify({ jti: 'session-1', sub: 'user-1' })))}.sig`
const address = '0x3333333333333333333333333333333333333333'
const pending: RecoveryNotice = {
  id: '0b7e7c8e-3c2a-4d7e-9a51-1f0f0d3c1a11',
  kind: 'recovery_pending',
  at: '2026-11-23T00:00:00.000Z',
  browser: 'Stranger/1.0 <img src=x onerror=alert(1)>',
  ip: '203.0.113.9',
  until: '2026-11-23T02:00:00.000Z',
}

async function deviceWith(api: Partial<Record<keyof Api, unknown>>, hasShare: boolean) {
  const record: DeviceRecord = {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    token,
    email,
    accounts: hasShare
      ? { [email]: { deviceId: 'device-1', deviceShare: 'wrapped' as never, eip155Address: address } }
      : {},
  }
  const shown: {
    notice: RecoveryNotice
    actions: Parameters<NonNullable<Options['showRecoveryNotice']>>[1]
  }[] = []
  const waits: [string, string | undefined][] = []
  const visible: boolean[] = []
  const handlers = createWallet({
    projectId: 'p1',
    chainId: 'eip155:1',
    recoveryPolicy: 'server',
    api: { nonce: async () => ({ nonce: 'nonce-1' }), ...api } as unknown as Api,
    store: { load: async () => record, save: async () => {} },
    record,
    askPassword: async () => {
      throw new Error('no password screen expected')
    },
    setVisible: (on) => visible.push(on),
    sessionEnded: () => {},
    showRecoveryNotice: (notice, actions) => {
      shown.push({ notice, actions })
      return new Promise(() => {})
    },
    showRecoveryWait: async (kind, until) => {
      waits.push([kind, until])
    },
  })
  return { handlers, shown, waits, visible }
}
type Options = Parameters<typeof createWallet>[0]

const me = (notices: unknown, hasShare = true): Me => ({
  email,
  deviceId: 'device-1',
  wallet: { eip155Address: address, solanaAddress: null, recoveryMode: 'server' },
  deviceHasShare: hasShare,
  notices,
})

describe("given the server's notices of recoveries on other devices", () => {
  it('when some are malformed, then only well-formed ones are kept (a held one needs its time)', () => {
    const kept = validNotices([
      pending,
      { ...pending, id: 'not-a-uuid' },
      { ...pending, kind: 'html' },
      { ...pending, until: undefined },
      { ...pending, browser: 'x'.repeat(513) },
      { ...pending, at: 'yesterday' },
      null,
      { ...pending, kind: 'recovered', until: undefined },
    ])
    const { until: _, ...recovered } = pending
    expect(kept).toEqual([pending, { ...recovered, kind: 'recovered' }])
    expect(kept[1]).not.toHaveProperty('until')
    expect(validNotices('nope')).toEqual([])
  })

  it('when the signed-in device reads its account, then a notice is shown once, and "This wasn\'t me" sends a signed stop for that notice', async () => {
    const stops: unknown[] = []
    const dismissed: string[] = []
    const { handlers, shown, visible } = await deviceWith(
      {
        me: async () => me([pending]),
        stopRecovery: async (body: unknown) => {
          stops.push(body)
          return { cancelled: true }
        },
        dismissNotice: async (id: string) => {
          dismissed.push(id)
          return { ok: true }
        },
      },
      true,
    )
    expect(await handlers.GET_USER({})).toMatchObject({ address, email })
    await expect.poll(() => shown.length).toBe(1)
    expect(visible).toEqual([true])
    expect(shown[0]?.notice).toEqual(pending)
    // Read again while on screen: not shown twice.
    expect(await handlers.IS_CONNECTED({})).toEqual({ isConnected: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(shown).toHaveLength(1)
    expect(await shown[0]!.actions.stop()).toBeUndefined()
    expect(stops).toEqual([
      { id: pending.id, nonce: 'nonce-1', signature: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/) },
    ])
    await shown[0]!.actions.dismiss()
    expect(dismissed).toEqual([pending.id])
  })

  it('when the recovery already completed, then "This wasn\'t me" says it is too late instead of failing', async () => {
    const { handlers, shown } = await deviceWith(
      {
        me: async () => me([pending]),
        stopRecovery: async () => {
          throw new ApiError('done', 'recovery_not_pending', 409)
        },
      },
      true,
    )
    await handlers.GET_USER({})
    await expect.poll(() => shown.length).toBe(1)
    expect(await shown[0]!.actions.stop()).toBe('This recovery has already completed or was stopped.')
  })
})

describe('given a new device of a server-assisted account', () => {
  it('when its recovery is held, then GET_USER fails with RECOVERY_PENDING and the time, and the frame says until when', async () => {
    const until = '2026-11-23T02:00:00.000Z'
    const { handlers, waits, visible } = await deviceWith(
      {
        me: async () => me([], false),
        recovery: async () => {
          throw new ApiError('held', 'recovery_pending', 409, { until })
        },
      },
      false,
    )
    const failure = await handlers.GET_USER({}).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FrameError)
    expect(failure).toMatchObject({ code: 'RECOVERY_PENDING', extra: { until } })
    expect((failure as Error).message).toMatch(
      /^For your safety, this new device can open your wallet after .*2026/,
    )
    expect(waits).toEqual([['pending', until]])
    expect(visible[0]).toBe(true)
  })

  it('when the owner stopped it, then GET_USER fails with RECOVERY_CANCELLED and the frame says so', async () => {
    const { handlers, waits } = await deviceWith(
      {
        me: async () => me([], false),
        recovery: async () => {
          throw new ApiError('stopped', 'recovery_cancelled', 403)
        },
      },
      false,
    )
    await expect(handlers.GET_USER({})).rejects.toMatchObject({
      code: 'RECOVERY_CANCELLED',
      message: 'The owner of this wallet pressed “This wasn’t me”: this device cannot open it.',
    })
    expect(waits).toEqual([['cancelled', undefined]])
  })
})
