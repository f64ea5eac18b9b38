import { describeAgent } from '../agent.js'
import { sha256 } from '../codes.js'
import { confirmPage, resultPage } from '../pages.js'
import { pageCsp } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { tokenQuery } from './schemas.js'

// GET shows what asks to sign in; it never confirms anything (mail scanners prefetch links).
export const deviceConfirmPage: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/device/confirm',
  project: false,
  schema: { querystring: tokenQuery },
  handler:
    ({ db }) =>
    async (request, reply) => {
      const { token } = request.query as { token: string }
      const attempt = await db.findAttemptByConfirmId(sha256(token))
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      if (attempt === undefined || attempt.expiresAt <= Date.now() || attempt.state !== 'device_pending')
        return resultPage('This link has expired or was already used.', 'Start the login again in the app.')
      return confirmPage({
        token,
        browser: describeAgent(attempt.userAgent),
        ip: attempt.ip,
        time: new Date(attempt.createdAt).toUTCString(),
      })
    },
}
