import { randomBytes } from 'node:crypto'
import { atRestContext } from '../../at-rest.js'
import { featureSetting } from '../../features.js'
import { projectOrigins } from '../../http/project.js'
import { projectQuery } from '../../http/schemas.js'
import { isOriginAllowed } from '../../origins.js'
import { refusing, sha256, thrown } from '../codes.js'
import { farcasterSignInUrl, newChannelToken, newFarcasterNonce } from '../social/farcaster.js'
import { isSocialProvider } from '../social/providers.js'
import type { EmbeddedRoute } from './route.js'
import { deviceIdSchema } from './schemas.js'

/** A social login must come back from the provider within this. */
const socialAttemptLifetimeMs = 10 * 60_000
const random = () => randomBytes(32).toString('base64url')

/**
 * Starts a social login for the frame: a fresh state, nonce and PKCE verifier bound to an attempt
 * whose secret only the frame holds, and to the embedding origin (one the project allows).
 * Resolves the provider's URL for the visitor's window. For Farcaster, a relay channel bound to the
 * attempt instead: its token (the state) and SIWE nonce, and the Sign In With Farcaster URL a
 * Farcaster client opens.
 */
export const socialStart: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/social/start',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['provider', 'origin'],
      additionalProperties: false,
      properties: {
        provider: { type: 'string', maxLength: 32 },
        origin: { type: 'string', maxLength: 300 },
        deviceId: deviceIdSchema,
      },
    },
  },
  handler: ({ store, limits, keys, social, socialLogin, socialRedirectUri, farcasterRelay }) =>
    refusing(async (request) => {
      const project = request.project!
      const body = request.body as { provider: string; origin: string; deviceId?: string }
      if (!isSocialProvider(body.provider))
        throw thrown(400, 'unknown_provider', `Unknown social provider "${body.provider}"`)
      // The operator's switch (the remote config's `social_login` list) is the server's rule too,
      // not only the modal's: a provider taken out of the list logs nobody in.
      const login = featureSetting(project, 'social_login')
      if (!login.isEnabled || !Array.isArray(login.config) || !login.config.includes(body.provider))
        throw thrown(403, 'social_disabled', `${body.provider} login is turned off for this project`)
      if (!isOriginAllowed(body.origin, projectOrigins(project)))
        throw thrown(
          403,
          'origin_not_allowed',
          'This origin is not allowed to use the wallet of this project',
        )
      const perIp = await store.increment(`embedded-login-ip:${request.ip}`, limits.windowMs)
      if (perIp.count > limits.ipLogins) {
        const retryAfter = Math.ceil(perIp.resetMs / 1000)
        throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
      }
      const client = await social.getClient(project.id, body.provider)
      if (client === undefined)
        throw thrown(404, 'social_unavailable', `${body.provider} login is not set up for this project`)
      const secret = random()
      let start: { url: string; state: string; nonce: string; codeVerifier: string }
      if (body.provider === 'farcaster') {
        // No provider to ask: a relay channel of our own, whose token the Farcaster client gets
        // in the URL and whose SIWE nonce it signs.
        const channelToken = newChannelToken()
        start = {
          // The project's Farcaster client page when it names one (the demo's Dev Farcaster).
          url: farcasterSignInUrl(channelToken, farcasterRelay(), client.clientId || undefined),
          state: channelToken,
          nonce: newFarcasterNonce(),
          codeVerifier: '',
        }
      } else {
        const binding = {
          redirectUri: socialRedirectUri(),
          state: random(),
          nonce: random(),
          codeVerifier: random(),
        }
        const provider = body.provider
        const opened = {
          issuer: client.issuer,
          clientId: client.clientId,
          clientSecret: (
            await keys.decrypt(client.clientSecret, atRestContext.socialSecret(project.id, provider))
          ).toString('utf8'),
        }
        const url = await socialLogin.authorizationUrl(provider, opened, binding).catch((cause) => {
          request.log.warn({ provider, err: (cause as Error).message }, 'provider did not answer')
          throw thrown(503, 'provider_unavailable', 'The login provider did not answer: try again later')
        })
        start = { url, ...binding }
      }
      // Stored only once the provider answered, so a provider that is down leaves nothing behind.
      await social.insertAttempt({
        id: sha256(secret),
        stateId: sha256(start.state),
        projectId: project.id,
        provider: body.provider,
        origin: body.origin,
        deviceId: body.deviceId ?? null,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        status: 'pending',
        subject: null,
        email: null,
        emailVerified: false,
        error: null,
        userAgent: String(request.headers['user-agent'] ?? 'unknown').slice(0, 400),
        createdAt: new Date().toISOString(),
        expiresAt: Date.now() + socialAttemptLifetimeMs,
      })
      return { attemptId: secret, url: start.url }
    }),
}
