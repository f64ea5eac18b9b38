import { randomBytes } from 'node:crypto'
import { projectQuery } from '../../http/schemas.js'
import { refusing } from '../codes.js'
import { nonceLifetimeMs } from './constants.js'
import type { EmbeddedRoute } from './route.js'

export const nonce: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/nonce',
  project: true,
  schema: { querystring: projectQuery },
  handler: ({ store, session }) =>
    refusing(async (request) => {
      const current = await session(request)
      const nonce = randomBytes(24).toString('base64url')
      await store.put(`embedded-nonce:${current.id}:${nonce}`, nonceLifetimeMs)
      return { nonce }
    }),
}
