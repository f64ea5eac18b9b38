import type { FastifyInstance } from 'fastify'
import type { LimitStore } from '../limits/store.js'
import { sendError } from './errors.js'

/** Requests each client may make per window. */
export interface RateLimit {
  max: number
  timeWindowMs: number
}

/**
 * Count every request (every route but `/healthz`, unknown routes and CORS preflights included) against the
 * client's IP in the limit store, as the first hook, before anything looks a project up. When the
 * store itself fails the request is served (and the failure logged): the limit protects the
 * service, so it must not become the reason the service is down.
 */
export function registerRateLimit(app: FastifyInstance, store: LimitStore, limit: RateLimit): void {
  app.addHook('onRequest', async (request, reply) => {
    // The health check stays exempt: a load balancer must never read 429 as "down". It costs one
    // bounded COUNT and reveals nothing.
    if (request.url === '/healthz') return
    let hit: Awaited<ReturnType<LimitStore['increment']>>
    try {
      hit = await store.increment(`rate:${request.ip}`, limit.timeWindowMs)
    } catch (error) {
      request.log.warn({ err: error, store: store.kind }, 'rate limit store failed; request served')
      return
    }
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000))
    reply
      .header('x-ratelimit-limit', limit.max)
      .header('x-ratelimit-remaining', Math.max(0, limit.max - hit.count))
      .header('x-ratelimit-reset', resetSeconds)
    if (hit.count > limit.max) {
      reply.header('retry-after', resetSeconds)
      return sendError(
        reply,
        429,
        'rate_limited',
        `Too many requests from this client (limit ${limit.max}): retry in ${resetSeconds} s`,
      )
    }
  })
}
