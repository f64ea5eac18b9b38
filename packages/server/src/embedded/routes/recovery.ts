import { atRestContext } from '../../at-rest.js'
import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import { admitRecovery, refuseCancelled } from '../recoveries.js'
import { reshareGrant, reshareWindowMs } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { proofBody } from './schemas.js'

// The recovery share's ciphertext, for a confirmed new device; only the visitor can open it.
export const recovery: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/recovery',
  project: true,
  schema: { querystring: projectQuery, body: proofBody },
  handler: ({ store, keys, db, recoveryDeps, session, deviceProof }) =>
    refusing(async (request) => {
      const current = await session(request)
      // A recovery the owner stopped: said before the proof (the device is removed by then).
      await refuseCancelled(db, current.deviceId)
      await deviceProof(request, current, 'recovery', request.body as { nonce: string; signature: string })
      const user = await db.getUser(current.userId)
      if (user?.recoveryShare == null || user.recoveryMode === null)
        throw thrown(404, 'no_wallet', 'This account has no wallet yet')
      // Also the auth share of the set the recovery share belongs to: with the recovery share
      // (which only the visitor can open) it rebuilds the key in the frame.
      const donor = user.recoveryDeviceId === null ? undefined : await db.getDevice(user.recoveryDeviceId)
      if (donor?.authShare == null)
        throw thrown(404, 'no_share', 'No device of this account holds a share set')
      const authShare = await keys.decrypt(
        donor.authShare!,
        atRestContext.authShare(current.userId, donor.id),
      )
      const project = request.project!
      // In every mode the other devices and the owner are told; operator-custodial recovery may
      // be held first, and then the server opens the share itself.
      const server = user.recoveryMode === 'server'
      const hold = server ? await db.getRecoveryHold(project.id) : 0
      await admitRecovery(recoveryDeps, request, project, current, hold)
      // The one reshare this release allows, bound to this session.
      await store.put(reshareGrant(current.id), reshareWindowMs)
      if (!server)
        return {
          mode: user.recoveryMode,
          share: user.recoveryShare,
          authShare: authShare.toString('base64url'),
        }
      const share = await keys.decrypt(user.recoveryShare, atRestContext.recoveryShare(current.userId))
      return {
        mode: 'server',
        share: share.toString('base64url'),
        authShare: authShare.toString('base64url'),
      }
    }),
}
