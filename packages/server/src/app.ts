import { randomUUID } from 'node:crypto'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { parseSpamRules } from './account/nft-spam.js'
import { createPriceLookup, registerPriceRoutes } from './account/prices.js'
import { type AccountOptions, registerAccountRoutes } from './account/routes.js'
import { registerTokenListRoute } from './account/token-list-route.js'
import { createTransactionSources, registerTransactionRoutes } from './account/transactions.js'
import { atRestContext } from './at-rest.js'
import { defaultFrameDir, registerFrameRoutes } from './embedded/frame.js'
import { KeyRing } from './embedded/keys.js'
import { requirePublicUrlBeyondLoopback } from './embedded/links.js'
import type { Mailer } from './embedded/mail.js'
import { defaultEmbeddedLimits, type EmbeddedLimits, registerEmbeddedRoutes } from './embedded/routes.js'
import {
  applyStandardHeaders,
  formatSchemaErrors,
  handleClientError,
  handleError,
  handleFrameworkError,
  sendError,
} from './http/errors.js'
import { createProjectLookup, defaultProjectCacheMs } from './http/project.js'
import { type RateLimit, registerRateLimit } from './http/rate-limit.js'
import { createMemoryLimitStore, type LimitStore } from './limits/store.js'
import { defaultOnrampLimits, type OnrampLimits, registerOnrampRoutes } from './onramp/routes.js'
import { registerHealthRoute } from './routes/health.js'
import { registerImageRoutes } from './routes/images.js'
import { registerProjectRoutes } from './routes/project-routes.js'
import { registerWalletRoutes } from './routes/wallets.js'
import { defaultRpcProxyOptions, type RpcProxyOptions } from './rpc/options.js'
import { registerRpcRoutes } from './rpc/routes.js'
import { ensureSigningKey } from './siwx/keys.js'
import { registerSiwxRoutes } from './siwx/routes.js'
import {
  defaultSmartAccountLimits,
  registerSmartAccountRoutes,
  type SmartAccountLimits,
} from './smart-account/routes.js'
import type { Repository } from './storage/types.js'
import { isSwapAggregator } from './swap/aggregator.js'
import { registerSwapRoutes } from './swap/routes.js'

/** Options of {@link createServer}. */
export interface ServerOptions {
  repository: Repository
  /** Fastify's pino logger: `true` for JSON logs at info, `false` for none, or pino options. */
  logger?: FastifyServerOptions['logger']
  /** Requests each client may make per window; `false` turns limiting off. */
  rateLimit?: RateLimit | false
  /**
   * Reverse proxies in front of the server, as a hop count: with `1`, the client IP is the
   * right-most `X-Forwarded-For` entry (the one your proxy appended); with `2`, the one before it.
   * Entries further left are written by the client and never trusted. `true` means `1`.
   */
  trustProxy?: boolean | number
  /**
   * Where rate-limit counters and sign-in nonces live; defaults to this process's memory (see
   * `openLimitStore`). Several instances need a shared one (PostgreSQL or Redis).
   */
  limitStore?: LimitStore
  /** How long a project lookup is reused, at most 5000 ms (default 5000; 0 disables). */
  projectCacheMs?: number
  /** `/healthz` answers 503 when the database takes longer than this (default 3000 ms). */
  healthTimeoutMs?: number
  /** The embedded wallet: its mail, key encryption, public URL, frame files and limits. */
  embedded?: EmbeddedOptions
  /** The account services: the balance service's token lists and node timeout. */
  account?: AccountOptions
  /** The RPC proxy's limits, timeout and cache (`LATCH_RPC_*`). */
  rpc?: Partial<RpcProxyOptions>
  /** The on-ramp's provider timeout, currency-list cache and checkout sessions per client. */
  onramp?: Partial<OnrampLimits>
  /** The bundler and paymaster endpoints' body and answer sizes, bundler timeout and paymaster calls per client. */
  smartAccounts?: Partial<SmartAccountLimits>
}

