import { SDK_TYPE, SDK_VERSION } from '../api/version.js'
import { BaseError } from '../errors/base.js'
import {
  EmailThrottledError,
  FrameResponseError,
  InvalidEmailError,
  RequestAbortedError,
  RpcCallNotAllowedError,
} from '../errors/frame.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { FrameClient } from '../frame/client.js'
import type { FrameEvent, FrameUser } from '../frame/protocol.js'
import { isEmail } from '../schema/email.js'
import { createLocalStorage, type LatchStorage, readStored, STORED_VALUES, writeStored } from '../storage.js'
import type {
  AppMetadata,
  ApprovalRequestKind,
  ApprovedSession,
  CaipNetwork,
  ChainNamespace,
  SessionConnector,
  SessionConnectorEvent,
  SessionHandlers,
} from '../types.js'

/** Email login may be asked once per 30 seconds (spec §5, §9). */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** While the device-verification view is open the kit asks the frame again after each wait. */
const DEVICE_RETRY_DELAY_MS = 1_000

/** Options of {@link embeddedWallet}. */
export interface EmbeddedWalletOptions {
  /** Where the frame app is served (the origin of your `@latch/server`), e.g. `https://wallet.example`. */
  frameUrl: string
  /** The project id the frame loads its configuration for (the server's project). */
  projectId: string
  /** Where the login cache is kept (spec §3 browser-stored keys); `localStorage` by default. */
  storage?: LatchStorage | undefined
  /** Passed to the frame as `enableLogger`. */
  enableLogger?: boolean | undefined
  /**
   * The language of the frame's own screens (`'de'`, `'pt-BR'` …). `<LatchProvider>` sets it to
   * the modal's language; without either the frame follows the browser's languages.
   */
  locale?: string | undefined
}

/** Where an email login stands, for the modal's views. */
export type EmbeddedLoginStep =
  | { step: 'idle' }
  | { step: 'sending'; email: string }
  | { step: 'verify-device'; email: string }
  | {
      step: 'verify-otp'
      email: string
      submitting: boolean
      /** The last failure (a wrong code, a refused resend): the error's name, message and frame code. */
      error: { name: string; message: string; code?: string | undefined } | undefined
    }
  | { step: 'authenticating'; email: string }

/**
 * Where a change of the login email stands (spec §4: VERIFY_PRIMARY_OTP, then
 * VERIFY_SECONDARY_OTP): a code to the current address, then one to the new address.
 */
export type EmbeddedEmailUpdateStep =
  | { step: 'idle' }
  | ({ step: 'enter-email' } & EmailUpdateForm)
  | ({ step: 'verify-primary' } & EmailUpdateForm)
  | ({ step: 'verify-secondary' } & EmailUpdateForm)
  | { step: 'done'; email: string }

/** What each step of an email change shows. */
interface EmailUpdateForm {
  /** The new address. */
  email: string
  submitting: boolean
  /** The last failure: the error's name, message and frame code. */
  error: { name: string; message: string; code?: string | undefined } | undefined
}

