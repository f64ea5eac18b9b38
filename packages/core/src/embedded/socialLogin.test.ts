// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isUserRejection } from '../errors/toWalletError.js'
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js'
import { embeddedWallet } from './embeddedWallet.js'
import { type Answer, FRAME_ORIGIN, mainnet, scriptedFrame } from './scriptedFrame.fixture.js'
import type { SocialWindow } from './socialLogin.js'

const ADDRESS = '0x2222222222222222222222222222222222222222'
const PROVIDER_URL = 'http://127.0.0.1:9999/auth?client_id=latch-demo'

/** The window the page opened on the click: the test plays the visitor closing it. */
function blankWindow() {
  const win = { closed: false, location: { href: 'about:blank' }, close: vi.fn(() => (win.closed = true)) }
  return win satisfies SocialWindow
}

function frameAnswering(finishes: Answer[], user: Record<string, unknown> = {}) {
  return scriptedFrame((type) => {
    if (type === 'GET_SOCIAL_REDIRECT_URI') return { ok: { uri: PROVIDER_URL } }
    if (type === 'CONNECT_SOCIAL') return finishes.shift() ?? { ok: { status: 'pending' } }
    if (type === 'GET_USER')
      return { ok: { email: 'ada@example.com', address: ADDRESS, chainId: 'eip155:1', ...user } }
    return { ok: {} }
  })
}

let frame: ReturnType<typeof scriptedFrame> | undefined
afterEach(() => {
  frame?.stop()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('given "Continue with Google" on the embedded wallet connector', () => {
  it('then the window goes to the provider, the frame is asked until it holds the session, and the window closes on the account', async () => {
    frame = frameAnswering([{ ok: { status: 'pending' } }, { ok: { status: 'done' } }])
    const storage = createMemoryStorage()
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage })
    const socialWindow = blankWindow()
    const session = await wallet.connect({
      networks: [mainnet],
      params: { provider: 'google', socialWindow },
      onEvent: () => {},
    })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${ADDRESS}`])
    expect(socialWindow.location.href).toBe(PROVIDER_URL)
    expect(socialWindow.close).toHaveBeenCalled()
    const asked = frame.requests.filter((r) => r.type !== 'SYNC_DAPP_DATA')
    expect(asked.map((r) => r.type)).toEqual([
      'GET_SOCIAL_REDIRECT_URI',
      'CONNECT_SOCIAL',
      'CONNECT_SOCIAL',
      'GET_USER',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    ])
    expect(asked[0]?.payload).toEqual({ provider: 'google' })
    expect(asked[1]?.payload).toEqual({ uri: PROVIDER_URL, chainId: 'eip155:1' })
    // A reload restores it as it restores an email login.
    expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
  })

  it('then a window the visitor closed is their refusal (4001), after asking the frame once more', async () => {
    frame = frameAnswering([])
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage: createMemoryStorage() })
    const socialWindow = blankWindow()
    const connecting = wallet.connect({
      networks: [mainnet],
      params: { provider: 'google', socialWindow },
      onEvent: () => {},
    })
    await vi.waitFor(() => expect(socialWindow.location.href).toBe(PROVIDER_URL))
    socialWindow.closed = true
    const error = await connecting.catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect(frame.requests.some((r) => r.type === 'GET_USER')).toBe(false)
  })

  it('then a consent the visitor denied at the provider is their refusal too, and the window closes', async () => {
    frame = frameAnswering([
      { error: { message: 'The login was cancelled at the provider', code: 'social_denied' } },
    ])
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage: createMemoryStorage() })
    const socialWindow = blankWindow()
    const error = await wallet
      .connect({ networks: [mainnet], params: { provider: 'google', socialWindow }, onEvent: () => {} })
      .catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect(socialWindow.close).toHaveBeenCalled()
  })

  it('then an unknown provider, or no window, is refused before any frame is loaded', async () => {
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage: createMemoryStorage() })
    const connect = (params: Record<string, unknown>) =>
      wallet.connect({ networks: [mainnet], params, onEvent: () => {} })
    await expect(connect({ provider: 'myspace', socialWindow: blankWindow() })).rejects.toThrow(
      'Unknown social provider "myspace"',
    )
    await expect(connect({ provider: 'google' })).rejects.toThrow('The login window could not be opened')
    expect(document.querySelector('iframe')).toBeNull()
  })
})

describe('given Sign In With Farcaster on the embedded wallet connector', () => {
  const SIWF_URL = 'http://127.0.0.1:9999/~/siwf?channelToken=abc'

  it('then the link goes out as the pairing to show, the frame is asked until the visitor approved, and the account is the Farcaster user', async () => {
    frame = scriptedFrame((type) => {
      if (type === 'GET_FARCASTER_URI') return { ok: { url: SIWF_URL } }
      if (type === 'CONNECT_FARCASTER')
        return frame!.requests.filter((r) => r.type === 'CONNECT_FARCASTER').length < 2
          ? { ok: { status: 'pending' } }
          : { ok: { status: 'done', userName: 'dev-visitor' } }
      if (type === 'GET_USER')
        return {
          ok: {
            email: null,
            address: ADDRESS,
            chainId: 'eip155:1',
            userName: 'dev-visitor',
            socialProvider: 'farcaster',
          },
        }
      return { ok: {} }
    })
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage: createMemoryStorage() })
    const events: unknown[] = []
    const session = await wallet.connect({
      networks: [mainnet],
      params: { provider: 'farcaster' },
      onEvent: (event) => events.push(event),
    })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${ADDRESS}`])
    expect(session.user).toMatchObject({ username: 'dev-visitor', socialProvider: 'farcaster' })
    expect(events).toEqual([{ type: 'pairing', uri: SIWF_URL, expiresAt: expect.any(Number) }])
    expect(frame.requests.filter((r) => r.type !== 'SYNC_DAPP_DATA').map((r) => r.type)).toEqual([
      'GET_FARCASTER_URI',
      'CONNECT_FARCASTER',
      'CONNECT_FARCASTER',
      'GET_USER',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    ])
  })

  it('then a link that is not a web URL is refused as the frame answer it is, and no account comes', async () => {
    frame = scriptedFrame((type) =>
      type === 'GET_FARCASTER_URI' ? { ok: { url: 'javascript:alert(1)' } } : { ok: { status: 'done' } },
    )
    const wallet = embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage: createMemoryStorage() })
    const events: unknown[] = []
    await expect(
      wallet.connect({
        networks: [mainnet],
        params: { provider: 'farcaster' },
        onEvent: (e) => events.push(e),
      }),
    ).rejects.toThrow()
    expect(events).toEqual([])
    expect(frame.requests.some((r) => r.type === 'GET_USER')).toBe(false)
  })
})