/** Options of the embedded wallet (email login, devices, shares, the frame). */
export interface EmbeddedOptions {
  /** Sends the login codes and device links; without one, email login answers 503. */
  mailer?: Mailer
  /**
   * Encrypts every stored key at rest, the sign-in key included (`LATCH_SECRET_KEY`, 32+
   * characters; the CLI creates a key file beside a SQLite database when it is unset). Without
   * it keys are stored in the clear: for tests and throwaway local stacks only.
   */
  secretKey?: string
  /**
   * The server's public URL, the only origin of links in mails (`LATCH_PUBLIC_URL`). Required with
   * a mailer unless the server listens on loopback only (then links name its listen address).
   */
  publicUrl?: string
  /** The built frame (`@latch/frame`'s dist); default: the installed package. */
  frameDir?: string
  limits?: Partial<EmbeddedLimits>
}

/** Defaults: 600 requests per minute per client IP. */
export const defaultRateLimit = { max: 600, timeWindowMs: 60_000 } as const

/** Paths pino removes from every log line, whatever logger options the caller passes. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'headers.authorization',
  'headers.cookie',
  'headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
] as const

/** The caller's logger options with the redaction always applied. */
function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false
  const base = logger === undefined || logger === true ? { level: 'info' } : logger
  const extra = Array.isArray(base.redact) ? base.redact : (base.redact?.paths ?? [])
  return { ...base, redact: { paths: [...new Set([...redactedLogPaths, ...extra])], censor: '[redacted]' } }
}

// Percent-encoded NUL and other control characters, in any part of the URL.
const encodedControl = /%(?:[01][0-9a-f]|7f)/i

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/