/** The embedded-wallet session connector, with the email flow the modal drives. */
export interface EmbeddedWalletConnector extends SessionConnector {
  readonly type: 'AUTH'
  readonly frameOrigin: string
  /** Seconds until another email may be sent (0: now), rounded up (spec §5). */
  emailCooldownSeconds(now?: number): number
  /** The login in progress, for the modal. */
  getLoginState(): EmbeddedLoginStep
  subscribeLogin(listener: (state: EmbeddedLoginStep) => void): () => void
  /** The visitor typed the one-time code: resolves when the frame accepted it, rejects with its error. */
  submitOtp(otp: string): Promise<void>
  /** Sends a new code to the same address (subject to the 30 s throttle). */
  resendCode(): Promise<void>
  /** The language of the frame's screens, used when the frame is created. */
  setLocale(locale: string | undefined): void
  /** The email change in progress, for the modal. */
  getEmailUpdateState(): EmbeddedEmailUpdateStep
  subscribeEmailUpdate(listener: (state: EmbeddedEmailUpdateStep) => void): () => void
  /**
   * Starts changing the signed-in account's login email to `email`: the frame sends a code to
   * the current address. Resolves when the code is awaited; rejects (and keeps the state's error)
   * on an invalid email or the 30 s throttle.
   */
  updateEmail(email: string): Promise<void>
  /**
   * The code of the current step: the current address's code, then the new address's. After the
   * second, the session's user carries the new email and the state is `done`.
   */
  submitEmailUpdateOtp(otp: string): Promise<void>
  /** Leaves the email change (nothing changes unless the second code was accepted). */
  cancelEmailUpdate(): void
  /**
   * Export of the recovery phrase and keys: the frame shows its Export screen over the page, and
   * a person's click there opens the frame origin's own window, where the secrets are shown after
   * a fresh email code. Resolves whether that window opened; nothing secret reaches the page.
   */
  exportWallet(): Promise<{ opened: boolean }>
  /**
   * Set when the last login failed because this browser gives the frame no storage (third-party
   * storage blocked): the login can go on in the wallet's own window, with this email.
   */
  windowOffer(): { email: string } | undefined
  /**
   * Opens the wallet's own window on the frame origin (call it from a click) and moves the wallet
   * there; the next `connect` logs in through it, and a reload reopens it. False when the browser
   * blocked the window.
   */
  openWindow(): boolean
}

type Eip1193Listener = (...args: unknown[]) => void

/**
 * Methods the frame approves on its own screen: the modal shows ApproveTransaction meanwhile. The
 * frame alone decides what is allowed (its lists are in `@latch/frame`); this set only drives the view.
 */
const APPROVED_IN_FRAME = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])
/** What each method asks, for the modal's title (a Solana transaction signed, not sent, has none). */
const REQUEST_KINDS: Partial<Record<string, ApprovalRequestKind>> = {
  personal_sign: 'message',
  solana_signMessage: 'message',
  eth_signTypedData_v4: 'typedData',
  eth_sendTransaction: 'send',
  solana_signAndSendTransaction: 'send',
}
/** The Solana methods the frame offers (it signs a batch one transaction at a time). */
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']
/** The 'Action not allowed' toast follows a disallowed request after this long (spec §5). */
export const NOT_ALLOWED_TOAST_DELAY_MS = 300

const toHex = (id: number) => `0x${id.toString(16)}`

const describe = (error: unknown) =>
  error instanceof BaseError
    ? {
        name: error.name,
        message: error.shortMessage,
        code: error instanceof FrameResponseError ? error.code : undefined,
      }
    : { name: 'Error', message: 'An error occurred' }

