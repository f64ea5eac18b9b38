import { atRestContext } from '../../at-rest.js'
import { sha256 } from '../codes.js'
import { resultPage } from '../pages.js'
import { isSocialProvider } from '../social/providers.js'
import { SocialRefusal } from '../social/shared.js'
import { pageCsp } from './constants.js'
import type { EmbeddedRoute } from './route.js'

/**
 * Where the provider sends the visitor's window back. The state names the attempt; it is taken
 * once (a replayed or forged state finds nothing to take), then the code is redeemed with the
 * attempt's PKCE verifier and the ID token checked against the attempt's nonce. The outcome waits
 * for the frame (`social/finish`): nothing of it reaches this window's page but a line of text.
 */
export const socialCallback: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/social/callback',
  project: false,
  schema: {
    querystring: {
      type: 'object',
      properties: { state: { type: 'string', maxLength: 512 } },
    },
  },
  handler:
    ({ social, keys, socialLogin, socialRedirectUri }) =>
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      const callback = new URL(request.url, 'http://callback.invalid').searchParams
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
              : resultPage(
                  'The sign-in could not be completed.',
                  'Close this window and try again in the app.',
                ),
          )
      }
    },
}
