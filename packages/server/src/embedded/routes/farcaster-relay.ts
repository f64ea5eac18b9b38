import type { FastifyRequest } from 'fastify'
import type { SocialAttempt } from '../../storage/social.js'
import { refusing, sha256, thrown } from '../codes.js'
import {
  channelTokenPattern,
  type FarcasterAuthentication,
  farcasterSignInUrl,
  farcasterUsername,
  signatureParams,
} from '../social/farcaster.js'
import { SocialRefusal } from '../social/shared.js'
import type { EmbeddedContext } from './context.js'
import type { EmbeddedRoute } from './route.js'

/**
 * The Sign In With Farcaster relay (FIP-11's channel API, in the shape of the public relay's
 * `/v1/channel/*`), hosted by this server for its own logins: `social/start` opens a channel
 * bound to a Farcaster attempt; the visitor's Farcaster client reads the channel (`status`) and
 * posts the signed message once the visitor approved (`authenticate`). The server verifies it
 * there and then: the attempt becomes authorized (or failed), and the frame's `social/finish`
 * poll takes the session as for every other provider. The channel token is the bearer credential
 * of both routes; the attempt stores only its SHA-256.
 */

/** The channel of a request's bearer token: a live Farcaster attempt, or a 401. */
async function channelOf(
  { social, store, limits }: EmbeddedContext,
  request: FastifyRequest,
): Promise<{ token: string; attempt: SocialAttempt }> {
  const perIp = await store.increment(`farcaster-relay-ip:${request.ip}`, limits.windowMs)
  if (perIp.count > limits.ipChecks) {
    const retryAfter = Math.ceil(perIp.resetMs / 1000)
    throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
  }
  const header = request.headers.authorization
  const token = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header)?.[1] : undefined
  const unknown = () => thrown(401, 'invalid_channel', 'No such sign-in channel, or it has expired')
  if (token === undefined || !channelTokenPattern.test(token)) throw unknown()
  const attempt = await social.findAttemptByState(sha256(token))
  if (attempt === undefined || attempt.provider !== 'farcaster' || attempt.expiresAt <= Date.now())
    throw unknown()
  return { token, attempt }
}

/** The channel as the relay reports it: `pending` until a verified answer, then `completed`. */
async function channelStatus(context: EmbeddedContext, token: string, attempt: SocialAttempt) {
  const page = (await context.social.getClient(attempt.projectId, 'farcaster'))?.clientId
  const completed = attempt.status === 'authorized' || attempt.status === 'done'
  return {
    state: completed ? 'completed' : 'pending',
    nonce: attempt.nonce,
    url: farcasterSignInUrl(token, context.farcasterRelay(), page || undefined),
    // What the client signs: the embedding site, this channel's nonce, until the attempt expires.
    signatureParams: signatureParams(attempt.origin, attempt.nonce, attempt.expiresAt),
    // Only the custody address's signature is taken (no auth addresses).
    acceptAuthAddress: false,
    ...(completed && attempt.subject !== null
      ? { fid: Number(attempt.subject), ...(attempt.username === null ? {} : { username: attempt.username }) }
      : {}),
  }
}

const bearer = {
  type: 'object',
  properties: { authorization: { type: 'string', maxLength: 200 } },
} as const

export const farcasterStatus: EmbeddedRoute = {
  method: 'GET',
  url: '/farcaster/v1/channel/status',
  project: false,
  schema: { headers: bearer },
  handler: (context) =>
    refusing(async (request) => {
      const { token, attempt } = await channelOf(context, request)
      if (attempt.status === 'failed')
        throw thrown(400, 'social_invalid', 'This sign-in could not be verified: start again')
      return channelStatus(context, token, attempt)
    }),
}

/** The signed message is a few hundred bytes; everything a client may add stays within this. */
const authenticateBodyLimit = 16 * 1024

export const farcasterAuthenticate: EmbeddedRoute = {
  method: 'POST',
  url: '/farcaster/v1/channel/authenticate',
  project: false,
  bodyLimit: authenticateBodyLimit,
  schema: {
    headers: bearer,
    body: {
      type: 'object',
      required: ['message', 'signature', 'fid'],
      additionalProperties: false,
      properties: {
        message: { type: 'string', minLength: 1, maxLength: 4096 },
        // An EOA's 65 bytes, or a contract account's longer ERC-1271/6492 signature.
        signature: { type: 'string', pattern: '^0x(?:[0-9a-fA-F]{2}){65,2048}$' },
        fid: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        username: { type: 'string', maxLength: 68, pattern: farcasterUsername.source },
        authMethod: { type: 'string', enum: ['custody', 'authAddress'] },
        // Profile fields a Farcaster client sends: bounded, never stored.
        displayName: { type: 'string', maxLength: 200 },
        bio: { type: 'string', maxLength: 1000 },
        pfpUrl: { type: 'string', maxLength: 2000 },
      },
    },
  },
  handler: (context) =>
    refusing(async (request) => {
      const { social, farcaster } = context
      const { token, attempt } = await channelOf(context, request)
      // Once: the first answer takes the channel, even two at the same time.
      if (!(await social.transition(attempt.id, 'pending', 'exchanging')))
        throw thrown(409, 'channel_used', 'This sign-in channel was already answered')
      const body = request.body as FarcasterAuthentication
      const fail = async (reason: 'invalid' | 'unavailable') => {
        await social.transition(attempt.id, 'exchanging', 'failed', { error: reason })
        return reason === 'invalid'
          ? thrown(400, 'social_invalid', 'The Sign In With Farcaster message could not be verified')
          : thrown(503, 'provider_unavailable', 'The Farcaster check did not answer: try again later')
      }
      const client = await social.getClient(attempt.projectId, 'farcaster')
      if (client === undefined) throw await fail('unavailable')
      try {
        const result = await farcaster.verify(client.issuer, body, {
          origin: attempt.origin,
          nonce: attempt.nonce,
        })
        await social.transition(attempt.id, 'exchanging', 'authorized', { result })
        return channelStatus(context, token, { ...attempt, status: 'authorized', ...result })
      } catch (error) {
        if (!(error instanceof SocialRefusal))
          request.log.warn({ provider: 'farcaster', err: (error as Error).message }, 'verification failed')
        throw await fail(error instanceof SocialRefusal ? 'invalid' : 'unavailable')
      }
    }),
}