/**
 * The embedded wallet (email login through the frame app your `@latch/server` serves) as a
 * session connector: pass it in `connectors` to `createLatch`. Creating it loads nothing; the
 * frame client is imported and the iframe created when the visitor submits an email, or on
 * restore when this browser logged in with email before.
 *
 * @example
 * createLatch({ networks, adapters, connectors: [embeddedWallet({ frameUrl: 'https://wallet.example', projectId })] })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletConnector {
  if (typeof options?.frameUrl !== 'string' || !URL.canParse(options.frameUrl))
    throw new Error('embeddedWallet: frameUrl must be a URL')
  if (typeof options.projectId !== 'string' || options.projectId.length === 0)
    throw new Error('embeddedWallet: projectId is required')
  const frameOrigin = new URL(options.frameUrl).origin
  const storage = options.storage ?? createLocalStorage()
  const handlers = new Set<SessionHandlers>()
  const loginListeners = new Set<(state: EmbeddedLoginStep) => void>()
  const providerListeners = new Map<string, Set<Eip1193Listener>>()
  let client: Promise<FrameClient> | undefined
  /** The client once loaded (a click must open the wallet window synchronously). */
  let loaded: FrameClient | undefined
  let offer: { email: string } | undefined
  let login: EmbeddedLoginStep = { step: 'idle' }
  let attempt = 0
  let otpWaiter: { resolve(): void; reject(error: unknown): void } | undefined
  let chainId: number | undefined
  /** The session's Solana accounts, CAIP-10. */
  let solanaAccounts: string[] = []
  let lastEmailAt: number | undefined
  let locale = options.locale
  let theme: { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> } | undefined
  /** Sends the app's theme to the frame (no timeout, spec §9); only once the frame exists. */
  const sendTheme = (fc: FrameClient) => {
    if (theme) void fc.request('SYNC_THEME', theme).catch(() => {})
  }
  let update: EmbeddedEmailUpdateStep = { step: 'idle' }
  const updateListeners = new Set<(state: EmbeddedEmailUpdateStep) => void>()
  const setUpdate = (next: EmbeddedEmailUpdateStep) => {
    update = next
    for (const listener of updateListeners) listener(next)
  }

  const setLogin = (next: EmbeddedLoginStep) => {
    login = next
    for (const listener of loginListeners) listener(next)
  }
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of providerListeners.get(event) ?? []) listener(...args)
  }

  let approvals = 0

  const onFrameEvent = (event: FrameEvent) => {
    if (event.type !== 'SESSION_ENDED') return
    clearLoginCache()
    emit('disconnect', { code: 4900, message: 'The embedded wallet session ended.' })
    for (const h of handlers) h.onSessionEnded('expired')
  }

  const frame = (network?: CaipNetwork): Promise<FrameClient> => {
    client ??= import('../frame/client.js').then(({ createFrameClient }) => {
      const created = createFrameClient({
        frameUrl: frameOrigin,
        projectId: options.projectId,
        chainId: network?.caipNetworkId ?? 'eip155:1',
        version: SDK_VERSION,
        enableLogger: options.enableLogger,
        locale,
        onAlert: (alert) => {
          for (const h of handlers) h.onAlert?.(alert)
        },
        onEvent: onFrameEvent,
        onWindowClosed: () => onWindowClosed(created),
      })
      loaded = created
      sendTheme(created)
      return created
    })
    return client
  }

  /**
   * The wallet window was closed: its login stays in the window's storage for the next time, but
   * the app can no longer reach it, so a session ends (said, not silent) and the next login starts
   * with the frame again.
   */
  const onWindowClosed = (closed: FrameClient) => {
    if (loaded !== closed) return
    client = undefined
    loaded = undefined
    writeStored(storage, STORED_VALUES.embeddedWalletWindow, undefined)
    if (chainId === undefined) return
    clearLoginCache()
    chainId = undefined
    solanaAccounts = []
    emit('disconnect', { code: 4900, message: 'The wallet window was closed.' })
    for (const h of handlers) h.onSessionEnded('expired')
  }

  const clearLoginCache = () => {
    writeStored(storage, STORED_VALUES.emailLoginUsed, undefined)
    writeStored(storage, STORED_VALUES.connectedEmail, undefined)
    writeStored(storage, STORED_VALUES.lastEmailLoginTime, undefined)
    writeStored(storage, STORED_VALUES.embeddedWalletWindow, undefined)
    lastEmailAt = undefined
  }

  const cooldown = (now: number) => {
    const last = lastEmailAt ?? readStored(storage, STORED_VALUES.lastEmailLoginTime)
    if (last === undefined || last > now) return 0
    return Math.max(0, Math.ceil((last + EMAIL_LOGIN_COOLDOWN_MS - now) / 1000))
  }

  const sendEmail = async (fc: FrameClient, email: string) => {
    const seconds = cooldown(Date.now())
    if (seconds > 0) throw new EmailThrottledError({ seconds })
    const before = lastEmailAt ?? readStored(storage, STORED_VALUES.lastEmailLoginTime)
    lastEmailAt = Date.now()
    writeStored(storage, STORED_VALUES.lastEmailLoginTime, lastEmailAt)
    try {
      return (await fc.request('CONNECT_EMAIL', { email })).action
    } catch (error) {
      // A frame without storage mails nothing: the throttle does not start.
      if (error instanceof FrameResponseError && error.code === 'STORAGE_UNAVAILABLE') {
        lastEmailAt = before
        writeStored(storage, STORED_VALUES.lastEmailLoginTime, before)
      }
      // The server's own throttle: the same message as the kit's.
      if (error instanceof FrameResponseError && error.code === 'THROTTLED')
        throw new EmailThrottledError({
          seconds: Math.max(1, Math.ceil(error.retryAfter ?? cooldown(Date.now()))),
        })
      throw error
    }
  }

  const toSession = (user: FrameUser, networks: readonly CaipNetwork[]): ApprovedSession => {
    const reference = String(user.chainId).replace(/^eip155:/, '')
    chainId = Number(reference)
    const chains = networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId as string)
    const onChain = chains.includes(`eip155:${reference}`) ? chains : [`eip155:${reference}`, ...chains]
    const addresses = [...new Set([user.address, ...(user.accounts ?? []).map((a) => a.address)])]
    // The wallet's Solana account on each of the app's Solana networks (none configured: none).
    const clusters = networks
      .filter((n) => n.chainNamespace === 'solana')
      .map((n) => n.caipNetworkId as string)
    solanaAccounts = user.solanaAddress ? clusters.map((chain) => `${chain}:${user.solanaAddress}`) : []
    return {
      namespaces: {
        eip155: {
          accounts: onChain.flatMap((chain) => addresses.map((address) => `${chain}:${address}`)),
          chains: onChain,
        },
        ...(solanaAccounts.length ? { solana: { accounts: [...solanaAccounts], chains: clusters } } : {}),
      },
      expiry: 0,
      wallet: { name: 'Email wallet' },
      user: { email: user.email ?? undefined, username: user.userName },
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /**
   * One request through the frame: an unsafe one shows ApproveTransaction while the frame's screen
   * is up; the frame's refusals become the kit's errors (and 'Action not allowed' after 300 ms).
   */
  const viaFrame = async <T>(method: string, send: () => Promise<T>): Promise<T> => {
    const approval = APPROVED_IN_FRAME.has(method) ? `approval-${++approvals}` : undefined
    const tell = (event: SessionConnectorEvent) => {
      for (const h of handlers) h.onEvent?.(event)
    }
    if (approval) {
      const request = REQUEST_KINDS[method]
      tell({ type: 'approval', phase: 'start', requestId: approval, ...(request ? { request } : {}) })
    }
    let outcome: 'success' | 'error' = 'error'
    try {
      const answer = await send()
      outcome = 'success'
      return answer
    } catch (error) {
      if (error instanceof FrameResponseError && error.code === 'NOT_ALLOWED') {
        setTimeout(() => {
          for (const h of handlers) h.onToast?.({ id: 'ACTION_NOT_ALLOWED', message: 'Action not allowed' })
        }, NOT_ALLOWED_TOAST_DELAY_MS)
        throw new RpcCallNotAllowedError({ method })
      }
      if (error instanceof FrameResponseError && error.code === 'USER_REJECTED')
        throw new UserRejectedRequestError({ cause: error })
      if (error instanceof FrameResponseError && error.code === 'ABORTED') throw new RequestAbortedError()
      throw error
    } finally {
      if (approval) tell({ type: 'approval', phase: 'end', requestId: approval, outcome })
    }
  }

  /** The session's solana side as `@latch/solana` takes it (WalletConnect's Solana methods). */
  const solanaProvider = {
    accounts: (): readonly string[] => solanaAccounts,
    methods: (): readonly string[] => SOLANA_METHODS,
    async request({ method, params }: { method: string; params: unknown }, chain: string): Promise<unknown> {
      const fc = await frame()
      const { result } = await viaFrame(method, () =>
        fc.request('SOLANA_REQUEST', { chainId: chain, method, params: params ?? {} }),
      )
      return result
    },
  }

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const fc = await frame()
      if (method === 'wallet_switchEthereumChain') {
        const hex = (
          Array.isArray(params) ? (params[0] as { chainId?: unknown })?.chainId : undefined
        ) as unknown
        if (typeof hex !== 'string' || !/^0x[0-9a-f]+$/i.test(hex))
          throw new RpcCallNotAllowedError({ method })
        const next = Number.parseInt(hex, 16)
        await fc.request('SWITCH_NETWORK', { chainId: `eip155:${next}` })
        if (next !== chainId) {
          chainId = next
          emit('chainChanged', toHex(next))
        }
        return null
      }
      const { result } = await viaFrame(method, () =>
        fc.request('RPC_REQUEST', { method, params: params ?? [] }),
      )
      if (method === 'eth_chainId' && (typeof result === 'string' || typeof result === 'number')) {
        const id =
          typeof result === 'number' ? result : Number.parseInt(result, result.startsWith('0x') ? 16 : 10)
        if (Number.isSafeInteger(id)) chainId = id
        return toHex(id)
      }
      return result
    },
    on(event: string, listener: Eip1193Listener) {
      const set = providerListeners.get(event) ?? new Set()
      set.add(listener)
      providerListeners.set(event, set)
    },
    removeListener(event: string, listener: Eip1193Listener) {
      providerListeners.get(event)?.delete(listener)
    },
  }

  const connector: EmbeddedWalletConnector = {
    id: 'embedded',
    name: 'Email',
    type: 'AUTH',
    frameOrigin,

    supports: (network) => network.chainNamespace === 'eip155' || network.chainNamespace === 'solana',

    emailCooldownSeconds: (now = Date.now()) => cooldown(now),
    getLoginState: () => login,
    subscribeLogin(listener) {
      loginListeners.add(listener)
      return () => loginListeners.delete(listener)
    },

    async submitOtp(otp) {
      if (login.step !== 'verify-otp' || !otpWaiter) throw new Error('No code is awaited')
      if (!/^\d{6}$/.test(otp)) throw new FrameResponseError({ message: 'Invalid code', code: 'INVALID_OTP' })
      const email = login.email
      setLogin({ step: 'verify-otp', email, submitting: true, error: undefined })
      const fc = await frame()
      try {
        await fc.request('CONNECT_OTP', { otp })
      } catch (error) {
        setLogin({ step: 'verify-otp', email, submitting: false, error: describe(error) })
        throw error
      }
      otpWaiter.resolve()
    },

    async resendCode() {
      if (login.step !== 'verify-otp') throw new Error('No code is awaited')
      const email = login.email
      const fc = await frame()
      try {
        await sendEmail(fc, email)
        setLogin({ step: 'verify-otp', email, submitting: false, error: undefined })
      } catch (error) {
        setLogin({ step: 'verify-otp', email, submitting: false, error: describe(error) })
        throw error
      }
    },

    setLocale(next) {
      locale = next
    },
    syncTheme(next) {
      const themeVariables: Record<string, string | number> = {}
      for (const [name, value] of Object.entries(next.themeVariables ?? {}))
        if (typeof value === 'string' || typeof value === 'number') themeVariables[name] = value
      theme = { themeMode: next.themeMode, themeVariables }
      // Loads nothing: a frame not created yet gets the theme when it is.
      if (client) void client.then(sendTheme, () => {})
    },
    getEmailUpdateState: () => update,
    subscribeEmailUpdate(listener) {
      updateListeners.add(listener)
      return () => updateListeners.delete(listener)
    },

    async updateEmail(email) {
      const next = email.trim()
      const failed = (error: unknown) => {
        setUpdate({ step: 'enter-email', email: next, submitting: false, error: describe(error) })
        return error
      }
      if (!isEmail(next)) throw failed(new InvalidEmailError())
      setUpdate({ step: 'enter-email', email: next, submitting: true, error: undefined })
      try {
        const fc = await frame()
        await fc.request('UPDATE_EMAIL', { email: next })
      } catch (error) {
        if (error instanceof FrameResponseError && error.code === 'THROTTLED')
          throw failed(new EmailThrottledError({ seconds: Math.max(1, Math.ceil(error.retryAfter ?? 30)) }))
        throw failed(error)
      }
      setUpdate({ step: 'verify-primary', email: next, submitting: false, error: undefined })
    },

    async submitEmailUpdateOtp(otp) {
      const current = update
      if (current.step !== 'verify-primary' && current.step !== 'verify-secondary')
        throw new Error('No code is awaited')
      const fail = (error: unknown) => {
        const code =
          error instanceof FrameResponseError && error.code === 'THROTTLED'
            ? new EmailThrottledError({ seconds: Math.max(1, Math.ceil(error.retryAfter ?? 30)) })
            : error
        setUpdate({ ...current, submitting: false, error: describe(code) })
        return code
      }
      if (!/^\d{6}$/.test(otp))
        throw fail(new FrameResponseError({ message: 'Invalid code', code: 'INVALID_OTP' }))
      setUpdate({ ...current, submitting: true, error: undefined })
      const fc = await frame()
      if (current.step === 'verify-primary') {
        try {
          await fc.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
        } catch (error) {
          throw fail(error)
        }
        setUpdate({ step: 'verify-secondary', email: current.email, submitting: false, error: undefined })
        return
      }
      let newEmail: string
      try {
        ;({ newEmail } = await fc.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }))
      } catch (error) {
        throw fail(error)
      }
      if (readStored(storage, STORED_VALUES.connectedEmail) !== undefined)
        writeStored(storage, STORED_VALUES.connectedEmail, newEmail)
      for (const h of handlers) h.onUserChanged?.({ email: newEmail })
      setUpdate({ step: 'done', email: newEmail })
    },

    cancelEmailUpdate() {
      setUpdate({ step: 'idle' })
    },

    windowOffer: () => offer,

    openWindow() {
      if (!loaded?.openWindow()) return false
      offer = undefined
      writeStored(storage, STORED_VALUES.embeddedWalletWindow, true)
      return true
    },

    async exportWallet() {
      if (!client) throw new FrameResponseError({ message: 'Not signed in', code: 'NOT_CONNECTED' })
      return (await client).request('EXPORT_WALLET', {})
    },

    async connect({ networks, metadata, params, onEvent }) {
      const mine = ++attempt
      const email = typeof params?.email === 'string' ? params.email.trim() : ''
      if (!isEmail(email)) throw new InvalidEmailError()
      const seconds = cooldown(Date.now())
      if (seconds > 0) throw new EmailThrottledError({ seconds })
      const view = (event: SessionConnectorEvent) => {
        if (mine === attempt) onEvent(event)
      }
      const live = () => {
        if (mine !== attempt)
          throw new FrameResponseError({ message: 'The login was cancelled', code: 'CANCELLED' })
      }
      try {
        setLogin({ step: 'sending', email })
        const first = networks.find((n) => n.chainNamespace === 'eip155')
        const fc = await frame(first)
        await syncDappData(fc, metadata)
        // The wallet window keeps its login: the same email signed in there needs no new code.
        if (fc.inWindow && (await fc.request('IS_CONNECTED', {})).isConnected) {
          const user = await fc.request('GET_USER', { chainId: first?.caipNetworkId ?? 'eip155:1' })
          live()
          if (user.email?.toLowerCase() === email.toLowerCase()) {
            writeStored(storage, STORED_VALUES.emailLoginUsed, true)
            writeStored(storage, STORED_VALUES.connectedEmail, user.email)
            return toSession(user, networks)
          }
        }
        let action: Awaited<ReturnType<typeof sendEmail>>
        try {
          action = await sendEmail(fc, email)
        } catch (error) {
          // No storage for the frame: the login can go on in the wallet's own window.
          if (error instanceof FrameResponseError && error.code === 'STORAGE_UNAVAILABLE') offer = { email }
          throw error
        }
        live()
        if (action === 'VERIFY_DEVICE') {
          setLogin({ step: 'verify-device', email })
          view({ type: 'view', view: 'EmbeddedWallet', params: { connectorId: connector.id } })
          for (;;) {
            live()
            try {
              await fc.request('CONNECT_DEVICE', {})
              break
            } catch (error) {
              // A timeout or DEVICE_NOT_CONFIRMED means "not yet": ask again while the visitor waits.
              const notYet =
                (error instanceof BaseError && error.name === 'FrameRequestTimeoutError') ||
                (error instanceof FrameResponseError && error.code === 'DEVICE_NOT_CONFIRMED')
              if (!notYet) throw error
              await sleep(DEVICE_RETRY_DELAY_MS)
            }
          }
          action = 'VERIFY_OTP'
        }
        if (action === 'VERIFY_OTP') {
          const accepted = new Promise<void>((resolve, reject) => {
            otpWaiter = { resolve, reject }
          })
          setLogin({ step: 'verify-otp', email, submitting: false, error: undefined })
          view({ type: 'view', view: 'EmbeddedWallet', params: { connectorId: connector.id } })
          await accepted
          live()
        }
        setLogin({ step: 'authenticating', email })
        const user = await fc.request('GET_USER', { chainId: first?.caipNetworkId ?? 'eip155:1' })
        live()
        writeStored(storage, STORED_VALUES.emailLoginUsed, true)
        writeStored(storage, STORED_VALUES.connectedEmail, user.email ?? email)
        return toSession(user, networks)
      } finally {
        otpWaiter = undefined
        if (mine === attempt) setLogin({ step: 'idle' })
      }
    },

    abortRequests() {
      // The frame closes its screen and answers every waiting unsafe request 'Request was aborted'.
      if (client) void client.then((fc) => fc.request('ABORT_REQUESTS', {})).catch(() => {})
    },

    cancel() {
      attempt++
      otpWaiter?.reject(new FrameResponseError({ message: 'The login was cancelled', code: 'CANCELLED' }))
      otpWaiter = undefined
      setLogin({ step: 'idle' })
    },

    async restore({ networks }) {
      // Only a browser that logged in with email before loads the frame at start-up.
      if (!readStored(storage, STORED_VALUES.emailLoginUsed)) return undefined
      const fc = await frame(networks.find((n) => n.chainNamespace === 'eip155'))
      // A login kept by the wallet window: reopen that window (the browser finds it by name; where
      // it was closed, a browser that blocks pop-ups without a click opens nothing).
      if (readStored(storage, STORED_VALUES.embeddedWalletWindow) && !fc.inWindow && !fc.openWindow()) {
        clearLoginCache()
        return undefined
      }
      // Throws when the frame does not load: the core keeps the stored session.
      const { isConnected } = await fc.request('IS_CONNECTED', {})
      if (!isConnected) {
        clearLoginCache()
        return undefined
      }
      const first = networks.find((n) => n.chainNamespace === 'eip155')
      const user = await fc.request('GET_USER', { chainId: first?.caipNetworkId ?? 'eip155:1' })
      return toSession(user, networks)
    },

    async disconnect() {
      connector.cancel()
      try {
        if (client) await (await client).request('SIGN_OUT', {})
      } catch {
        // Sign-out waits at most 3 s (spec §9); the kit's state is cleared either way.
      } finally {
        // Signed out, the wallet window has nothing left to show: it closes.
        if (loaded?.inWindow) {
          const inWindow = loaded
          client = undefined
          loaded = undefined
          inWindow.destroy()
        }
        clearLoginCache()
        chainId = undefined
        solanaAccounts = []
      }
    },

    getProvider(namespace: ChainNamespace) {
      if (namespace === 'solana') return solanaAccounts.length ? solanaProvider : undefined
      return namespace === 'eip155' ? provider : undefined
    },

    subscribe(next) {
      handlers.add(next)
      return () => handlers.delete(next)
    },
  }

  const syncDappData = async (fc: FrameClient, metadata: AppMetadata | undefined) => {
    if (!metadata) return
    // Not awaited by the login: the frame answers it whenever it likes (no timeout, spec §9).
    void fc
      .request('SYNC_DAPP_DATA', {
        metadata: {
          name: metadata.name,
          description: metadata.description,
          url: metadata.url,
          icons: [...metadata.icons],
        },
        sdkVersion: SDK_VERSION,
        sdkType: SDK_TYPE,
        projectId: options.projectId,
      })
      .catch(() => {})
  }

  return connector
}
