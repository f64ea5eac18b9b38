import type { FastifyInstance } from 'fastify'
import { sendError } from '../http/errors.js'
import type { Repository } from '../storage/types.js'

/** `GET /healthz`: 200 when the database answers, 503 when it does not. */
export function registerHealthRoute(app: FastifyInstance, repository: Repository, timeoutMs = 3_000): void {
  app.get('/healthz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined
    try {
      // Bounded on its own: a load balancer must learn within seconds that the database is gone,
      // whatever the pool and statement timeouts are.
      const wallets = await Promise.race([
        repository.countWallets(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
            timeoutMs,
          )
        }),
      ])
      return { status: 'ok', database: repository.kind, wallets }
    } catch (error) {
      request.log.error({ err: error }, 'health check failed')
      return sendError(reply, 503, 'unavailable', 'The database does not answer')
    } finally {
      clearTimeout(timer)
    }
  })
}
