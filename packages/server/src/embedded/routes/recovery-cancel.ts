import { sha256 } from '../codes.js'
import { resultPage } from '../pages.js'
import { cancel, gone } from '../recoveries.js'
import { pageCsp } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { b64 } from './schemas.js'

// The "This wasn't me" button of the mailed page.
export const recoveryCancel: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/recovery/cancel',
  project: false,
  schema: { body: { type: 'object', required: ['token'], properties: { token: b64(128) } } },
  handler:
    ({ db }) =>
    async (request, reply) => {
      const { token } = request.body as { token: string }
      const recovery = await db.findRecoveryByCancelId(sha256(token))
      reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp)
      if (recovery === undefined || !(await cancel(db, recovery))) return gone()
      return resultPage(
        'Recovery stopped.',
        'The new device cannot open your wallet. Someone may be able to read your email: secure your mailbox.',
      )
    },
}
