import { sha256 } from '../codes.js'
import { resultPage } from '../pages.js'
import { pageCsp } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { b64 } from './schemas.js'

export const deviceConfirm: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/device/confirm',
  project: false,
  schema: {
    body: { type: 'object', required: ['token'], properties: { token: b64(64) } },
  },
  handler:
    ({ db }) =>
    async (request, reply) => {
      const { token } = request.body as { token: string }
      const attempt = await db.findAttemptByConfirmId(sha256(token))
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      const ok =
        attempt !== undefined &&
        attempt.expiresAt > Date.now() &&
        (await db.transitionAttempt(attempt.id, 'device_pending', 'device_confirmed'))
      if (!ok)
        return resultPage('This link has expired or was already used.', 'Start the login again in the app.')
      return resultPage(
        'Device confirmed.',
        'Go back to the app: it asks for the code we are sending you now.',
      )
    },
}
