import { randomBytes } from 'node:crypto'
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import type { SocialResult } from '../../storage/social.js'
import { SocialRefusal } from './shared.js'

/** Farcaster's own sign-in page: the link a phone's Farcaster app opens (a project may name another). */
export const FARCASTER_SIGN_IN_PAGE = 'https://farcaster.xyz/~/siwf'

/**
 * Where a Farcaster client opens a Sign In With Farcaster request: the public relay's URL shape
 * (`https://farcaster.xyz/~/siwf?channelToken=…`) with one more parameter, `relay`, the base of
 * the relay this server hosts (`{relay}/v1/channel/status`, `{relay}/v1/channel/authenticate`:
 * the base `@farcaster/auth-client` takes as `relay`).
 */
export function farcasterSignInUrl(
  channelToken: string,
  relay: string,
  page = FARCASTER_SIGN_IN_PAGE,
): string {
  const url = new URL(page)
  url.search = new URLSearchParams({ channelToken, relay }).toString()
  return url.toString()
}

/** A channel token: 32 random bytes, base64url (the attempt stores only its SHA-256). */
export const newChannelToken = () => randomBytes(32).toString('base64url')
export const channelTokenPattern = /^[A-Za-z0-9_-]{43}$/

/** A SIWE nonce (EIP-4361: at least 8 letters or digits): 128 random bits in hex. */
export const newFarcasterNonce = () => randomBytes(16).toString('hex')

/** What the channel asks the Farcaster client to sign: the embedding site's host and origin. */
export function signatureParams(origin: string, nonce: string, expiresAt: number) {
  return {
    domain: new URL(origin).host,
    siweUri: origin,
    nonce,
    expirationTime: new Date(expiresAt).toISOString(),
  }
}

/**
 * A Farcaster username: an fname (lowercase letters, digits and hyphens, at most 16, not starting
 * with a hyphen) or an ENS name under .eth.
 */
export const farcasterUsername = /^(?:[a-z0-9][a-z0-9-]{0,15}|[a-z0-9][a-z0-9-]{0,62}\.eth)$/

/** What a Farcaster client posts to the relay once its user approved (bounded by the route). */
export interface FarcasterAuthentication {
  message: string
  signature: `0x${string}`
  fid: number
  username?: string | undefined
}

/** The relay's apps are kept per RPC URL, at most this many. */
const maxClients = 64

/**
 * Verifies Sign In With Farcaster answers with `@farcaster/auth-client` against a project's OP
 * Mainnet RPC: the EIP-4361 message (statement "Farcaster Auth", chain id 10, one
 * `farcaster://fid/N` resource), its domain and nonce, its signature by the address it names
 * (EIP-191, or ERC-1271/6492 through the RPC), and that address being the custody address of the
 * fid per the IdRegistry (`idOf`). Only custody signatures count (no auth addresses). Then the URI
 * must be the embedding origin and the fid the one posted. `timeoutMs` bounds each verification.
 */
export function createFarcasterVerifier({ timeoutMs }: { timeoutMs: number }) {
  const clients = new Map<string, AppClient>()
  const clientFor = (rpcUrl: string) => {
    let client = clients.get(rpcUrl)
    if (client === undefined) {
      if (clients.size >= maxClients) clients.clear()
      client = createAppClient({ ethereum: viemConnector({ rpcUrl }) })
      clients.set(rpcUrl, client)
    }
    return client
  }

  /**
   * The Farcaster account the answer proves. Throws {@link SocialRefusal} (`invalid`) when a check
   * fails; any other error (the RPC down or slow) means the answer could not be checked.
   */
  async function verify(
    rpcUrl: string,
    answer: FarcasterAuthentication,
    expected: { origin: string; nonce: string },
  ): Promise<SocialResult> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The Farcaster verification timed out')), timeoutMs)
    })
    const verified = await Promise.race([
      clientFor(rpcUrl).verifySignInMessage({
        nonce: expected.nonce,
        domain: new URL(expected.origin).host,
        message: answer.message,
        signature: answer.signature,
        acceptAuthAddress: false,
      }),
      timeout,
    ]).finally(() => clearTimeout(timer))
    if (verified.isError) {
      const code = verified.error?.errCode
      // 'unavailable': the IdRegistry could not be read; 'unknown': the signature check's call failed.
      if (code === 'unavailable' || code === 'unknown')
        throw new Error(`The Farcaster verification could not reach the chain: ${verified.error?.message}`)
      throw new SocialRefusal('invalid', verified.error)
    }
    if (verified.fid !== answer.fid)
      throw new SocialRefusal('invalid', new Error('The fid is not the signed one'))
    let uri: URL
    try {
      uri = new URL(verified.data.uri)
    } catch (error) {
      throw new SocialRefusal('invalid', error)
    }
    if (uri.origin !== expected.origin)
      throw new SocialRefusal('invalid', new Error('The message is for another site'))
    return {
      subject: String(verified.fid),
      email: null,
      emailVerified: false,
      username:
        answer.username !== undefined && farcasterUsername.test(answer.username) ? answer.username : null,
    }
  }

  return { verify }
}
