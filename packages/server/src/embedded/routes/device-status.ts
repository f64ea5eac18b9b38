import { projectQuery } from '../../http/schemas.js'
import { refusing } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { attemptBody } from './schemas.js'

export const deviceStatus: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/device/status',
  project: true,
  schema: { querystring: projectQuery, body: attemptBody() },
  handler: ({ db, liveAttempt, sendCode }) =>
    refusing(async (request) => {
      const attempt = await liveAttempt(request, (request.body as { attemptId: string }).attemptId)
      if (attempt.state === 'device_pending') return { confirmed: false }
      // The first poll after the confirmation sends the code, once.
      if (await db.transitionAttempt(attempt.id, 'device_confirmed', 'code_sent'))
        await sendCode(request.project!, attempt)
      return { confirmed: true }
    }),
}
