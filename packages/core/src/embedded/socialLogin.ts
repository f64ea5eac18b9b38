import type { FrameResponseError } from '../errors/frame.js'
import type { UserRejectedRequestError } from '../errors/rpc.js'
import type { FrameUser } from '../frame/protocol.js'
import type { CaipNetwork } from '../types.js'
import type { FrameLink } from './frameLink.js'

/**
 * While the visitor's window is at the provider, the kit asks the frame again after each wait:
 * short, as the wait is what the visitor sees between the provider's answer and the wallet (each
 * ask is one small read of the attempt on the server).
 */
const SOCIAL_POLL_MS = 250
const PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/**
 * The error classes, from the connector's first load: a module this lazy one shared with it
 * would become a chunk of its own, which that first load pays for.
 */
export interface SocialErrors {
  FrameResponseError: typeof FrameResponseError
  UserRejectedRequestError: typeof UserRejectedRequestError
}
type Provider = (typeof PROVIDERS)[number]

/** The window the page opened on the click (so no pop-up blocker stops it), still blank. */
export interface SocialWindow {
  readonly closed: boolean
  location: { href: string }
  close(): void
}

const isSocialWindow = (value: unknown): value is SocialWindow =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SocialWindow).closed === 'boolean' &&
  typeof (value as SocialWindow).close === 'function'

/** The social login's parameters, checked: `provider` and the page's `socialWindow` (none for Farcaster). */
export function socialParams(
  params: Readonly<Record<string, unknown>>,
  { FrameResponseError }: SocialErrors,
): { provider: Provider; socialWindow: SocialWindow } | { provider: 'farcaster' } {
  if (params.provider === 'farcaster') return { provider: 'farcaster' }
  const provider = params.provider as Provider
  if (!PROVIDERS.includes(provider))
    throw new FrameResponseError({
      message: `Unknown social provider "${String(params.provider)}"`,
      code: 'INVALID',
    })
  if (!isSocialWindow(params.socialWindow))
    throw new FrameResponseError({ message: 'The login window could not be opened', code: 'SOCIAL_WINDOW' })
  return { provider, socialWindow: params.socialWindow }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Spec §7: the frame starts the login and names the provider's page, the window goes there, and
 * the frame is asked ('connect social', each request within its 30 s) until it holds the session.
 * A window the visitor closed, or a consent they denied, is the visitor's refusal (4001).
 */
export async function socialLogin(
  link: FrameLink,
  { provider, socialWindow }: { provider: Provider; socialWindow: SocialWindow },
  network: CaipNetwork | undefined,
  live: () => void,
  { FrameResponseError, UserRejectedRequestError }: SocialErrors,
): Promise<FrameUser> {
  const chainId = network?.caipNetworkId ?? 'eip155:1'
  try {
    await link.get(network)
    const { uri } = await link.request('GET_SOCIAL_REDIRECT_URI', { provider })
    live()
    socialWindow.location.href = uri
    for (;;) {
      // Asked once more after the window closed: it may have closed itself once the provider answered.
      const closed = socialWindow.closed
      const { status } = await link.request('CONNECT_SOCIAL', { uri, chainId })
      live()
      if (status === 'done') break
      if (closed) throw new UserRejectedRequestError({ details: 'The login window was closed' })
      await sleep(SOCIAL_POLL_MS)
    }
  } catch (error) {
    if (error instanceof FrameResponseError && error.code === 'social_denied')
      throw new UserRejectedRequestError({ cause: error, details: error.message })
    throw error
  } finally {
    if (!socialWindow.closed) socialWindow.close()
  }
  const user = await link.user(chainId)
  live()
  return user
}

/** How long a Sign In With Farcaster link is worth showing (the server's attempt lives 10 minutes). */
const FARCASTER_LINK_MS = 10 * 60_000

/**
 * Sign In With Farcaster (spec §7 'get farcaster uri', 'connect farcaster'): the frame starts the
 * login at its server and answers the link a Farcaster client opens, which the modal shows as a
 * QR code and a deep link (`onUrl`); the frame is then asked until the visitor approved in their
 * Farcaster client and the server verified the signed message.
 */
export async function farcasterLogin(
  link: FrameLink,
  network: CaipNetwork | undefined,
  live: () => void,
  onUrl: (url: string, expiresAt: number) => void,
): Promise<FrameUser> {
  const chainId = network?.caipNetworkId ?? 'eip155:1'
  await link.get(network)
  const { url } = await link.request('GET_FARCASTER_URI', {})
  live()
  onUrl(url, Date.now() + FARCASTER_LINK_MS)
  for (;;) {
    const { status } = await link.request('CONNECT_FARCASTER', {})
    live()
    if (status === 'done') break
    await sleep(SOCIAL_POLL_MS)
  }
  const user = await link.user(chainId)
  live()
  return user
}
