import { base64urlnopad } from '@scure/base'
import { describe, expect, it } from 'vitest'
import type { Api, Me, ShareBody } from './api.js'
import type { DeviceRecord } from './storage.js'
import { createWallet } from './wallet.js'

// "Continue with Google" in the frame: the attempt's secret stays in the frame, the page gets the
// provider's URL and whether the login is done; once it is, the same device-key and share path as
// the email login's makes or opens the wallet.
const PAGE = 'https://app.example'
const PROVIDER_URL = 'https://accounts.example/auth?state=s'
const claims = (payload: Record<string, string>) =>
  `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(payload)))}.sig`

function server(
  email = 'social:google:abc',
  { url = PROVIDER_URL, username }: { url?: string; username?: string } = {},
) {
  const calls: { path: string; body: Record<string, unknown> }[] = []
  const state: { wallet?: ShareBody; finishes: number } = { finishes: 0 }
  const me = async (): Promise<Me> => ({
    email,
    deviceId: 'device-1',
    wallet: state.wallet
      ? {
          eip155Address: state.wallet.eip155Address.toLowerCase(),
          solanaAddress: state.wallet.solanaAddress,
          recoveryMode: 'server',
        }
      : null,
    deviceHasShare: state.wallet !== undefined,
  })
  const api = {
    post: async (path: string, body: Record<string, unknown>) => {
      calls.push({ path, body })
      if (path === 'social/start') return { attemptId: 'secret-of-the-frame', url }
      // The visitor is at the provider for the first ask.
      if (state.finishes++ === 0) return { status: 'pending' as const }
      return {
        status: 'done' as const,
        token: claims({ jti: 's1', sub: 'user-1' }),
        deviceId: 'device-1',
        ...(username ? { username } : {}),
      }
    },
    me,
    nonce: async () => ({ nonce: 'nonce' }),
    createWallet: async (body: ShareBody) => {
      state.wallet = body
      return me()
    },
    share: async () => ({ authShare: state.wallet!.authShare }),
  }
  return { calls, api: api as unknown as Api }
}

async function wallet(api: Api, record?: DeviceRecord) {
  const device: DeviceRecord = record ?? {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  }
  const handlers = createWallet({
    projectId: 'p1',
    chainId: 'eip155:1',
    recoveryPolicy: 'server',
    api,
    store: { load: async () => device, save: async () => {} },
    record: device,
    askPassword: async () => {
      throw new Error('no password screen expected')
    },
    setVisible: () => {},
    sessionEnded: () => {},
    parentOrigin: PAGE,
    rpcUrls: {},
  })
  return { handlers, device }
}

describe('given a visitor who continues with Google in the frame', () => {
  it('then the page gets only the provider URL, the frame polls with its secret, and GET_USER opens a wallet', async () => {
    const { calls, api } = server()
    const { handlers, device } = await wallet(api)
    expect(await handlers.GET_SOCIAL_REDIRECT_URI({ provider: 'google' })).toEqual({ uri: PROVIDER_URL })
    expect(calls[0]).toEqual({
      path: 'social/start',
      body: { provider: 'google', origin: PAGE, deviceId: undefined },
    })
    expect(await handlers.CONNECT_SOCIAL({ uri: PROVIDER_URL })).toEqual({ status: 'pending' })
    expect(await handlers.IS_CONNECTED({})).toEqual({ isConnected: false })
    const done = await handlers.CONNECT_SOCIAL({ uri: PROVIDER_URL, chainId: 'eip155:1' })
    // The session token stays in the frame: the page's answer carries none.
    expect(done).toEqual({ status: 'done' })
    expect(calls[1]?.body).toMatchObject({ attemptId: 'secret-of-the-frame', origin: PAGE })
    expect(calls[1]?.body.devicePublicKey).toMatchObject({ kty: 'EC' })
    const user = (await handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string; email: unknown }
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The placeholder of an account without a verified email is not the visitor's email.
    expect(user.email).toBeNull()
    // Its next login from this device names this device, so it keeps its share.
    await handlers.GET_SOCIAL_REDIRECT_URI({ provider: 'google' })
    expect(calls.at(-1)?.body.deviceId).toBe('device-1')
    expect(Object.values(device.accounts ?? {})[0]?.provider).toBe('google')
  })

  it('then connect social for a login the frame did not start is refused, and nothing is asked of the server', async () => {
    const { calls, api } = server()
    const { handlers } = await wallet(api)
    await expect(handlers.CONNECT_SOCIAL({ uri: PROVIDER_URL })).rejects.toThrow(
      'Start the login with the provider first',
    )
    await handlers.GET_SOCIAL_REDIRECT_URI({ provider: 'google' })
    await expect(handlers.CONNECT_SOCIAL({ uri: 'https://evil.example/auth' })).rejects.toThrow(
      'Start the login with the provider first',
    )
    expect(calls.map((c) => c.path)).toEqual(['social/start'])
  })
})

describe('given a visitor who signs in with Farcaster in the frame', () => {
  const SIWF_URL = 'https://farcaster.xyz/~/siwf?channelToken=abc'
  const farcasterServer = () => server('social:farcaster:abc', { url: SIWF_URL, username: 'dev-visitor' })

  it('then the page gets the link to show, the frame polls with its secret, and the answer names the Farcaster user', async () => {
    const { calls, api } = farcasterServer()
    const { handlers } = await wallet(api)
    expect(await handlers.GET_FARCASTER_URI({})).toEqual({ url: SIWF_URL })
    expect(calls[0]).toEqual({
      path: 'social/start',
      body: { provider: 'farcaster', origin: PAGE, deviceId: undefined },
    })
    expect(await handlers.CONNECT_FARCASTER({})).toEqual({ status: 'pending' })
    expect(await handlers.CONNECT_FARCASTER({})).toEqual({ status: 'done', userName: 'dev-visitor' })
    const user = (await handlers.GET_USER({ chainId: 'eip155:1' })) as {
      socialProvider: string
      userName: string
    }
    expect(user).toMatchObject({ socialProvider: 'farcaster', userName: 'dev-visitor' })
  })

  it("then connect farcaster without a Farcaster login under way is refused, even while another provider's is", async () => {
    const { calls, api } = server()
    const { handlers } = await wallet(api)
    await expect(handlers.CONNECT_FARCASTER({})).rejects.toThrow('Start the Farcaster login first')
    await handlers.GET_SOCIAL_REDIRECT_URI({ provider: 'google' })
    await expect(handlers.CONNECT_FARCASTER({})).rejects.toThrow('Start the Farcaster login first')
    expect(calls.map((c) => c.path)).toEqual(['social/start'])
  })
})
