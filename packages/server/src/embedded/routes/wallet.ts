import { atRestContext } from '../../at-rest.js'
import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import type { ShareBody } from './schemas.js'
import { shareBody } from './schemas.js'

// The first share set of a new wallet: this device's auth share, and the recovery share the
// frame encrypted under the visitor's password or passkey.
export const wallet: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/wallet',
  project: true,
  schema: { querystring: projectQuery, body: shareBody },
  handler: ({ keys, db, session, deviceProof, describe, storedRecovery }) =>
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as ShareBody
      const device = await deviceProof(request, current, 'wallet', body)
      if (!body.solanaAddress) throw thrown(400, 'invalid_request', 'Body field solanaAddress is required')
      const created = await db.setWallet(current.userId, {
        eip155Address: body.eip155Address.toLowerCase(),
        solanaAddress: body.solanaAddress,
        recoveryMode: body.recovery.mode,
        recoveryShare: await storedRecovery(request.project!.id, current.userId, body.recovery),
        deviceId: device.id,
      })
      if (!created) throw thrown(409, 'wallet_exists', 'This account already has a wallet')
      await db.setAuthShare(
        device.id,
        await keys.encrypt(
          Buffer.from(body.authShare, 'base64url'),
          atRestContext.authShare(current.userId, device.id),
        ),
      )
      return describe(current)
    }),
}