/**
 * Build the HTTP server with every route registered; call `listen` on the result.
 * @example
 * const app = await createServer({ repository: await openRepository() })
 * await app.listen({ host: '127.0.0.1', port: 3030 })
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const { repository } = options
  const hops = options.trustProxy === true ? 1 : options.trustProxy || 0
  if (!Number.isInteger(hops) || hops < 0) throw new Error('trustProxy must be a hop count (0, 1, 2, …)')
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // A hop count, never `true`: `true` would take the left-most X-Forwarded-For, which the
    // client writes itself.
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    clientErrorHandler: handleClientError,
    // Errors Fastify raises before routing (a malformed URL, an unsupported media type) use the
    // same body as every other error.
    frameworkErrors: handleFrameworkError,
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
    applyStandardHeaders(reply)
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

  // Order matters: the limit is the first hook, so nothing (not even CORS's project lookup) runs
  // for a client over its limit.
  const limit = options.rateLimit === undefined ? defaultRateLimit : options.rateLimit
  const store = options.limitStore ?? createMemoryLimitStore()
  if (options.limitStore === undefined) app.addHook('onClose', () => store.close())
  if (limit !== false) registerRateLimit(app, store, limit)
  app.addHook('onRequest', async (request, reply) => {
    // Headers help debugging at trace level; credentials and cookies are redacted (see above).
    if (request.log.level === 'trace') {
      request.log.trace({ headers: request.headers }, 'request headers')
    }
    if (encodedControl.test(request.raw.url ?? '')) {
      return sendError(reply, 400, 'invalid_request', 'The URL contains a control character')
    }
  })

  const cacheMs = Math.min(options.projectCacheMs ?? defaultProjectCacheMs, defaultProjectCacheMs)
  const projects = createProjectLookup(repository, cacheMs)
  await app.register(cors, { hook: 'onRequest', delegator: projects.corsOptions })

  registerHealthRoute(app, repository, options.healthTimeoutMs)
  registerProjectRoutes(app, projects.requireProject)
  registerWalletRoutes(app, repository, projects.requireProject)
  registerImageRoutes(app, repository)
  const embedded = options.embedded ?? {}
  const keys = new KeyRing(repository.embedded, embedded.secretKey)
  // One price cache for the price route and the balances' prices.
  const prices = createPriceLookup({
    priceSourceOf: (id) => repository.prices.getPriceSource(id),
    prices: options.account?.prices ?? {},
    atRest: keys.atRest,
  })
  registerAccountRoutes(app, {
    requireProject: projects.requireProject,
    prices,
    listRpcUrls: (id) => repository.siwx.listRpcUrls(id),
    listProjectTokens: async (id) =>
      (await repository.prices.listTokens(id)).map((token) => ({
        chainId: token.chainId,
        address: token.address as `0x${string}`,
        ...(token.logoURI ? { iconUrl: token.logoURI } : {}),
      })),
    account: options.account ?? {},
  })
  registerTokenListRoute(app, {
    requireProject: projects.requireProject,
    listProjectTokens: (id) => repository.prices.listTokens(id),
  })
  await registerRpcRoutes(app, {
    requireProject: projects.requireProject,
    store,
    upstreamOf: (id, chainId) => repository.siwx.getRpcUrl(id, chainId),
    rpc: { ...defaultRpcProxyOptions, ...options.rpc },
    lookupCacheMs: cacheMs,
  })
  registerTransactionRoutes(app, {
    requireProject: projects.requireProject,
    sources: createTransactionSources(
      options.account?.transactions ?? {},
      repository.activity,
      options.account?.rpcTimeoutMs ?? 5_000,
    ),
    spam: parseSpamRules(options.account?.nfts ?? {}),
  })
  registerSiwxRoutes(app, repository, store, projects.requireProject, keys.atRest)
  registerPriceRoutes(app, { requireProject: projects.requireProject, lookup: prices })
  registerSwapRoutes(app, {
    requireProject: projects.requireProject,
    getRouter: (id, chainId) => repository.swaps.getRouter(id, chainId),
    getAggregator: async (id, chainId) => {
      const setting = await repository.swaps.getAggregator(id, chainId)
      if (setting === undefined || !isSwapAggregator(setting.provider)) return undefined
      const key = await keys.decrypt(
        setting.sealedApiKey,
        atRestContext.swapApiKey(id, chainId, setting.provider),
      )
      return { provider: setting.provider, apiUrl: setting.apiUrl, apiKey: key.toString('utf8') }
    },
    getRpcUrl: (id, chainId) => repository.siwx.getRpcUrl(id, chainId),
    rpcTimeoutMs: options.account?.rpcTimeoutMs ?? 5_000,
  })
  registerOnrampRoutes(app, {
    requireProject: projects.requireProject,
    repository: repository.onramp,
    keys,
    store,
    limits: { ...defaultOnrampLimits, ...options.onramp },
  })
  registerSmartAccountRoutes(app, {
    requireProject: projects.requireProject,
    store,
    bundlerOf: async (id, chainId) => {
      const sealed = await repository.smartAccounts.getBundler(id, chainId)
      if (sealed === undefined) return undefined
      return (await keys.decrypt(sealed, atRestContext.bundlerUrl(id, chainId))).toString('utf8')
    },
    paymasterOf: async (id, chainId) => {
      const setting = await repository.smartAccounts.getPaymaster(id, chainId)
      if (setting === undefined) return undefined
      const key = await keys.decrypt(setting.sealedSignerKey, atRestContext.paymasterKey(id, chainId))
      return {
        address: setting.address as `0x${string}`,
        signerKey: key.toString('utf8') as `0x${string}`,
        policy: setting.policy,
      }
    },
    limits: { ...defaultSmartAccountLimits, ...options.smartAccounts },
  })
  const publicUrl = embedded.publicUrl?.replace(/\/$/, '')
  registerEmbeddedRoutes(app, {
    repository,
    store,
    keys,
    mailer: embedded.mailer,
    requireProject: projects.requireProject,
    limits: { ...defaultEmbeddedLimits, ...embedded.limits },
    publicUrl,
  })
  if (embedded.mailer !== undefined && publicUrl === undefined) requirePublicUrlBeyondLoopback(app)
  registerFrameRoutes(app, embedded.frameDir ?? defaultFrameDir(), projects.requireProject)
  if (embedded.mailer?.close) app.addHook('onClose', async () => embedded.mailer?.close?.())
  // The embedded wallet's keys too: made on first start, checked against LATCH_SECRET_KEY.
  await keys.ensure()
  // The sign-in key is made on first start, not on the first sign-in.
  await ensureSigningKey(repository.siwx, keys.atRest)
  return app
}
