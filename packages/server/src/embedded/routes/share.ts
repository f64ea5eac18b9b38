import { atRestContext } from '../../at-rest.js'
import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { proofBody } from './schemas.js'

// The auth share of this device's set: a valid session AND the device key's signature.
export const share: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/share',
  project: true,
  schema: { querystring: projectQuery, body: proofBody },
  handler: ({ keys, session, deviceProof }) =>
    refusing(async (request) => {
      const current = await session(request)
      const device = await deviceProof(
        request,
        current,
        'share',
        request.body as { nonce: string; signature: string },
      )
      if (device.authShare === null)
        throw thrown(404, 'no_share', 'This device has no share set yet: recover the wallet')
      const share = await keys.decrypt(device.authShare, atRestContext.authShare(current.userId, device.id))
      return { authShare: share.toString('base64url') }
    }),
}
