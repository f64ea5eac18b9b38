import { projectQuery } from '../../http/schemas.js'
import { refusing } from '../codes.js'
import { ownNotice, refuseUnestablished } from '../recoveries.js'
import type { EmbeddedRoute } from './route.js'
import { noticeId } from './schemas.js'

// A device dismisses a notice of a recovery on another device of its account.
export const noticeDismiss: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/notices/dismiss',
  project: true,
  schema: {
    querystring: projectQuery,
    body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: noticeId } },
  },
  handler: ({ db, session }) =>
    refusing(async (request) => {
      const current = await session(request)
      const { id } = request.body as { id: string }
      await ownNotice(db, current, id)
      await refuseUnestablished(db, current)
      await db.dismissNotice(id, current.deviceId)
      return { ok: true }
    }),
}
