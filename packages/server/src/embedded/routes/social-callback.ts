import type { FastifyReply, FastifyRequest } from 'fastify'
import { atRestContext } from '../../at-rest.js'
import { sha256 } from '../codes.js'
import { resultPage } from '../pages.js'
import { isSocialProvider } from '../social/providers.js'
import { SocialRefusal } from '../social/shared.js'
import { pageCsp } from './constants.js'
import type { EmbeddedContext } from './context.js'
import type { EmbeddedRoute } from './route.js'

/** The answer's parameters: what a provider sends, bounded; a longer one is refused (400). */
const answerProperties = {
  state: { type: 'string', maxLength: 512 },
  code: { type: 'string', maxLength: 1024 },
  iss: { type: 'string', maxLength: 300 },
  error: { type: 'string', maxLength: 100 },
  error_description: { type: 'string', maxLength: 1000 },
  // Apple's first answer for a person: their name as JSON.
  user: { type: 'string', maxLength: 1024 },
} as const

/**
 * Where the provider sends the visitor's window back: by redirect (`GET`, the answer in the query)
 * or, for a provider that answers with `response_mode=form_post` (Apple), by a form the provider's
 * page posts (`POST`, the answer a form body of at most 2 KiB); both are read the same way. The
 * state names the attempt; it is taken once (a replayed or forged state finds nothing to take),
 * then the code is redeemed with the attempt's PKCE verifier and the ID token checked against the
 * attempt's nonce. No cookie is read: the provider's cross-site POST carries none, and the state
 * binds the answer to its attempt. The outcome waits for the frame (`social/finish`): nothing of
 * it reaches this window's page but a line of text.
 */
export const socialCallback: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/social/callback',
  project: false,
  schema: {
    querystring: { type: 'object', properties: answerProperties },
  },
  handler: (context) => (request, reply) =>
    redeemAnswer(context, request, reply, new URL(request.url, 'http://callback.invalid').searchParams),
}

/** The same callback, for a provider's form POST (see {@link socialCallback}). */
export const socialCallbackForm: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/social/callback',
  project: false,
  schema: {
    body: { type: 'object', properties: answerProperties },
  },
  handler: (context) => async (request, reply) => {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase()
    // Only a form: a JSON or text body is no provider's answer.
    if (type !== 'application/x-www-form-urlencoded')
      return reply
        .code(415)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', pageCsp)
        .send(resultPage('This sign-in could not be read.', 'Start again in the app.'))
    return redeemAnswer(context, request, reply, new URLSearchParams(request.body as Record<string, string>))
  },
}

async function redeemAnswer(
  { social, keys, socialLogin, socialRedirectUri }: EmbeddedContext,
  request: FastifyRequest,
  reply: FastifyReply,
  callback: URLSearchParams,
) {
  reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
  const state = callback.get('state')
  const attempt = state === null ? undefined : await social.findAttemptByState(sha256(state))
  const gone = () =>
    reply
      .code(400)
      .send(resultPage('This sign-in has expired or was already used.', 'Start again in the app.'))
  if (
    state === null ||
    attempt === undefined ||
    attempt.expiresAt <= Date.now() ||
    !isSocialProvider(attempt.provider) ||
    // A Farcaster channel's token is no state: its answer comes to the relay only.
    attempt.provider === 'farcaster' ||
    !(await social.transition(attempt.id, 'pending', 'exchanging'))
  )
    return gone()
  const client = await social.getClient(attempt.projectId, attempt.provider)
  if (client === undefined) {
    await social.transition(attempt.id, 'exchanging', 'failed', { error: 'unavailable' })
    return gone()
  }
  try {
    const clientSecret = await keys.decrypt(
      client.clientSecret,
      atRestContext.socialSecret(attempt.projectId, attempt.provider),
    )
    const result = await socialLogin.redeem(
      attempt.provider,
      { issuer: client.issuer, clientId: client.clientId, clientSecret: clientSecret.toString('utf8') },
      callback,
      {
        redirectUri: socialRedirectUri(),
        state,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
      },
    )
    await social.transition(attempt.id, 'exchanging', 'authorized', { result })
    return resultPage('You are signed in.', 'You can close this window and go back to the app.')
  } catch (error) {
    const reason = error instanceof SocialRefusal ? error.reason : 'unavailable'
    if (!(error instanceof SocialRefusal))
      request.log.warn(
        { provider: attempt.provider, err: (error as Error).message },
        'code redemption failed',
      )
    await social.transition(attempt.id, 'exchanging', 'failed', { error: reason })
    return reply
      .code(reason === 'denied' ? 200 : 400)
      .send(
        reason === 'denied'
          ? resultPage('The sign-in was cancelled.', 'You can close this window.')
          : resultPage('The sign-in could not be completed.', 'Close this window and try again in the app.'),
      )
  }
}
