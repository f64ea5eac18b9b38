import { atRestContext } from '../../at-rest.js'
import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import { refuseUnfinished } from '../recoveries.js'
import { reshareGrant } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import type { ShareBody } from './schemas.js'
import { shareBody } from './schemas.js'

// After a new device reconstructed the key: its own auth share, and a recovery share of its
// new set that replaces the account's previous one. Older devices keep their own sets.
export const reshare: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/reshare',
  project: true,
  schema: { querystring: projectQuery, body: shareBody },
  handler: ({ store, keys, db, session, deviceProof, describe, storedRecovery, mailReshared }) =>
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as ShareBody
      // A device whose server-assisted recovery is held or stopped replaces nothing.
      await refuseUnfinished(db, current.deviceId)
      const device = await deviceProof(request, current, 'reshare', body)
      const user = await db.getUser(current.userId)
      if (user?.eip155Address == null || user.eip155Address !== body.eip155Address.toLowerCase())
        throw thrown(409, 'wrong_wallet', 'The shares are not of this account’s wallet')
      const authShare = await keys.encrypt(
        Buffer.from(body.authShare, 'base64url'),
        atRestContext.authShare(current.userId, device.id),
      )
      const recoveryShare = await storedRecovery(request.project!.id, current.userId, body.recovery)
      // Only right after this session's own released recovery, once: the grant /recovery left.
      if (!(await store.consume(reshareGrant(current.id))))
        throw thrown(
          403,
          'recovery_required',
          'Only a device that just recovered the wallet can replace its shares',
        )
      await db.reshare(current.userId, device.id, authShare, {
        mode: body.recovery.mode,
        share: recoveryShare,
      })
      await mailReshared(request, request.project!, user.email)
      return describe(current)
    }),
}
