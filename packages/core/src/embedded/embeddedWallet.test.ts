// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionUnreachableError } from '../errors/connection.js'
import { FRAME_PROTOCOL } from '../frame/protocol.js'
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js'
import type { CaipNetwork, SessionConnectorEvent } from '../types.js'
import { type EmbeddedWalletConnector, embeddedWallet } from './embeddedWallet.js'
import { type Answer, answerOn, FRAME_ORIGIN, mainnet, scriptedFrame } from './scriptedFrame.fixture.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

const SOLANA_ADDRESS = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
const localSolana = {
  id: '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN',
  caipNetworkId: 'solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN',
  chainNamespace: 'solana',
  name: 'Solana (local)',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://localhost:8899'] } },
} as unknown as CaipNetwork

const user = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 'eip155:1',
  accounts: [{ address: ADDRESS, type: 'eoa' }],
}

function defaultAnswers(overrides: Record<string, Answer> = {}) {
  return (type: string): Answer =>
    overrides[type] ??
    ({
      CONNECT_EMAIL: { ok: { action: 'VERIFY_OTP' } },
      CONNECT_OTP: { ok: {} },
      GET_USER: { ok: user },
      IS_CONNECTED: { ok: { isConnected: true } },
      SIGN_OUT: { ok: {} },
      SYNC_DAPP_DATA: { ok: {} },
      RPC_REQUEST: { ok: { result: [ADDRESS] } },
    }[type] as Answer)
}

function connector(storage = createMemoryStorage()) {
  return { wallet: embeddedWallet({ frameUrl: FRAME_ORIGIN, projectId: 'p1', storage }), storage }
}

/** Connects with an email and types the code when the connector asks for it. */
async function login(wallet: EmbeddedWalletConnector, otp = '123456') {
  const events: SessionConnectorEvent[] = []
  const session = wallet.connect({
    networks: [mainnet],
    params: { email: 'ada@example.com' },
    onEvent: (event) => {
      events.push(event)
      if (event.type === 'view') void wallet.capabilities.embeddedWallet.submitOtp(otp).catch(() => {})
    },
  })
  return { session: await session, events }
}

