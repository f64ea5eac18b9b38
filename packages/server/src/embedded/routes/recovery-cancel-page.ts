import { describeAgent } from '../agent.js'
import { sha256 } from '../codes.js'
import { cancelRecoveryPage } from '../pages.js'
import { gone } from '../recoveries.js'
import { pageCsp } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { b64 } from './schemas.js'

// The owner's mailed link: GET shows what asks to open the wallet; only the page's POST stops it
// (a GET never acts: mail scanners prefetch links).
export const recoveryCancelPage: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/recovery/cancel',
  project: false,
  schema: { querystring: { type: 'object', required: ['token'], properties: { token: b64(128) } } },
  handler:
    ({ db }) =>
    async (request, reply) => {
      const { token } = request.query as { token: string }
      const recovery = await db.findRecoveryByCancelId(sha256(token))
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      if (recovery === undefined || recovery.state !== 'pending') return gone()
      return cancelRecoveryPage({
        token,
        browser: describeAgent(recovery.userAgent),
        ip: recovery.ip,
        time: new Date(recovery.createdAt).toUTCString(),
        until: new Date(recovery.releasesAt).toUTCString(),
      })
    },
}
