import { base64urlnopad } from '@scure/base'
import { describe, expect, it } from 'vitest'
import type { Api, Me, ShareBody } from './api.js'
import type { DeviceRecord } from './storage.js'
import { createWallet } from './wallet.js'

// The device record across a change of the login email made elsewhere (another device of the
// account): the frame finds this device's shares by user and device id, so an established device
// stays established and never falls into a new-device recovery (which, server-assisted, is held).
const first = 'owner@example.com'
const claims = (payload: Record<string, string>) =>
  `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(payload)))}.sig`
const token = claims({ jti: 'session-1', sub: 'user-1' })

function server() {
  const state: {
    email: string
    wallet?: { eip155Address: string; solanaAddress: string }
    recovery?: ShareBody['recovery']
    authShare?: string
    recoveries: number
  } = { email: first, recoveries: 0 }
  const api = {
    me: async (): Promise<Me> => ({
      email: state.email,
      deviceId: 'device-1',
      wallet: state.wallet ? { ...state.wallet, recoveryMode: state.recovery?.mode ?? null } : null,
      deviceHasShare: state.wallet !== undefined,
      shareContext: first,
    }),
    nonce: async () => ({ nonce: 'nonce' }),
    createWallet: async (body: ShareBody) => {
      state.wallet = { eip155Address: body.eip155Address.toLowerCase(), solanaAddress: body.solanaAddress }
      state.recovery = body.recovery
      state.authShare = body.authShare
      return api.me()
    },
    share: async () => ({ authShare: state.authShare! }),
    recovery: async () => {
      state.recoveries++
      throw Object.assign(new Error('held'), { code: 'recovery_pending' })
    },
  }
  return { state, api: api as unknown as Api }
}

async function newRecord(): Promise<DeviceRecord> {
  return {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  }
}

function wallet(api: Api, record: DeviceRecord, saved: DeviceRecord[] = []) {
  return createWallet({
    projectId: 'p1',
    chainId: 'eip155:1',
    recoveryPolicy: 'server',
    api,
    store: { load: async () => record, save: async (r) => void saved.push(structuredClone(r)) },
    record,
    askPassword: async () => {
      throw new Error('no password screen expected')
    },
    setVisible: () => {},
    sessionEnded: () => {},
    rpcUrls: {},
  })
}

/** A device that signed in (OTP) and created the wallet, server-assisted. */
async function establishedDevice() {
  const { state, api } = server()
  const record = await newRecord()
  const signIn = {
    ...api,
    login: async () => ({ attemptId: 'a1', action: 'VERIFY_OTP' as const }),
    otp: async () => ({ token, deviceId: 'device-1', expiresAt: '2100-01-01T00:00:00Z' }),
  } as unknown as Api
  const handlers = wallet(signIn, record)
  await handlers.CONNECT_EMAIL({ email: first })
  await handlers.CONNECT_OTP({ otp: '123456' })
  const user = (await handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }
  return { state, api: signIn, record, handlers, user }
}

describe('given an established device, when another device changed the account’s login email', () => {
  it('then this device is still connected, and GET_USER answers its wallet without any recovery', async () => {
    const { state, handlers, user } = await establishedDevice()
    state.email = 'attacker@example.net'
    expect(await handlers.IS_CONNECTED({})).toEqual({ isConnected: true })
    const again = (await handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string; email: string }
    expect(again.address).toBe(user.address)
    expect(again.email).toBe('attacker@example.net')
    expect(state.recoveries).toBe(0)
  })

  it('then the frame reloaded on the same record still signs with its share', async () => {
    const { state, api, record, user } = await establishedDevice()
    state.email = 'attacker@example.net'
    const reloaded = wallet(api, record)
    expect(await reloaded.IS_CONNECTED({})).toEqual({ isConnected: true })
    const { result } = (await reloaded.RPC_REQUEST({ method: 'eth_accounts', params: [] })) as {
      result: string[]
    }
    expect(result).toEqual([user.address])
    expect(state.recoveries).toBe(0)
  })
})

describe('given a device record an older frame stored under the login email', () => {
  it('when the frame reads it, then the account opens and is stored again under its user and device id', async () => {
    const { state, api, record, user } = await establishedDevice()
    // Rewrite the record as the older frame kept it: by email, with the device id inside.
    const [stored] = Object.values(record.accounts ?? {})
    record.accounts = { [first]: { ...stored!, deviceId: 'device-1' } }
    record.email = first
    delete record.current
    const saved: DeviceRecord[] = []
    const handlers = wallet(api, record, saved)
    expect(await handlers.IS_CONNECTED({})).toEqual({ isConnected: true })
    state.email = 'attacker@example.net'
    const again = (await handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }
    expect(again.address).toBe(user.address)
    expect(state.recoveries).toBe(0)
    expect(Object.keys(saved.at(-1)?.accounts ?? {})).toEqual(['user-1|device-1'])
  })
})