let frame: ReturnType<typeof scriptedFrame> | undefined
afterEach(() => {
  frame?.stop()
  frame = undefined
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('given the embedded wallet connector', () => {
  it('is an AUTH connector for eip155 and solana that creates nothing until used', () => {
    const { wallet } = connector()
    expect(wallet.type).toBe('AUTH')
    expect(wallet.supports(mainnet)).toBe(true)
    expect(wallet.supports(localSolana)).toBe(true)
    expect(wallet.supports({ ...mainnet, chainNamespace: 'bip122' } as CaipNetwork)).toBe(false)
    expect(document.querySelector('iframe')).toBeNull()
  })

  it("refuses an invalid email with 'Invalid email' and loads no frame", async () => {
    const { wallet } = connector()
    await expect(
      wallet.connect({ networks: [mainnet], params: { email: 'ada@' }, onEvent: () => {} }),
    ).rejects.toThrow('Invalid email')
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('logs in with email and code, puts the email on the session and fills the login cache', async () => {
    frame = scriptedFrame(defaultAnswers())
    const { wallet, storage } = connector()
    const { session, events } = await login(wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${ADDRESS}`])
    expect(session.user?.email).toBe('ada@example.com')
    expect(events).toEqual([{ type: 'view', view: 'EmbeddedWallet', params: { connectorId: 'embedded' } }])
    expect(frame.requests.map((r) => r.type)).toEqual([
      'CONNECT_EMAIL',
      'CONNECT_OTP',
      'GET_USER',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    ])
    expect(frame.requests.every((r) => r.targetOrigin === FRAME_ORIGIN)).toBe(true)
    expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
    expect(storage.getItem(STORAGE_KEYS.connectedEmail)).toBe('ada@example.com')
    expect(Number(storage.getItem(STORAGE_KEYS.lastEmailLoginTime))).toBeGreaterThan(0)
  })

  it('keeps the code view open on a wrong code and shows the frame message, then accepts the right one', async () => {
    let tries = 0
    frame = scriptedFrame((type, payload) =>
      type === 'CONNECT_OTP' && (payload as { otp: string }).otp !== '654321'
        ? { error: { message: 'Invalid code', code: 'INVALID_OTP' } }
        : defaultAnswers()(type),
    )
    const { wallet } = connector()
    const session = wallet.connect({
      networks: [mainnet],
      params: { email: 'ada@example.com' },
      onEvent: () => {
        tries++
      },
    })
    await vi.waitFor(() => expect(wallet.capabilities.embeddedWallet.getLoginState().step).toBe('verify-otp'))
    await expect(wallet.capabilities.embeddedWallet.submitOtp('111111')).rejects.toThrow('Invalid code')
    expect(wallet.capabilities.embeddedWallet.getLoginState()).toMatchObject({
      step: 'verify-otp',
      error: { message: 'Invalid code', code: 'INVALID_OTP' },
      submitting: false,
    })
    await wallet.capabilities.embeddedWallet.submitOtp('654321')
    await expect(session).resolves.toMatchObject({ user: { email: 'ada@example.com' } })
    expect(tries).toBe(1)
  })

  it('waits for device confirmation, asking again after each timeout, then asks for the code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let deviceAsks = 0
    frame = scriptedFrame((type) => {
      if (type === 'CONNECT_EMAIL') return { ok: { action: 'VERIFY_DEVICE' } }
      if (type === 'CONNECT_DEVICE') {
        deviceAsks++
        if (deviceAsks === 1) return 'silent'
        if (deviceAsks === 2) return { error: { message: 'Not confirmed yet', code: 'DEVICE_NOT_CONFIRMED' } }
        return { ok: {} }
      }
      return defaultAnswers()(type)
    })
    const { wallet } = connector()
    const steps: string[] = []
    wallet.subscribe({
      onAccountsChanged() {},
      onChainChanged() {},
      onSessionEnded() {},
      onFlowChanged: ({ login }) => steps.push(login.step),
    })
    const session = wallet.connect({
      networks: [mainnet],
      params: { email: 'ada@example.com' },
      onEvent: () => {},
    })
    await vi.advanceTimersByTimeAsync(600)
    expect(wallet.capabilities.embeddedWallet.getLoginState().step).toBe('verify-device')
    await vi.advanceTimersByTimeAsync(30_000 + 1_000 + 10)
    expect(deviceAsks).toBe(2)
    await vi.advanceTimersByTimeAsync(1_000 + 10)
    expect(deviceAsks).toBe(3)
    expect(wallet.capabilities.embeddedWallet.getLoginState().step).toBe('verify-otp')
    void wallet.capabilities.embeddedWallet.submitOtp('123456')
    await vi.advanceTimersByTimeAsync(10)
    await expect(session).resolves.toMatchObject({ user: { email: 'ada@example.com' } })
    expect(steps).toEqual(['sending', 'verify-device', 'verify-otp', 'verify-otp', 'authenticating', 'idle'])
  })

  it("throttles a second email within 30 s: 'Please try again after {n} seconds' and no request", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    frame = scriptedFrame(defaultAnswers())
    const { wallet } = connector()
    const first = wallet.connect({
      networks: [mainnet],
      params: { email: 'ada@example.com' },
      onEvent: () => {},
    })
    first.catch(() => {})
    await vi.advanceTimersByTimeAsync(600)
    wallet.cancel()
    const sentAt = frame.requests.find((r) => r.type === 'CONNECT_EMAIL')?.at ?? 0
    await vi.advanceTimersByTimeAsync(sentAt + 10_000 - Date.now())
    const sent = frame.requests.filter((r) => r.type === 'CONNECT_EMAIL').length
    expect(wallet.capabilities.embeddedWallet.emailCooldownSeconds()).toBe(20)
    await expect(
      wallet.connect({ networks: [mainnet], params: { email: 'ada@example.com' }, onEvent: () => {} }),
    ).rejects.toThrow('Please try again after 20 seconds')
    expect(frame.requests.filter((r) => r.type === 'CONNECT_EMAIL')).toHaveLength(sent)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(wallet.capabilities.embeddedWallet.emailCooldownSeconds()).toBe(0)
  })

  it("reports the server's own throttle with the same message", async () => {
    frame = scriptedFrame(
      defaultAnswers({
        CONNECT_EMAIL: { error: { message: 'slow down', code: 'THROTTLED', retryAfter: 7 } },
      }),
    )
    const { wallet } = connector()
    await expect(
      wallet.connect({ networks: [mainnet], params: { email: 'ada@example.com' }, onEvent: () => {} }),
    ).rejects.toThrow('Please try again after 7 seconds')
  })

  it("ends the login 'failed' when the wallet server can't be reached, with no throttle started", async () => {
    frame = scriptedFrame(
      defaultAnswers({
        CONNECT_EMAIL: { error: { message: 'The login server cannot be reached', code: 'NETWORK' } },
      }),
    )
    const { wallet } = connector()
    await expect(
      wallet.connect({ networks: [mainnet], params: { email: 'ada@example.com' }, onEvent: () => {} }),
    ).rejects.toMatchObject({ code: 'NETWORK' })
    expect(wallet.capabilities.embeddedWallet.getLoginState()).toMatchObject({
      step: 'failed',
      email: 'ada@example.com',
      error: { name: 'FrameResponseError', code: 'NETWORK' },
    })
    expect(wallet.capabilities.embeddedWallet.emailCooldownSeconds()).toBe(0)
  })

  describe('on restore', () => {
    it('loads no frame when this browser never logged in with email', async () => {
      const { wallet } = connector()
      await expect(wallet.restore({ networks: [mainnet] })).resolves.toBeUndefined()
      expect(document.querySelector('iframe')).toBeNull()
    })

    it('restores the session the frame still has', async () => {
      frame = scriptedFrame(defaultAnswers())
      const { wallet } = connector(createMemoryStorage({ [STORAGE_KEYS.emailLoginUsed]: 'true' }))
      const session = await wallet.restore({ networks: [mainnet] })
      expect(session?.user?.email).toBe('ada@example.com')
      expect(frame.requests.map((r) => r.type)).toEqual([
        'IS_CONNECTED',
        'GET_USER',
        'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
      ])
    })

    it('clears the login cache when the frame says not connected', async () => {
      frame = scriptedFrame(defaultAnswers({ IS_CONNECTED: { ok: { isConnected: false } } }))
      const storage = createMemoryStorage({
        [STORAGE_KEYS.emailLoginUsed]: 'true',
        [STORAGE_KEYS.connectedEmail]: 'ada@example.com',
      })
      const { wallet } = connector(storage)
      await expect(wallet.restore({ networks: [mainnet] })).resolves.toBeUndefined()
      expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
      expect(storage.getItem(STORAGE_KEYS.connectedEmail)).toBeNull()
    })

    it("says the wallet can't be reached when the frame does not load in 10 s, keeps the cache, and the load alert follows at 20 s", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      frame = scriptedFrame(defaultAnswers(), { load: false })
      const storage = createMemoryStorage({ [STORAGE_KEYS.emailLoginUsed]: 'true' })
      const { wallet } = connector(storage)
      const alerts: string[] = []
      const reachable: boolean[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onAlert: (alert) => alerts.push(alert.id),
        onReachable: (now) => reachable.push(now),
      })
      const restore = wallet.restore({ networks: [mainnet] }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await restore).toBeInstanceOf(SessionUnreachableError)
      expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
      await vi.advanceTimersByTimeAsync(10_000)
      expect(alerts).toEqual(['IFRAME_LOAD_FAILED'])
      expect(reachable).toEqual([false])
    })

    it("says the wallet can't be reached when the frame answers that its server is down, and keeps the cache", async () => {
      frame = scriptedFrame(
        defaultAnswers({
          IS_CONNECTED: { error: { message: 'The login server cannot be reached', code: 'NETWORK' } },
        }),
      )
      const storage = createMemoryStorage({ [STORAGE_KEYS.emailLoginUsed]: 'true' })
      const { wallet } = connector(storage)
      await expect(wallet.restore({ networks: [mainnet] })).rejects.toBeInstanceOf(SessionUnreachableError)
      expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
    })

    it('clears the login cache when the connected check fails (spec §4)', async () => {
      frame = scriptedFrame(
        defaultAnswers({ IS_CONNECTED: { error: { message: 'Session store broken', code: 'SERVER' } } }),
      )
      const storage = createMemoryStorage({
        [STORAGE_KEYS.emailLoginUsed]: 'true',
        [STORAGE_KEYS.connectedEmail]: 'ada@example.com',
      })
      const { wallet } = connector(storage)
      await expect(wallet.restore({ networks: [mainnet] })).resolves.toBeUndefined()
      expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
      expect(storage.getItem(STORAGE_KEYS.connectedEmail)).toBeNull()
    })
  })

  describe('on disconnect', () => {
    it('signs out in the frame and clears the login cache', async () => {
      frame = scriptedFrame(defaultAnswers())
      const { wallet, storage } = connector()
      await login(wallet)
      await wallet.disconnect()
      expect(frame.requests.at(-1)?.type).toBe('SIGN_OUT')
      for (const key of [
        STORAGE_KEYS.emailLoginUsed,
        STORAGE_KEYS.connectedEmail,
        STORAGE_KEYS.lastEmailLoginTime,
      ])
        expect(storage.getItem(key)).toBeNull()
    })

    it('gives a silent frame 3 s, then clears the cache anyway', async () => {
      frame = scriptedFrame(defaultAnswers({ SIGN_OUT: 'silent' }))
      const { wallet, storage } = connector()
      await login(wallet)
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      let done = false
      void wallet.disconnect().then(() => {
        done = true
      })
      await vi.advanceTimersByTimeAsync(2_999)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(done).toBe(true)
      expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
    })
  })

  describe('when its project runs smart accounts', () => {
    const SMART = '0x2222222222222222222222222222222222222222'
    const smartAnswers = (overrides: Record<string, Answer> = {}) =>
      defaultAnswers({
        GET_SMART_ACCOUNT_ENABLED_NETWORKS: { ok: { smartAccountEnabledNetworks: [1, 8453] } },
        SET_PREFERRED_ACCOUNT: { ok: { type: 'smartAccount', address: SMART } },
        INIT_SMART_ACCOUNT: { ok: { address: SMART, isDeployed: false } },
        ...overrides,
      })

    it('then the session says on which chains, kept comma-joined for the next visit and cleared at sign-out', async () => {
      frame = scriptedFrame(smartAnswers())
      const { wallet, storage } = connector()
      const { session } = await login(wallet)
      expect(session.smartAccountEnabledNetworks).toEqual([1, 8453])
      expect(storage.getItem(STORAGE_KEYS.smartAccountEnabledNetworks)).toBe('1,8453')
      await wallet.disconnect()
      expect(storage.getItem(STORAGE_KEYS.smartAccountEnabledNetworks)).toBeNull()
    })

    it('then a frame that cannot say keeps the chains it said last time, and a session stands without them', async () => {
      frame = scriptedFrame(
        smartAnswers({
          GET_SMART_ACCOUNT_ENABLED_NETWORKS: { error: { message: 'Unreachable', code: 'NETWORK' } },
        }),
      )
      const storage = createMemoryStorage()
      storage.setItem(STORAGE_KEYS.smartAccountEnabledNetworks, '10')
      const { wallet } = connector(storage)
      const { session } = await login(wallet)
      expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${ADDRESS}`])
      expect(session.smartAccountEnabledNetworks).toEqual([10])
    })

    it('then switching to the smart account asks the frame, says whether it is deployed, and the provider announces the new account', async () => {
      frame = scriptedFrame(smartAnswers())
      const { wallet } = connector()
      await login(wallet)
      const provider = wallet.getProvider('eip155') as {
        on(event: string, listener: (a: unknown) => void): void
      }
      const announced: unknown[] = []
      provider.on('accountsChanged', (accounts) => announced.push(accounts))
      const chosen = await wallet.capabilities.embeddedWallet.setPreferredAccountType('smartAccount')
      expect(chosen).toEqual({ type: 'smartAccount', address: SMART, smartAccountDeployed: false })
      expect(frame.requests.find((r) => r.type === 'SET_PREFERRED_ACCOUNT')?.payload).toEqual({
        type: 'smartAccount',
      })
      expect(announced).toEqual([[SMART]])
    })

    it('then a chain switch that leaves the smart account (a chain without one) announces the EOA, and one that keeps it announces nothing', async () => {
      let address: string = SMART
      frame = scriptedFrame((type, payload) =>
        type === 'GET_USER'
          ? { ok: { ...user, address, chainId: (payload as { chainId?: string }).chainId ?? 'eip155:1' } }
          : type === 'SWITCH_NETWORK'
            ? { ok: { chainId: (payload as { chainId: string }).chainId } }
            : smartAnswers()(type),
      )
      const { wallet } = connector()
      await login(wallet)
      const provider = wallet.getProvider('eip155') as {
        on(event: string, listener: (a: unknown) => void): void
        request(args: { method: string; params?: unknown }): Promise<unknown>
      }
      const announced: unknown[] = []
      provider.on('accountsChanged', (accounts) => announced.push(accounts))
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
      expect(announced).toEqual([])
      address = ADDRESS
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
      expect(announced).toEqual([[ADDRESS]])
    })

    it("then the app's default account type goes with every GET_USER (login, restore, chain switch)", async () => {
      frame = scriptedFrame((type, payload) =>
        type === 'GET_USER'
          ? { ok: { ...user, chainId: (payload as { chainId?: string }).chainId ?? 'eip155:1' } }
          : type === 'SWITCH_NETWORK'
            ? { ok: { chainId: (payload as { chainId: string }).chainId } }
            : smartAnswers()(type),
      )
      const storage = createMemoryStorage()
      const wallet = embeddedWallet({
        frameUrl: FRAME_ORIGIN,
        projectId: 'p1',
        storage,
        defaultAccountType: 'smartAccount',
      })
      expect(wallet.capabilities.embeddedWallet.defaultAccountType).toBe('smartAccount')
      await login(wallet)
      const provider = wallet.getProvider('eip155') as {
        request(args: { method: string; params?: unknown }): Promise<unknown>
      }
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
      await wallet.restore?.({ networks: [mainnet] })
      expect(frame.requests.filter((r) => r.type === 'GET_USER').map((r) => r.payload)).toEqual([
        { chainId: 'eip155:1', preferredAccountType: 'smartAccount' },
        { chainId: 'eip155:8453', preferredAccountType: 'smartAccount' },
        { chainId: 'eip155:1', preferredAccountType: 'smartAccount' },
      ])
    })

    it('then without a default account type GET_USER says the EOA, which the frame never takes as a switch', async () => {
      frame = scriptedFrame(smartAnswers())
      const { wallet } = connector()
      expect(wallet.capabilities.embeddedWallet.defaultAccountType).toBe('eoa')
      await login(wallet)
      expect(frame.requests.find((r) => r.type === 'GET_USER')?.payload).toEqual({
        chainId: 'eip155:1',
        preferredAccountType: 'eoa',
      })
    })

    it('then a default account type that is neither eoa nor smartAccount is refused when the connector is made', () => {
      expect(() =>
        embeddedWallet({
          frameUrl: FRAME_ORIGIN,
          projectId: 'p1',
          defaultAccountType: 'smart' as 'smartAccount',
        }),
      ).toThrow("embeddedWallet: defaultAccountType must be 'eoa' or 'smartAccount'")
    })

    it('then a switch the frame refuses changes nothing and rejects with its message', async () => {
      frame = scriptedFrame(
        smartAnswers({
          SET_PREFERRED_ACCOUNT: { error: { message: 'Smart accounts are not enabled on this chain' } },
        }),
      )
      const { wallet } = connector()
      await login(wallet)
      const provider = wallet.getProvider('eip155') as {
        on(event: string, listener: (a: unknown) => void): void
      }
      const announced: unknown[] = []
      provider.on('accountsChanged', (accounts) => announced.push(accounts))
      await expect(
        wallet.capabilities.embeddedWallet.setPreferredAccountType('smartAccount'),
      ).rejects.toThrow('Smart accounts are not enabled on this chain')
      expect(announced).toEqual([])
    })
  })

  describe('its eip155 provider', () => {
    it('sends signing requests to the frame, bracketed by approval events that say what is asked', async () => {
      frame = scriptedFrame(defaultAnswers({ RPC_REQUEST: { ok: { result: '0xsigned' } } }))
      const { wallet } = connector()
      await login(wallet)
      const events: unknown[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onEvent: (event) => events.push(event),
      })
      const provider = wallet.getProvider('eip155') as {
        request(a: { method: string; params?: unknown }): Promise<unknown>
      }
      await expect(provider.request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).resolves.toBe(
        '0xsigned',
      )
      expect(events).toEqual([
        // The start says what is asked, for the modal's title.
        { type: 'approval', phase: 'start', requestId: 'approval-1', request: 'message' },
        { type: 'approval', phase: 'end', requestId: 'approval-1', outcome: 'success' },
      ])
      expect(frame.requests.at(-1)).toMatchObject({
        type: 'RPC_REQUEST',
        payload: { method: 'personal_sign', params: ['0x00', ADDRESS] },
      })
    })

    it("fails a signature before any approval is shown when the frame's server can't be reached (EIP-1193 4900)", async () => {
      let down = false
      frame = scriptedFrame((type) =>
        down && type === 'IS_CONNECTED'
          ? { error: { message: 'The login server cannot be reached', code: 'NETWORK' } }
          : defaultAnswers()(type),
      )
      const { wallet } = connector()
      await login(wallet)
      const events: unknown[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onEvent: (event) => events.push(event),
      })
      down = true
      const provider = wallet.getProvider('eip155') as {
        request(a: { method: string; params?: unknown }): Promise<unknown>
      }
      await expect(
        provider.request({ method: 'personal_sign', params: ['0x00', ADDRESS] }),
      ).rejects.toMatchObject({
        name: 'SessionUnreachableError',
        code: 4900,
      })
      expect(events).toEqual([])
      expect(frame.requests.filter((r) => r.type === 'RPC_REQUEST')).toEqual([])
    })

    it('fails a signature before any approval is shown when the frame does not answer in 20 s', async () => {
      frame = scriptedFrame(defaultAnswers())
      const { wallet } = connector()
      await login(wallet)
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const silent = vi.spyOn(
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')?.contentWindow as Window,
        'postMessage',
      )
      // The frame hangs from now on: it answers nothing.
      silent.mockReset()
      silent.mockImplementation(() => {})
      const events: unknown[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onEvent: (event) => events.push(event),
      })
      const provider = wallet.getProvider('eip155') as { request(a: { method: string }): Promise<unknown> }
      const outcome = provider.request({ method: 'eth_sendTransaction' }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(await outcome).toMatchObject({ name: 'SessionUnreachableError', code: 4900 })
      expect(silent.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual([
        'IS_CONNECTED',
      ])
      expect(events).toEqual([])
    })

    for (const [code, message] of [
      ['USER_REJECTED', 'The user rejected the request.'],
      ['ABORTED', 'Request was aborted'],
    ] as const) {
      it(`maps the frame's ${code} to EIP-1193 4001 '${message}'`, async () => {
        frame = scriptedFrame(defaultAnswers({ RPC_REQUEST: { error: { message: 'from the frame', code } } }))
        const { wallet } = connector()
        await login(wallet)
        const provider = wallet.getProvider('eip155') as { request(a: { method: string }): Promise<unknown> }
        await expect(provider.request({ method: 'eth_sendTransaction' })).rejects.toMatchObject({
          shortMessage: message,
          code: 4001,
        })
      })
    }

    it("shows the 'Action not allowed' toast 300 ms after a disallowed request", async () => {
      frame = scriptedFrame(
        defaultAnswers({
          RPC_REQUEST: { error: { message: 'Requested RPC call is not allowed', code: 'NOT_ALLOWED' } },
        }),
      )
      const { wallet } = connector()
      await login(wallet)
      const toasts: unknown[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onToast: (toast) => toasts.push(toast),
      })
      const provider = wallet.getProvider('eip155') as { request(a: { method: string }): Promise<unknown> }
      await expect(provider.request({ method: 'eth_sign' })).rejects.toMatchObject({ code: 4200 })
      const refusedAt = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(toasts).toEqual([])
      await expect.poll(() => toasts).toEqual([{ id: 'ACTION_NOT_ALLOWED', message: 'Action not allowed' }])
      expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(290)
    })

    it("refuses a capability probe the frame does not answer without the 'Action not allowed' toast", async () => {
      frame = scriptedFrame(
        defaultAnswers({
          RPC_REQUEST: { error: { message: 'Requested RPC call is not allowed', code: 'NOT_ALLOWED' } },
        }),
      )
      const { wallet } = connector()
      await login(wallet)
      const toasts: unknown[] = []
      wallet.subscribe({
        onAccountsChanged() {},
        onChainChanged() {},
        onSessionEnded() {},
        onToast: (toast) => toasts.push(toast),
      })
      const provider = wallet.getProvider('eip155') as {
        request(a: { method: string; params?: unknown }): Promise<unknown>
      }
      // The kit asks this itself before a batch or a token list: the visitor did nothing refused.
      await expect(
        provider.request({
          method: 'wallet_getCapabilities',
          params: ['0x0000000000000000000000000000000000000001'],
        }),
      ).rejects.toMatchObject({ code: 4200 })
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(toasts).toEqual([])
    })

    it("maps the frame's NOT_ALLOWED to 'Requested RPC call is not allowed'", async () => {
      frame = scriptedFrame(
        defaultAnswers({
          RPC_REQUEST: { error: { message: 'Requested RPC call is not allowed', code: 'NOT_ALLOWED' } },
        }),
      )
      const { wallet } = connector()
      await login(wallet)
      const provider = wallet.getProvider('eip155') as { request(a: { method: string }): Promise<unknown> }
      await expect(provider.request({ method: 'eth_getBalance' })).rejects.toMatchObject({
        shortMessage: 'Requested RPC call is not allowed',
        code: 4200,
      })
    })
  })

  describe('when the signed-in visitor updates the email', () => {
    it('then a code for the current address, then one for the new address, put the new email on the session and in the login cache', async () => {
      frame = scriptedFrame(
        defaultAnswers({
          UPDATE_EMAIL: { ok: { action: 'VERIFY_PRIMARY_OTP' } },
          UPDATE_EMAIL_PRIMARY_OTP: { ok: { action: 'VERIFY_SECONDARY_OTP' } },
          UPDATE_EMAIL_SECONDARY_OTP: { ok: { newEmail: 'grace@example.com' } },
        }),
      )
      const { wallet, storage } = connector()
      await login(wallet)
      const users: unknown[] = []
      wallet.subscribe({
        onAccountsChanged: () => {},
        onChainChanged: () => {},
        onSessionEnded: () => {},
        onUserChanged: (user) => users.push(user),
      })
      const steps: string[] = []
      wallet.subscribe({
        onAccountsChanged: () => {},
        onChainChanged: () => {},
        onSessionEnded: () => {},
        onFlowChanged: ({ emailUpdate }) => {
          if (emailUpdate.step !== steps.at(-1)) steps.push(emailUpdate.step)
        },
      })
      await expect(wallet.capabilities.embeddedWallet.updateEmail('not an email')).rejects.toThrow(
        'Invalid email',
      )
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toMatchObject({
        step: 'enter-email',
        error: { name: 'InvalidEmailError' },
      })
      await wallet.capabilities.embeddedWallet.updateEmail(' grace@example.com ')
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toMatchObject({
        step: 'verify-primary',
        email: 'grace@example.com',
      })
      await expect(wallet.capabilities.embeddedWallet.submitEmailUpdateOtp('12')).rejects.toThrow(
        'Invalid code',
      )
      await wallet.capabilities.embeddedWallet.submitEmailUpdateOtp('111111')
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState().step).toBe('verify-secondary')
      expect(users).toEqual([])
      await wallet.capabilities.embeddedWallet.submitEmailUpdateOtp('222222')
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toEqual({
        step: 'done',
        email: 'grace@example.com',
      })
      expect(users).toEqual([{ email: 'grace@example.com' }])
      expect(storage.getItem(STORAGE_KEYS.connectedEmail)).toBe('grace@example.com')
      expect(frame.requests.filter((r) => r.type.startsWith('UPDATE_EMAIL'))).toEqual([
        expect.objectContaining({ type: 'UPDATE_EMAIL', payload: { email: 'grace@example.com' } }),
        expect.objectContaining({ type: 'UPDATE_EMAIL_PRIMARY_OTP', payload: { otp: '111111' } }),
        expect.objectContaining({ type: 'UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: '222222' } }),
      ])
      expect(steps).toContain('verify-secondary')
    })

    it("then the server's throttle reads 'Please try again after {n} seconds', and a wrong code keeps the step with its error", async () => {
      let primary: Answer = { error: { message: 'Invalid code', code: 'INVALID_OTP' } }
      frame = scriptedFrame((type, payload) =>
        type === 'UPDATE_EMAIL'
          ? (payload as { email: string }).email === 'slow@example.com'
            ? { error: { message: 'Please try again after 12 seconds', code: 'THROTTLED', retryAfter: 12 } }
            : { ok: { action: 'VERIFY_PRIMARY_OTP' } }
          : type === 'UPDATE_EMAIL_PRIMARY_OTP'
            ? primary
            : defaultAnswers()(type),
      )
      const { wallet } = connector()
      await login(wallet)
      await expect(wallet.capabilities.embeddedWallet.updateEmail('slow@example.com')).rejects.toThrow(
        'Please try again after 12 seconds',
      )
      await wallet.capabilities.embeddedWallet.updateEmail('grace@example.com')
      await expect(wallet.capabilities.embeddedWallet.submitEmailUpdateOtp('000000')).rejects.toThrow()
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toMatchObject({
        step: 'verify-primary',
        submitting: false,
        error: { code: 'INVALID_OTP' },
      })
      primary = { ok: { action: 'VERIFY_SECONDARY_OTP' } }
      await wallet.capabilities.embeddedWallet.submitEmailUpdateOtp('111111')
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toMatchObject({
        step: 'verify-secondary',
        error: undefined,
      })
      wallet.capabilities.embeddedWallet.cancelEmailUpdate()
      expect(wallet.capabilities.embeddedWallet.getEmailUpdateState()).toEqual({ step: 'idle' })
    })
  })

  describe("when the app's theme is synced", () => {
    it('then nothing loads before the frame exists, and the frame gets the theme when created and on each change', async () => {
      frame = scriptedFrame(defaultAnswers({ SYNC_THEME: { ok: {} } }))
      const { wallet } = connector()
      wallet.syncTheme?.({ themeMode: 'dark', themeVariables: { '--latch-accent': '#ff0000' } })
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(document.querySelector('iframe')).toBeNull()
      await login(wallet)
      expect(frame.requests.find((r) => r.type === 'SYNC_THEME')?.payload).toEqual({
        themeMode: 'dark',
        themeVariables: { '--latch-accent': '#ff0000' },
      })
      wallet.syncTheme?.({ themeMode: 'light', themeVariables: {} })
      await vi.waitFor(() =>
        expect(frame?.requests.filter((r) => r.type === 'SYNC_THEME').at(-1)?.payload).toEqual({
          themeMode: 'light',
          themeVariables: {},
        }),
      )
    })
  })
})

