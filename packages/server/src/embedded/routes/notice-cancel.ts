import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import { cancel, ownNotice, refuseUnestablished } from '../recoveries.js'
import type { EmbeddedRoute } from './route.js'
import { b64, noticeId } from './schemas.js'

// "This wasn't me" from a notice: the session and the device's signature stop a held recovery.
export const noticeCancel: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/notices/cancel',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['id', 'nonce', 'signature'],
      additionalProperties: false,
      properties: { id: noticeId, nonce: b64(128), signature: b64(128) },
    },
  },
  handler: ({ db, session, deviceProof }) =>
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as { id: string; nonce: string; signature: string }
      await deviceProof(request, current, 'cancel-recovery', body)
      const notice = await ownNotice(db, current, body.id)
      // Only a device established before the recovery began may stop it.
      await refuseUnestablished(db, current, notice.recovery.createdAt)
      if (!(await cancel(db, notice.recovery)))
        throw thrown(409, 'recovery_not_pending', 'This recovery has already completed or was stopped')
      await db.dismissNotice(notice.id, current.deviceId)
      return { cancelled: true }
    }),
}
