import type { FastifyInstance } from 'fastify'
import { sendError } from '../http/errors.js'
import type { Repository } from '../storage/types.js'

/** `GET /healthz`: 200 when the database answers, 503 when it does not. */
export function registerHealthRoute(app: FastifyInstance, repository: Repository): void {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      const wallets = await repository.countWallets()
      return { status: 'ok', database: repository.kind, wallets }
    } catch (error) {
      request.log.error({ err: error }, 'health check failed')
      return sendError(reply, 503, 'unavailable', 'The database does not answer')
    }
  })
}