describe('given an app with Solana networks and a wallet whose frame reports a Solana account', () => {
  it('then the session has a solana side on each Solana network, and its provider asks the frame with the cluster, showing ApproveTransaction meanwhile', async () => {
    frame = scriptedFrame(
      defaultAnswers({
        GET_USER: { ok: { ...user, solanaAddress: SOLANA_ADDRESS } },
        SOLANA_REQUEST: { ok: { result: { signature: 'sig' } } },
      }),
    )
    const { wallet } = connector()
    const approvals: SessionConnectorEvent[] = []
    wallet.subscribe({
      onAccountsChanged: () => {},
      onChainChanged: () => {},
      onSessionEnded: () => {},
      onEvent: (event) => approvals.push(event),
    })
    const session = await wallet.connect({
      networks: [mainnet, localSolana],
      params: { email: 'ada@example.com' },
      onEvent: (event) => {
        if (event.type === 'view') void wallet.capabilities.embeddedWallet.submitOtp('123456')
      },
    })
    expect(session.namespaces.solana).toEqual({
      accounts: [`${localSolana.caipNetworkId}:${SOLANA_ADDRESS}`],
      chains: [localSolana.caipNetworkId],
    })
    const provider = wallet.getProvider('solana') as {
      accounts(): readonly string[]
      methods(): readonly string[]
      request(args: { method: string; params: unknown }, chain: string): Promise<unknown>
    }
    expect(provider.accounts()).toEqual([`${localSolana.caipNetworkId}:${SOLANA_ADDRESS}`])
    expect(provider.methods()).not.toContain('solana_signAllTransactions')
    const params = { message: '2NEpo7TZRRrLZSi2U', pubkey: SOLANA_ADDRESS }
    expect(
      await provider.request({ method: 'solana_signMessage', params }, localSolana.caipNetworkId),
    ).toEqual({
      signature: 'sig',
    })
    expect(frame.requests.at(-1)).toMatchObject({
      type: 'SOLANA_REQUEST',
      payload: { chainId: localSolana.caipNetworkId, method: 'solana_signMessage', params },
      targetOrigin: FRAME_ORIGIN,
    })
    expect(approvals.filter((e) => e.type === 'approval').map((e) => 'phase' in e && e.phase)).toEqual([
      'start',
      'end',
    ])
    await wallet.disconnect()
    expect(wallet.getProvider('solana')).toBeUndefined()
  })

  it('then a rejection in the frame is the kit’s user rejection, and without Solana networks the session has no solana side', async () => {
    frame = scriptedFrame(
      defaultAnswers({
        GET_USER: { ok: { ...user, solanaAddress: SOLANA_ADDRESS } },
        SOLANA_REQUEST: { error: { message: 'User rejected the request', code: 'USER_REJECTED' } },
      }),
    )
    const { wallet } = connector()
    const { session } = await login(wallet)
    expect(session.namespaces.solana).toBeUndefined()
    expect(wallet.getProvider('solana')).toBeUndefined()
    const withSolana = await wallet.restore({ networks: [mainnet, localSolana] })
    expect(withSolana?.namespaces.solana?.accounts).toEqual([
      `${localSolana.caipNetworkId}:${SOLANA_ADDRESS}`,
    ])
    const provider = wallet.getProvider('solana') as {
      request(args: { method: string; params: unknown }, chain: string): Promise<unknown>
    }
    await expect(
      provider.request(
        { method: 'solana_signTransaction', params: { transaction: 'AA==' } },
        localSolana.caipNetworkId,
      ),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })
})

describe('given a browser that gives the frame no storage', () => {
  const noStorage: Answer = {
    error: { message: 'This browser gives the login frame no storage here.', code: 'STORAGE_UNAVAILABLE' },
  }

  /** The wallet window the kit opens: it says READY when opened and answers like the frame. */
  function scriptedWindow(answer: (type: string, payload: unknown) => Answer) {
    const holder = document.createElement('iframe')
    document.body.appendChild(holder)
    const win = holder.contentWindow as Window
    let closed = false
    Object.defineProperty(win, 'closed', { get: () => closed, configurable: true })
    Object.defineProperty(win, 'close', { value: () => (closed = true), configurable: true })
    vi.spyOn(win, 'focus').mockImplementation(() => {})
    const requests: string[] = []
    const post = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: FRAME_ORIGIN, source: win }))
    answerOn(win, post, answer, (message) => requests.push(message.type))
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => post({ latch: FRAME_PROTOCOL, type: 'READY', payload: { version: '1' } }))
      return win
    })
    // A spy on window.open made earlier in the test is this same spy: count from here.
    open.mockClear()
    return { requests, open, close: () => (closed = true) }
  }

  /** The login fails with the frame's STORAGE_UNAVAILABLE. */
  async function refusedLogin(wallet: EmbeddedWalletConnector) {
    frame = scriptedFrame(
      defaultAnswers({ CONNECT_EMAIL: noStorage, IS_CONNECTED: { ok: { isConnected: false } } }),
    )
    await expect(login(wallet)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' })
  }

  it('then the failed login offers the wallet window with its email, and starts no throttle (nothing was mailed)', async () => {
    const { wallet, storage } = connector()
    expect(wallet.capabilities.embeddedWallet.windowOffer()).toBeUndefined()
    await refusedLogin(wallet)
    expect(wallet.capabilities.embeddedWallet.windowOffer()).toEqual({ email: 'ada@example.com' })
    expect(wallet.capabilities.embeddedWallet.emailCooldownSeconds()).toBe(0)
    expect(storage.getItem(STORAGE_KEYS.lastEmailLoginTime)).toBeNull()
  })

  it('then the login goes on in the window: the code is asked there, the window is remembered, and a reload reopens it', async () => {
    const { wallet, storage } = connector()
    await refusedLogin(wallet)
    const popup = scriptedWindow(defaultAnswers({ IS_CONNECTED: { ok: { isConnected: false } } }))
    expect(wallet.capabilities.embeddedWallet.openWindow()).toBe(true)
    expect(wallet.capabilities.embeddedWallet.windowOffer()).toBeUndefined()
    const { session } = await login(wallet)
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:1:${ADDRESS}`)
    expect(popup.requests).toEqual(expect.arrayContaining(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER']))
    expect(storage.getItem(STORAGE_KEYS.embeddedWalletWindow)).toBe('true')
    expect(document.querySelector('iframe[data-latch-frame]')).toBeNull()

    // A new page (the same storage): restore opens the window by its name, with no click.
    frame?.stop()
    const again = connector(storage).wallet
    const reopened = scriptedWindow(defaultAnswers())
    const restored = await again.restore({ networks: [mainnet] })
    expect(restored?.namespaces.eip155?.accounts).toContain(`eip155:1:${ADDRESS}`)
    expect(reopened.open).toHaveBeenCalledTimes(1)
    expect(reopened.requests).toEqual(['IS_CONNECTED', 'GET_USER', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS'])
  })

  it('then a window that still holds this email’s login connects it without a code', async () => {
    const { wallet } = connector()
    await refusedLogin(wallet)
    const popup = scriptedWindow(defaultAnswers())
    wallet.capabilities.embeddedWallet.openWindow()
    const { session } = await login(wallet)
    expect(session.user?.email).toBe('ada@example.com')
    expect(popup.requests).not.toContain('CONNECT_EMAIL')
  })

  it('then closing the window ends the session (said), and sign-out closes the window', async () => {
    const { wallet, storage } = connector()
    await refusedLogin(wallet)
    const popup = scriptedWindow(defaultAnswers())
    wallet.capabilities.embeddedWallet.openWindow()
    await login(wallet)
    const ended = vi.fn()
    wallet.subscribe({ onSessionEnded: ended } as never)
    popup.close()
    await vi.waitFor(() => expect(ended).toHaveBeenCalledWith('expired'))
    expect(storage.getItem(STORAGE_KEYS.embeddedWalletWindow)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()

    // Again, then a sign-out.
    await refusedLogin(wallet)
    const second = scriptedWindow(defaultAnswers())
    wallet.capabilities.embeddedWallet.openWindow()
    await login(wallet)
    await wallet.disconnect()
    expect(second.requests).toContain('SIGN_OUT')
    expect(storage.getItem(STORAGE_KEYS.embeddedWalletWindow)).toBeNull()
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it('then the wallet says it runs in the window, and the visitor closing it tells the modal, and a request waiting there is cancelled', async () => {
    const { wallet } = connector()
    await refusedLogin(wallet)
    expect(wallet.capabilities.embeddedWallet.inWindow()).toBe(false)
    const popup = scriptedWindow(defaultAnswers({ RPC_REQUEST: 'silent' }))
    wallet.capabilities.embeddedWallet.openWindow()
    await login(wallet)
    expect(wallet.capabilities.embeddedWallet.inWindow()).toBe(true)
    const toasts: { id: string }[] = []
    wallet.subscribe({
      onSessionEnded: () => {},
      onToast: (toast: { id: string }) => toasts.push(toast),
    } as never)
    const provider = wallet.getProvider('eip155') as {
      request(args: { method: string; params: unknown[] }): Promise<unknown>
    }
    const signing = provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] }).catch((e) => e)
    await vi.waitFor(() => expect(popup.requests).toContain('RPC_REQUEST'))
    popup.close()
    expect(await signing).toMatchObject({ name: 'RequestAbortedError' })
    expect(toasts).toEqual([expect.objectContaining({ id: 'WALLET_WINDOW_CLOSED' })])
    expect(wallet.capabilities.embeddedWallet.inWindow()).toBe(false)
  })

  it('then a blocked window says false and keeps the offer; a restore whose window cannot open keeps nothing', async () => {
    const { wallet, storage } = connector()
    await refusedLogin(wallet)
    vi.spyOn(window, 'open').mockReturnValue(null)
    expect(wallet.capabilities.embeddedWallet.openWindow()).toBe(false)
    expect(wallet.capabilities.embeddedWallet.windowOffer()).toEqual({ email: 'ada@example.com' })

    storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    storage.setItem(STORAGE_KEYS.embeddedWalletWindow, 'true')
    expect(await connector(storage).wallet.restore({ networks: [mainnet] })).toBeUndefined()
    expect(storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
    expect(storage.getItem(STORAGE_KEYS.embeddedWalletWindow)).toBeNull()
  })
})
