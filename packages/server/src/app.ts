import { randomUUID } from 'node:crypto'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { formatSchemaErrors, handleError, sendError } from './http/errors.js'
import { createProjectLookup } from './http/project.js'
import { registerHealthRoute } from './routes/health.js'
import { registerImageRoutes } from './routes/images.js'
import { registerProjectRoutes } from './routes/project-routes.js'
import { registerWalletRoutes } from './routes/wallets.js'
import type { Repository } from './storage/types.js'

/** Options of {@link createServer}. */
export interface ServerOptions {
  repository: Repository
  /** Fastify's pino logger: `true` for JSON logs at info, `false` for none, or pino options. */
  logger?: FastifyServerOptions['logger']
  /** Requests each client may make per window; `false` turns limiting off. */
  rateLimit?: { max: number; timeWindowMs: number } | false
  /** Trust `X-Forwarded-For` from a reverse proxy, so limits apply per real client. */
  trustProxy?: boolean
}

/** Defaults: 600 requests per minute per client IP. */
export const defaultRateLimit = { max: 600, timeWindowMs: 60_000 } as const

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/

/**
 * Build the HTTP server with every route registered; call `listen` on the result.
 * @example
 * const app = await createServer({ repository: await openRepository() })
 * await app.listen({ host: '127.0.0.1', port: 3030 })
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const { repository } = options
  const app = Fastify({
    logger: options.logger ?? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: options.trustProxy ?? false,
    // A caller's request id is kept for tracing only when it is a plain token; never free text in logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID()
    },
    schemaErrorFormatter: formatSchemaErrors,
    // One access-log line per request (below) instead of Fastify's two halves the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })
  app.decorateRequest('project', null)
  app.setErrorHandler(handleError)
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'not_found', `No route ${request.method} ${request.url.split('?', 1)[0]}`),
  )
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onResponse', async (request, reply) => {
    // The query is logged without its values: only parameter names, never client ids or search text.
    const [path = '', query] = request.url.split('?', 2)
    request.log.info(
      {
        method: request.method,
        path,
        params: query === undefined ? undefined : [...new URLSearchParams(query).keys()],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        ip: request.ip,
      },
      'request',
    )
  })

  const projects = createProjectLookup(repository)
  await app.register(cors, { hook: 'onRequest', delegator: projects.corsOptions })

  const limit = options.rateLimit === undefined ? defaultRateLimit : options.rateLimit
  if (limit !== false) {
    await app.register(rateLimit, {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests from this client (limit ${context.max}): retry in ${context.after}`,
      }),
    })
  }

  registerHealthRoute(app, repository)
  registerProjectRoutes(app, projects.requireProject)
  registerWalletRoutes(app, repository, projects.requireProject)
  registerImageRoutes(app, repository)
  return app
}
