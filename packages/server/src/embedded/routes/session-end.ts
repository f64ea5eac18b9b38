import { projectQuery } from '../../http/schemas.js'
import { refusing } from '../codes.js'
import type { EmbeddedRoute } from './route.js'

export const sessionEnd: EmbeddedRoute = {
  method: 'DELETE',
  url: '/embedded/v1/session',
  project: true,
  schema: { querystring: projectQuery },
  handler: ({ db, session }) =>
    refusing(async (request, reply) => {
      const current = await session(request)
      await db.revokeSession(current.id)
      return reply.code(204).send()
    }),
}
