// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Alert } from '../errors/alerts.js'
import { FrameLoadError, FrameRequestTimeoutError, FrameResponseError } from '../errors/frame.js'
import { createFrameClient, type FrameClient, frameLocation, newRequestId } from './client.js'
import { FRAME_PROTOCOL, type FrameRequestType, frameEventSchema, frameRequestSchemas } from './protocol.js'

const FRAME_ORIGIN = 'http://localhost:4010'

interface Sent {
  message: { latch: string; id: string; type: FrameRequestType; payload: unknown }
  targetOrigin: string
}

function setup() {
  const alerts: Alert[] = []
  const events: unknown[] = []
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/anything?x=1`,
    projectId: 'p1',
    chainId: 'eip155:1',
    version: '0.1.0',
    onAlert: (alert) => alerts.push(alert),
    onEvent: (event) => events.push(event),
  })
  const sent: Sent[] = []
  const frame = () => {
    const element = client.element
    if (!element?.contentWindow) throw new Error('no frame')
    return element.contentWindow
  }
  const spy = () => {
    vi.spyOn(frame(), 'postMessage').mockImplementation(((message: Sent['message'], targetOrigin: string) => {
      sent.push({ message, targetOrigin })
    }) as never)
  }
  /** A message as the frame would post it to the page. */
  const fromFrame = (data: unknown, overrides: { origin?: string; source?: Window | null } = {}) => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: overrides.origin ?? FRAME_ORIGIN,
        source: overrides.source === undefined ? frame() : overrides.source,
      }),
    )
  }
  const ready = async () => {
    const promise = client.ready()
    spy()
    fromFrame({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } })
    await vi.advanceTimersByTimeAsync(500)
    await promise
  }
  /** Starts a request and returns it with the message the page posted. */
  const ask = async <T extends FrameRequestType>(type: T, payload: Parameters<FrameClient['request']>[1]) => {
    const before = sent.length
    const result = client.request(type, payload as never)
    result.catch(() => {})
    await vi.advanceTimersByTimeAsync(0)
    const message = sent[before]
    if (!message) throw new Error('nothing sent')
    return { result, message: message.message, targetOrigin: message.targetOrigin }
  }
  return { client, alerts, events, sent, frame, fromFrame, ready, ask }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('frameLocation', () => {
  it('builds the /frame/ URL with the spec §7 query parameters on the frame origin', () => {
    const { origin, src } = frameLocation({
      frameUrl: 'https://wallet.example/some/path',
      projectId: 'abc',
      chainId: 'eip155:8453',
      version: '1.2.3',
    })
    expect(origin).toBe('https://wallet.example')
    const url = new URL(src)
    expect(url.origin + url.pathname).toBe('https://wallet.example/frame/')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'abc',
      chainId: 'eip155:8453',
      version: '1.2.3',
      enableLogger: '0',
    })
  })

  it('refuses a frame URL that is not http(s)', () => {
    expect(() =>
      frameLocation({ frameUrl: 'javascript:alert(1)', projectId: 'p', chainId: 'eip155:1', version: '1' }),
    ).toThrow('frameUrl must be an http(s) URL')
  })
})

describe('newRequestId', () => {
  it('is unique per call', () => {
    const ids = new Set(Array.from({ length: 200 }, newRequestId))
    expect(ids.size).toBe(200)
  })

  it('falls back to 16 random bytes as hex outside a secure context', () => {
    vi.stubGlobal('isSecureContext', false)
    try {
      expect(newRequestId()).toMatch(/^[0-9a-f]{32}$/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('given a frame client', () => {
  it('creates one hidden iframe with the passkey permissions for the frame origin only', async () => {
    const { client } = setup()
    void client.ready().catch(() => {})
    void client.ready().catch(() => {})
    const frames = document.querySelectorAll('iframe')
    expect(frames).toHaveLength(1)
    const iframe = frames[0] as HTMLIFrameElement
    expect(iframe.src.startsWith(`${FRAME_ORIGIN}/frame/?projectId=p1&chainId=eip155%3A1`)).toBe(true)
    expect(iframe.getAttribute('allow')).toContain(`publickey-credentials-get ${FRAME_ORIGIN}`)
    expect(iframe.getAttribute('allow')).toContain(`publickey-credentials-create ${FRAME_ORIGIN}`)
    expect(iframe.style.visibility).toBe('hidden')
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
  })

  it('is ready only 500 ms after the READY event', async () => {
    const { client, fromFrame } = setup()
    let ready = false
    void client.ready().then(() => {
      ready = true
    })
    fromFrame({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } })
    await vi.advanceTimersByTimeAsync(499)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
  })

  it('fails after 20 s without READY with "Unable to load email login dependency" and the iframe_load_failed alert', async () => {
    const { client, alerts } = setup()
    const ready = client.ready()
    const outcome = ready.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(alerts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(FrameLoadError)
    expect((error as FrameLoadError).shortMessage).toBe('Unable to load email login dependency')
    expect(alerts.map((a) => a.message)).toEqual(['iframe load failed'])
    // The failed frame is removed; the next attempt builds a new one.
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
    void client.ready().catch(() => {})
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })

  it('posts each request with a fresh id to the exact frame origin, and matches answers by id', async () => {
    const { ready, ask, fromFrame } = setup()
    await ready()
    const first = await ask('IS_CONNECTED', {})
    const second = await ask('GET_CHAIN_ID', {})
    expect(first.targetOrigin).toBe(FRAME_ORIGIN)
    expect(first.message).toMatchObject({ latch: FRAME_PROTOCOL, type: 'IS_CONNECTED', payload: {} })
    expect(first.message.id).not.toBe(second.message.id)
    // Answered out of order: each goes to its own request.
    fromFrame({
      latch: FRAME_PROTOCOL,
      id: second.message.id,
      type: 'SUCCESS',
      payload: { chainId: 'eip155:1' },
    })
    fromFrame({
      latch: FRAME_PROTOCOL,
      id: first.message.id,
      type: 'SUCCESS',
      payload: { isConnected: true },
    })
    await expect(first.result).resolves.toEqual({ isConnected: true })
    await expect(second.result).resolves.toEqual({ chainId: 'eip155:1' })
  })

  it('rejects with the frame error, its code and retryAfter', async () => {
    const { ready, ask, fromFrame } = setup()
    await ready()
    const { result, message } = await ask('CONNECT_EMAIL', { email: 'a@example.com' })
    fromFrame({
      latch: FRAME_PROTOCOL,
      id: message.id,
      type: 'ERROR',
      payload: { message: 'Please try again after 12 seconds', code: 'THROTTLED', retryAfter: 12 },
    })
    const error = (await result.catch((e: unknown) => e)) as FrameResponseError
    expect(error).toBeInstanceOf(FrameResponseError)
    expect(error.shortMessage).toBe('Please try again after 12 seconds')
    expect(error.code).toBe('THROTTLED')
    expect(error.retryAfter).toBe(12)
  })

  it("says 'An error occurred' for an error without message and for a SUCCESS payload that fails its schema", async () => {
    const { ready, ask, fromFrame } = setup()
    await ready()
    const a = await ask('CONNECT_OTP', { otp: '123456' })
    fromFrame({ latch: FRAME_PROTOCOL, id: a.message.id, type: 'ERROR', payload: { message: '' } })
    await expect(a.result).rejects.toThrow('An error occurred')
    const b = await ask('CONNECT_EMAIL', { email: 'a@example.com' })
    fromFrame({
      latch: FRAME_PROTOCOL,
      id: b.message.id,
      type: 'SUCCESS',
      payload: { action: 'DROP_TABLES' },
    })
    await expect(b.result).rejects.toThrow('An error occurred')
  })

  it.each(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP'] as const)(
    'times %s out after 30 s with the iframe_request_timeout alert',
    async (type) => {
      const { ready, ask, alerts } = setup()
      await ready()
      const payload =
        type === 'CONNECT_EMAIL'
          ? { email: 'a@example.com' }
          : type === 'CONNECT_OTP'
            ? { otp: '000000' }
            : {}
      const { result } = await ask(type, payload as never)
      const outcome = result.catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(29_999)
      expect(alerts).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(await outcome).toBeInstanceOf(FrameRequestTimeoutError)
      expect(alerts.map((a) => a.message)).toEqual(['iframe request timeout'])
    },
  )

  it('gives sign-out 3 s, without an alert', async () => {
    const { ready, ask, alerts } = setup()
    await ready()
    const { result } = await ask('SIGN_OUT', {})
    const outcome = result.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await outcome).toBeInstanceOf(FrameRequestTimeoutError)
    expect(alerts).toEqual([])
  })

  it.each([
    ['GET_USER', { chainId: 'eip155:1' }],
    ['IS_CONNECTED', {}],
    ['GET_CHAIN_ID', {}],
    ['SWITCH_NETWORK', { chainId: 'eip155:8453' }],
    ['RPC_REQUEST', { method: 'eth_accounts', params: [] }],
    ['SOLANA_REQUEST', { chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', method: 'x', params: {} }],
    ['UPDATE_EMAIL', { email: 'b@example.com' }],
    ['EXPORT_WALLET', {}],
    ['ABORT_REQUESTS', {}],
  ] as const)('times %s out after 20 s with the iframe_request_timeout alert', async (type, payload) => {
    const { ready, ask, alerts } = setup()
    await ready()
    const { result } = await ask(type, payload as never)
    const outcome = result.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(alerts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(FrameRequestTimeoutError)
    expect((error as FrameRequestTimeoutError).requestType).toBe(type)
    expect(alerts.map((a) => a.id)).toEqual(['IFRAME_REQUEST_TIMEOUT'])
  })

  it.each([
    ['SYNC_THEME', { themeMode: 'dark', themeVariables: {} }],
    [
      'SYNC_DAPP_DATA',
      {
        metadata: { name: 'a', description: 'b', url: 'c', icons: [] },
        sdkVersion: '1',
        sdkType: 'latch',
        projectId: 'p',
      },
    ],
  ] as const)('never times %s out (it only hands the frame data, spec §9)', async (type, payload) => {
    const { ready, ask, fromFrame, alerts } = setup()
    await ready()
    const { result, message } = await ask(type, payload as never)
    let settled = false
    result.then(
      () => {
        settled = true
      },
      () => {
        settled = true
      },
    )
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(settled).toBe(false)
    expect(alerts).toEqual([])
    fromFrame({ latch: FRAME_PROTOCOL, id: message.id, type: 'SUCCESS', payload: {} })
    await expect(result).resolves.toBeDefined()
  })

  it('stops the limit while the frame shows a screen to the visitor, and gives it in full once the screen closes', async () => {
    const { ready, ask, fromFrame, alerts } = setup()
    await ready()
    const { result, message } = await ask('RPC_REQUEST', { method: 'personal_sign', params: [] })
    const outcome = result.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(15_000)
    // The approval screen: a person may read it for minutes.
    fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: true } })
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(alerts).toEqual([])
    // Approved: the screen closes and the frame signs, within a fresh 20 s.
    fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: false } })
    await vi.advanceTimersByTimeAsync(19_999)
    expect(alerts).toEqual([])
    fromFrame({ latch: FRAME_PROTOCOL, id: message.id, type: 'SUCCESS', payload: { result: '0x1' } })
    expect(await outcome).toEqual({ result: '0x1' })
    // A second request after the screen closed has its 20 s again.
    const next = await ask('RPC_REQUEST', { method: 'eth_accounts', params: [] })
    const late = next.result.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await late).toBeInstanceOf(FrameRequestTimeoutError)
  })

  describe('when another window or origin forges messages', () => {
    it('ignores a READY from the wrong origin, from another window, or without the protocol tag', async () => {
      const { client, fromFrame } = setup()
      let ready = false
      void client.ready().then(() => {
        ready = true
      })
      fromFrame(
        { latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } },
        { origin: 'http://evil.test' },
      )
      fromFrame({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } }, { source: window })
      fromFrame({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } }, { source: null })
      fromFrame({ type: 'READY', payload: { version: '1' } })
      fromFrame({ latch: 'frame/2', type: 'READY', payload: { version: '1' } })
      await vi.advanceTimersByTimeAsync(1_000)
      expect(ready).toBe(false)
    })

    it('ignores answers from the wrong origin or window, and a replayed id', async () => {
      const { ready, ask, fromFrame } = setup()
      await ready()
      const { result, message } = await ask('IS_CONNECTED', {})
      let value: unknown
      void result.then((v) => {
        value = v
      })
      const answer = {
        latch: FRAME_PROTOCOL,
        id: message.id,
        type: 'SUCCESS',
        payload: { isConnected: true },
      }
      fromFrame(answer, { origin: 'http://localhost:4011' })
      fromFrame(answer, { source: window })
      fromFrame({ ...answer, id: 'f'.repeat(32) })
      await vi.advanceTimersByTimeAsync(0)
      expect(value).toBeUndefined()
      fromFrame(answer)
      await vi.advanceTimersByTimeAsync(0)
      expect(value).toEqual({ isConnected: true })
      // The same answer again (a replay) reaches nobody: the next request has its own id.
      const next = await ask('IS_CONNECTED', {})
      let second: unknown
      void next.result.then((v) => {
        second = v
      })
      fromFrame(answer)
      fromFrame({ ...answer, payload: { isConnected: false } })
      await vi.advanceTimersByTimeAsync(0)
      expect(second).toBeUndefined()
    })

    it('ignores forged VISIBILITY, and shows the frame as an overlay above the modal on a real one', async () => {
      const { ready, fromFrame, client, events } = setup()
      await ready()
      const iframe = client.element as HTMLIFrameElement
      fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: true } }, { source: window })
      expect(iframe.style.visibility).toBe('hidden')
      fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: 'yes' } })
      expect(iframe.style.visibility).toBe('hidden')
      fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: true } })
      expect(iframe.style.zIndex).toBe('999999')
      expect(iframe.style.visibility).toBe('')
      expect(iframe.getAttribute('aria-hidden')).toBe('false')
      fromFrame({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: false } })
      expect(iframe.style.visibility).toBe('hidden')
      expect(events).toEqual([
        { latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: true } },
        { latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: false } },
      ])
    })
  })

  it('rejects pending requests when destroyed and removes the iframe', async () => {
    const { ready, ask, client } = setup()
    await ready()
    const { result } = await ask('GET_USER', { chainId: 'eip155:1' })
    client.destroy()
    await expect(result).rejects.toBeInstanceOf(FrameLoadError)
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
})

describe('the protocol schemas', () => {
  const ok = (type: FrameRequestType, which: 'payload' | 'result', value: unknown) =>
    frameRequestSchemas[type][which].safeParse(value).success

  it.each([
    ['CONNECT_EMAIL', 'payload', { email: 'a@example.com' }, { email: 'not an email' }],
    ['CONNECT_EMAIL', 'result', { action: 'VERIFY_OTP' }, { action: 'LOGIN' }],
    ['CONNECT_DEVICE', 'result', {}, null],
    ['CONNECT_OTP', 'payload', { otp: '012345' }, { otp: '12345' }],
    ['CONNECT_OTP', 'result', {}, 'ok'],
    [
      'GET_USER',
      'result',
      { email: null, address: '0x1', chainId: 'eip155:1', accounts: [{ address: '0x1', type: 'eoa' }] },
      { email: 'a@example.com', address: '', chainId: 1 },
    ],
    ['GET_USER', 'payload', { chainId: 'eip155:1', preferredAccountType: 'eoa' }, { chainId: 1.5 }],
    ['IS_CONNECTED', 'result', { isConnected: false }, { isConnected: 'false' }],
    ['GET_CHAIN_ID', 'result', { chainId: 1 }, { chainId: null }],
    ['SWITCH_NETWORK', 'payload', { chainId: 'eip155:8453' }, {}],
    ['SIGN_OUT', 'result', {}, []],
    [
      'SYNC_THEME',
      'payload',
      { themeMode: 'light', themeVariables: { '--x': 1 } },
      { themeMode: 'blue', themeVariables: {} },
    ],
    [
      'SYNC_DAPP_DATA',
      'payload',
      {
        metadata: { name: 'a', description: 'b', url: 'c', icons: ['d'] },
        sdkVersion: '1',
        sdkType: 't',
        projectId: 'p',
      },
      { metadata: { name: 'a' }, sdkVersion: '1', sdkType: 't', projectId: 'p' },
    ],
    ['RPC_REQUEST', 'payload', { method: 'eth_accounts', params: [] }, { method: '' }],
    ['RPC_REQUEST', 'result', { result: '0x1' }, 'x'],
  ] as const)('%s %s: accepts a valid value, refuses a bad one', (type, which, valid, invalid) => {
    expect(ok(type, which, valid)).toBe(true)
    expect(ok(type, which, invalid)).toBe(false)
  })

  it('checks every unsolicited event', () => {
    expect(
      frameEventSchema.safeParse({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } }).success,
    ).toBe(true)
    expect(frameEventSchema.safeParse({ latch: FRAME_PROTOCOL, type: 'READY', payload: {} }).success).toBe(
      false,
    )
    expect(
      frameEventSchema.safeParse({ latch: FRAME_PROTOCOL, type: 'SESSION_ENDED', payload: {} }).success,
    ).toBe(true)
    expect(frameEventSchema.safeParse({ latch: FRAME_PROTOCOL, type: 'OPEN_URL', payload: {} }).success).toBe(
      false,
    )
  })
})

describe('given a frame client whose frame has no storage, moved to the wallet window', () => {
  /** A window standing in for the wallet window: another document's window, with its close(). */
  function fakeWallet() {
    const holder = document.createElement('iframe')
    document.body.appendChild(holder)
    const popup = holder.contentWindow as Window
    let closed = false
    Object.defineProperty(popup, 'closed', { get: () => closed, configurable: true })
    const close = vi.fn(() => {
      closed = true
    })
    Object.defineProperty(popup, 'close', { value: close, configurable: true })
    const focus = vi.spyOn(popup, 'focus').mockImplementation(() => {})
    const posted: Sent[] = []
    vi.spyOn(popup, 'postMessage').mockImplementation(((message: Sent['message'], targetOrigin: string) => {
      posted.push({ message, targetOrigin })
    }) as never)
    return { popup, posted, close, focus, shut: () => (closed = true) }
  }

  function setupWindow() {
    const windowClosed = vi.fn()
    const client = createFrameClient({
      frameUrl: FRAME_ORIGIN,
      projectId: 'p 1',
      chainId: 'eip155:1',
      version: '0.1.0',
      onWindowClosed: windowClosed,
    })
    const wallet = fakeWallet()
    const open = vi.spyOn(window, 'open').mockReturnValue(wallet.popup)
    const fromWallet = (data: unknown, source: Window = wallet.popup, origin = FRAME_ORIGIN) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
    const walletReady = async () => {
      fromWallet({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } })
      await vi.advanceTimersByTimeAsync(500)
    }
    return { client, wallet, open, fromWallet, walletReady, windowClosed }
  }

  it('opens the frame origin’s window by name with mode=window and this page’s origin, and removes the iframe', async () => {
    const { client, open } = setupWindow()
    const loading = client.ready()
    loading.catch(() => {})
    expect(client.element).toBeDefined()
    expect(client.openWindow()).toBe(true)
    expect(client.inWindow).toBe(true)
    expect(client.element).toBeUndefined()
    expect(document.querySelector('iframe[data-latch-frame]')).toBeNull()
    const [url, name, features] = open.mock.calls[0] ?? []
    const opened = new URL(String(url))
    expect(opened.origin + opened.pathname).toBe(`${FRAME_ORIGIN}/frame/`)
    expect(opened.searchParams.get('mode')).toBe('window')
    expect(opened.searchParams.get('parentOrigin')).toBe(window.location.origin)
    expect(opened.searchParams.get('projectId')).toBe('p 1')
    expect(name).toBe('latch-wallet-p_1')
    expect(features).toContain('popup')
  })

  it('sends requests to the window only after its READY, to the frame origin, and reads answers only from that window', async () => {
    const { client, wallet, fromWallet, walletReady } = setupWindow()
    client.openWindow()
    const asked = client.request('IS_CONNECTED', {})
    await vi.advanceTimersByTimeAsync(0)
    expect(wallet.posted).toEqual([])
    await walletReady()
    const sent = wallet.posted[0]
    expect(sent?.targetOrigin).toBe(FRAME_ORIGIN)
    expect(sent?.message.type).toBe('IS_CONNECTED')
    const answer = {
      latch: FRAME_PROTOCOL,
      id: sent?.message.id,
      type: 'SUCCESS',
      payload: { isConnected: true },
    }
    // The same answer from another window, or from another origin, is ignored.
    fromWallet(answer, window)
    fromWallet(answer, wallet.popup, 'https://evil.example')
    fromWallet(answer)
    await expect(asked).resolves.toEqual({ isConnected: true })
  })

  it('brings the window forward when the wallet shows a screen', async () => {
    const { client, wallet, fromWallet, walletReady } = setupWindow()
    client.openWindow()
    await walletReady()
    fromWallet({ latch: FRAME_PROTOCOL, type: 'VISIBILITY', payload: { visible: true } })
    expect(wallet.focus).toHaveBeenCalledTimes(1)
  })

  it('when the visitor closes the window, rejects what waits on it as cancelled there (not out of reach) and says so once', async () => {
    const { client, wallet, walletReady, windowClosed } = setupWindow()
    client.openWindow()
    await walletReady()
    const waiting = client.request('GET_USER', { chainId: 'eip155:1' })
    waiting.catch(() => {})
    wallet.shut()
    await vi.advanceTimersByTimeAsync(500)
    await expect(waiting).rejects.toMatchObject({
      name: 'FrameResponseError',
      code: 'WINDOW_CLOSED',
      message: 'The wallet window was closed',
    })
    expect(windowClosed).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(windowClosed).toHaveBeenCalledTimes(1)
  })

  it('when the browser blocks the window, says false and keeps the iframe', async () => {
    const { client, open } = setupWindow()
    open.mockReturnValue(null)
    void client.ready().catch(() => {})
    expect(client.openWindow()).toBe(false)
    expect(client.inWindow).toBe(false)
    expect(client.element).toBeDefined()
  })

  it('closes the window when destroyed (sign-out)', () => {
    const { client, wallet } = setupWindow()
    client.openWindow()
    client.destroy()
    expect(wallet.close).toHaveBeenCalledTimes(1)
  })
})
