import { SDK_TYPE, SDK_VERSION } from '../api/version.js'
import {
  EmailThrottledError,
  FrameRequestTimeoutError,
  FrameResponseError,
  InvalidEmailError,
} from '../errors/frame.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { FrameResult } from '../frame/protocol.js'
import { isEmail } from '../schema/email.js'
import type {
  AppMetadata,
  ApprovedSession,
  CaipNetwork,
  SessionConnector,
  SessionConnectorEvent,
} from '../types.js'
import type { EmbeddedLoginStep } from './capability.js'
import { describeError, type LoginEvent, loginReducer } from './flows.js'
import { type FrameLink, isUnreachable } from './frameLink.js'
import type { LoginCache } from './loginCache.js'

/** While the device-verification view is open the kit asks the frame again after each wait. */
const DEVICE_RETRY_DELAY_MS = 1_000

const cancelled = () => new FrameResponseError({ message: 'The login was cancelled', code: 'CANCELLED' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends the code mail (the kit's 30 s throttle first, then the server's). */
async function sendEmail(link: FrameLink, cache: LoginCache, email: string) {
  const seconds = cache.cooldown(Date.now())
  if (seconds > 0) throw new EmailThrottledError({ seconds })
  const undo = cache.markSent(Date.now())
  try {
    return (await link.request('CONNECT_EMAIL', { email })).action
  } catch (error) {
    // No mail went out (no storage in the frame, the server out of reach): no throttle either.
    if (isUnreachable(error) || (error instanceof FrameResponseError && error.code === 'STORAGE_UNAVAILABLE'))
      undo()
    if (error instanceof FrameResponseError && error.code === 'THROTTLED')
      throw new EmailThrottledError({
        seconds: Math.max(1, Math.ceil(error.retryAfter ?? cache.cooldown(Date.now()))),
      })
    throw error
  }
}

function syncDappData(link: FrameLink, projectId: string, metadata: AppMetadata | undefined) {
  if (!metadata) return
  // Not awaited by the login: the frame answers it whenever it likes (no limit, spec §9).
  void link
    .request('SYNC_DAPP_DATA', {
      metadata: {
        name: metadata.name,
        description: metadata.description,
        url: metadata.url,
        icons: [...metadata.icons],
      },
      sdkVersion: SDK_VERSION,
      sdkType: SDK_TYPE,
      projectId,
    })
    .catch(() => {})
}

/** Asks until the visitor confirmed this device from the mail (a timeout means "not yet"). */
async function awaitDevice(link: FrameLink, live: () => void) {
  for (;;) {
    live()
    try {
      await link.request('CONNECT_DEVICE', {})
      return
    } catch (error) {
      const notYet =
        error instanceof FrameRequestTimeoutError ||
        (error instanceof FrameResponseError && error.code === 'DEVICE_NOT_CONFIRMED')
      if (!notYet) throw error
      await sleep(DEVICE_RETRY_DELAY_MS)
    }
  }
}

interface LoginDeps {
  connectorId: string
  projectId: string
  link: FrameLink
  cache: LoginCache
  /** The login's state changed. */
  onChange(state: EmbeddedLoginStep): void
  /** A session was made from the frame's user. */
  toSession(user: FrameResult<'GET_USER'>, networks: readonly CaipNetwork[]): ApprovedSession
  /** The frame had no storage: the login can go on in the wallet window with this email. */
  offerWindow(email: string): void
}

/**
 * The email login (spec §4: VERIFY_DEVICE, VERIFY_OTP, CONNECT).
 * Its steps are `loginReducer`'s; the one thing held outside the state is the code's waiter.
 */
export function createLogin(deps: LoginDeps) {
  const { link, cache } = deps
  let state: EmbeddedLoginStep = { step: 'idle' }
  let attempt = 0
  let codeWaiter: { resolve(): void; reject(error: unknown): void } | undefined

  const dispatch = (event: LoginEvent) => {
    const next = loginReducer(state, event)
    if (next === state) return
    state = next
    deps.onChange(next)
  }

  /** The code view: resolves once the frame accepted the code the visitor typed. */
  const awaitCode = () =>
    new Promise<void>((resolve, reject) => {
      codeWaiter = { resolve, reject }
      dispatch({ type: 'await-code' })
    })

  const user = (network: CaipNetwork | undefined) => link.user(network?.caipNetworkId ?? 'eip155:1')

  const connect: SessionConnector['connect'] = async ({ networks, metadata, params, onEvent }) => {
    const mine = ++attempt
    // The social login loads on first use: the connector's first load stays the email login's.
    if (params?.provider !== undefined) return connectSocial(mine, params, networks, metadata, onEvent)
    const email = typeof params?.email === 'string' ? params.email.trim() : ''
    if (!isEmail(email)) throw new InvalidEmailError()
    const seconds = cache.cooldown(Date.now())
    if (seconds > 0) throw new EmailThrottledError({ seconds })
    const view = (event: SessionConnectorEvent) => {
      if (mine === attempt) onEvent(event)
    }
    const live = () => {
      if (mine !== attempt) throw cancelled()
    }
    const first = networks.find((n) => n.chainNamespace === 'eip155')
    try {
      dispatch({ type: 'send', email })
      const fc = await link.get(first)
      syncDappData(link, deps.projectId, metadata)
      // The wallet window keeps its login: the same email signed in there needs no new code.
      if (fc.inWindow && (await link.request('IS_CONNECTED', {})).isConnected) {
        const kept = await user(first)
        live()
        if (kept.email?.toLowerCase() === email.toLowerCase()) return done(mine, kept, networks, email)
      }
      let action = await sendEmail(link, cache, email).catch((error: unknown) => {
        if (error instanceof FrameResponseError && error.code === 'STORAGE_UNAVAILABLE')
          deps.offerWindow(email)
        throw error
      })
      live()
      if (action === 'VERIFY_DEVICE') {
        dispatch({ type: 'verify-device' })
        view({ type: 'view', view: 'EmbeddedWallet', params: { connectorId: deps.connectorId } })
        await awaitDevice(link, live)
        action = 'VERIFY_OTP'
      }
      if (action === 'VERIFY_OTP') {
        const accepted = awaitCode()
        view({ type: 'view', view: 'EmbeddedWallet', params: { connectorId: deps.connectorId } })
        await accepted
        live()
      }
      dispatch({ type: 'authenticate' })
      const signedIn = await user(first)
      live()
      return done(mine, signedIn, networks, email)
    } catch (error) {
      if (mine === attempt) dispatch({ type: 'fail', error: describeError(error) })
      throw error
    } finally {
      codeWaiter = undefined
    }
  }

  /** "Continue with Google" (spec §7): the email login's last step, reached through the provider. */
  const connectSocial = async (
    mine: number,
    params: Readonly<Record<string, unknown>>,
    networks: readonly CaipNetwork[],
    metadata: AppMetadata | undefined,
    onEvent: (event: SessionConnectorEvent) => void,
  ) => {
    const { farcasterLogin, socialLogin, socialParams } = await import('./socialLogin.js')
    const errors = { FrameResponseError, UserRejectedRequestError }
    const social = socialParams(params, errors)
    const first = networks.find((n) => n.chainNamespace === 'eip155')
    syncDappData(link, deps.projectId, metadata)
    const live = () => {
      if (mine !== attempt) throw cancelled()
    }
    const signedIn =
      social.provider === 'farcaster'
        ? // The link shows as the session's pairing: ConnectingFarcaster draws its QR code.
          await farcasterLogin(link, first, live, (uri, expiresAt) =>
            onEvent({ type: 'pairing', uri, expiresAt }),
          )
        : await socialLogin(link, social, first, live, errors)
    return done(mine, signedIn, networks, signedIn.email ?? '')
  }

  const done = (
    mine: number,
    signedIn: FrameResult<'GET_USER'>,
    networks: readonly CaipNetwork[],
    email: string,
  ) => {
    cache.remember(signedIn.email ?? email, signedIn.socialProvider ? signedIn.userName : undefined)
    const session = deps.toSession(signedIn, networks)
    if (mine === attempt) dispatch({ type: 'finish' })
    return session
  }

  return {
    connect,
    getState: () => state,
    cooldown: (now: number) => cache.cooldown(now),

    async submitOtp(otp: string) {
      if (state.step !== 'verify-otp' || !codeWaiter) throw new Error('No code is awaited')
      if (!/^\d{6}$/.test(otp)) throw new FrameResponseError({ message: 'Invalid code', code: 'INVALID_OTP' })
      const waiter = codeWaiter
      dispatch({ type: 'submit-code' })
      try {
        await link.request('CONNECT_OTP', { otp })
      } catch (error) {
        dispatch({ type: 'code-refused', error: describeError(error) })
        throw error
      }
      waiter.resolve()
    },

    async resendCode() {
      if (state.step !== 'verify-otp') throw new Error('No code is awaited')
      const email = state.email
      try {
        await sendEmail(link, cache, email)
        dispatch({ type: 'await-code' })
      } catch (error) {
        dispatch({ type: 'code-refused', error: describeError(error) })
        throw error
      }
    },

    cancel() {
      attempt++
      codeWaiter?.reject(cancelled())
      codeWaiter = undefined
      dispatch({ type: 'finish' })
    },
  }
}
