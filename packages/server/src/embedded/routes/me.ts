import { projectQuery } from '../../http/schemas.js'
import { refusing } from '../codes.js'
import type { EmbeddedRoute } from './route.js'

export const me: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/me',
  project: true,
  schema: { querystring: projectQuery },
  handler: ({ session, describe }) =>
    refusing(async (request) => {
      return await describe(await session(request, true))
    }),
}
