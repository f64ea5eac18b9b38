import type { FastifyInstance } from 'fastify'
import { createServer, defaultRateLimit, type EmbeddedOptions } from '../app.js'
import { isLoopback } from '../embedded/links.js'
import { createSmtpMailer } from '../embedded/mail.js'
import { openLimitStore } from '../limits/open.js'
import type { LimitStore } from '../limits/store.js'
import { seedRegistry } from '../registry/seed.js'
import { defaultRpcProxyOptions, type RpcProxyOptions } from '../rpc/options.js'
import { defaultPostgresTimeouts } from '../storage/driver.js'
import { openRepository, type StorageOptions } from '../storage/open.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'
import { nftsFromEnv } from './nfts-env.js'
import { secretKeyFor } from './secret-key.js'

export interface StartOptions extends StorageOptions {
  host: string
  port: number
  /** Load the dataset when the registry is empty. */
  seed: boolean
  env: NodeJS.ProcessEnv
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) <= 0) {
    throw new CliError(`${name} must be a positive integer`)
  }
  return Number(value)
}

/** `LATCH_TRUST_PROXY`: the number of proxies in front (`true` is read as 1). */
function proxyHops(value: string | undefined): number {
  if (value === undefined || value === '' || value === '0' || value === 'false') return 0
  if (value === 'true') return 1
  if (!/^[0-9]{1,2}$/.test(value)) {
    throw new CliError('LATCH_TRUST_PROXY must be the number of proxies in front of the server (e.g. 1)')
  }
  return Number(value)
}

/** Read the environment's settings; throws {@link CliError} naming the variable that is wrong. */
export function settingsFromEnv(env: NodeJS.ProcessEnv) {
  const synchronous = (env.LATCH_SQLITE_SYNCHRONOUS ?? 'NORMAL').toUpperCase()
  if (synchronous !== 'NORMAL' && synchronous !== 'FULL') {
    throw new CliError('LATCH_SQLITE_SYNCHRONOUS must be NORMAL or FULL')
  }
  const cacheMs =
    env.LATCH_PROJECT_CACHE_MS === '0'
      ? 0
      : positiveInt(env.LATCH_PROJECT_CACHE_MS, 'LATCH_PROJECT_CACHE_MS', 5_000)
  if (cacheMs > 5_000) throw new CliError('LATCH_PROJECT_CACHE_MS must be at most 5000')
  return {
    trustProxy: proxyHops(env.LATCH_TRUST_PROXY),
    sqliteSynchronous: synchronous as 'NORMAL' | 'FULL',
    projectCacheMs: cacheMs,
    postgres: {
      statementTimeoutMs: positiveInt(
        env.LATCH_STATEMENT_TIMEOUT_MS,
        'LATCH_STATEMENT_TIMEOUT_MS',
        defaultPostgresTimeouts.statementTimeoutMs,
      ),
      connectTimeoutMs: positiveInt(
        env.LATCH_DB_CONNECT_TIMEOUT_MS,
        'LATCH_DB_CONNECT_TIMEOUT_MS',
        defaultPostgresTimeouts.connectTimeoutMs,
      ),
    },
    rateLimit:
      env.LATCH_RATE_LIMIT_MAX === '0'
        ? (false as const)
        : {
            max: positiveInt(env.LATCH_RATE_LIMIT_MAX, 'LATCH_RATE_LIMIT_MAX', defaultRateLimit.max),
            timeWindowMs: positiveInt(
              env.LATCH_RATE_LIMIT_WINDOW_MS,
              'LATCH_RATE_LIMIT_WINDOW_MS',
              defaultRateLimit.timeWindowMs,
            ),
          },
  }
}

/** A count where `0` means "none" or "off". */
function countOrZero(value: string | undefined, name: string, fallback: number): number {
  return value === '0' ? 0 : positiveInt(value, name, fallback)
}

/** The RPC proxy's settings: `LATCH_RPC_*`. */
export function rpcFromEnv(env: NodeJS.ProcessEnv): RpcProxyOptions {
  const d = defaultRpcProxyOptions
  const maxBatch = positiveInt(env.LATCH_RPC_MAX_BATCH, 'LATCH_RPC_MAX_BATCH', d.maxBatch)
  if (maxBatch > 1_000) throw new CliError('LATCH_RPC_MAX_BATCH must be at most 1000')
  const limit = (name: string, fallback: number | false) =>
    countOrZero(env[name], name, fallback === false ? 0 : fallback) || (false as const)
  return {
    timeoutMs: positiveInt(env.LATCH_RPC_TIMEOUT_MS, 'LATCH_RPC_TIMEOUT_MS', d.timeoutMs),
    maxBatch,
    maxBodyBytes: positiveInt(env.LATCH_RPC_MAX_BODY_BYTES, 'LATCH_RPC_MAX_BODY_BYTES', d.maxBodyBytes),
    maxResponseBytes: d.maxResponseBytes,
    ipMax: limit('LATCH_RPC_IP_MAX', d.ipMax),
    projectMax: limit('LATCH_RPC_PROJECT_MAX', d.projectMax),
    windowMs: positiveInt(env.LATCH_RPC_WINDOW_MS, 'LATCH_RPC_WINDOW_MS', d.windowMs),
    cacheEntries: countOrZero(env.LATCH_RPC_CACHE_ENTRIES, 'LATCH_RPC_CACHE_ENTRIES', d.cacheEntries),
    cacheBytes: positiveInt(env.LATCH_RPC_CACHE_BYTES, 'LATCH_RPC_CACHE_BYTES', d.cacheBytes),
  }
}

/** The embedded wallet's settings: `LATCH_SMTP_URL`, `LATCH_MAIL_FROM`, `LATCH_SECRET_KEY`, `LATCH_PUBLIC_URL`. */
export function embeddedFromEnv(env: NodeJS.ProcessEnv): EmbeddedOptions {
  const smtp = env.LATCH_SMTP_URL?.trim()
  if (smtp && !/^smtps?:\/\//.test(smtp))
    throw new CliError('LATCH_SMTP_URL must start with smtp:// or smtps://')
  const publicUrl = env.LATCH_PUBLIC_URL?.trim()
  if (publicUrl && !/^https?:\/\/[^/?#]+\/?$/.test(publicUrl))
    throw new CliError("LATCH_PUBLIC_URL must be the server's origin, e.g. https://latch.example.com")
  const secretKey = env.LATCH_SECRET_KEY
  if (secretKey !== undefined && secretKey !== '' && secretKey.length < 32)
    throw new CliError('LATCH_SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)')
  return {
    ...(smtp
      ? {
          mailer: createSmtpMailer({
            url: smtp,
            from: env.LATCH_MAIL_FROM?.trim() || 'Latch <login@localhost>',
          }),
        }
      : {}),
    ...(secretKey ? { secretKey } : {}),
    ...(publicUrl ? { publicUrl } : {}),
  }
}

/** Open the database, seed an empty registry, and listen. */
export async function startServer(
  options: StartOptions,
): Promise<{ app: FastifyInstance; repository: Repository; url: string }> {
  const settings = settingsFromEnv(options.env)
  const embedded = embeddedFromEnv(options.env)
  const rpc = rpcFromEnv(options.env)
  const nfts = nftsFromEnv(options.env)
  const secret = await secretKeyFor(options, options.env)
  embedded.secretKey = secret.secretKey
  // Links in mails are built only from the public URL; loopback development names its own address.
  if (embedded.mailer !== undefined && embedded.publicUrl === undefined && !isLoopback(options.host)) {
    embedded.mailer.close?.()
    throw new CliError(
      'LATCH_PUBLIC_URL is required with LATCH_SMTP_URL when the server listens beyond loopback (links in mails are built only from it)',
    )
  }
  const repository = await openRepository({
    ...options,
    postgres: settings.postgres,
    sqliteSynchronous: settings.sqliteSynchronous,
  })
  let limitStore: LimitStore | undefined
  try {
    if (options.seed && (await repository.countWallets()) === 0) await seedRegistry(repository)
    const { env } = options
    // Also when rate limiting is off: sign-in nonces live in the same store.
    limitStore = openLimitStore({
      redisUrl: env.REDIS_URL,
      databaseUrl: options.databaseUrl,
      postgres: settings.postgres,
    })
    const store = limitStore
    // Only the level comes from the environment: createServer keeps its redaction of secrets.
    const app = await createServer({
      repository,
      logger: { level: env.LATCH_LOG_LEVEL ?? 'info' },
      trustProxy: settings.trustProxy,
      rateLimit: settings.rateLimit,
      projectCacheMs: settings.projectCacheMs,
      ...(store === undefined ? {} : { limitStore: store }),
      embedded,
      rpc,
      account: { nfts },
    })
    app.addHook('onClose', async () => {
      await store?.close()
      await repository.close()
    })
    const url = await app.listen({ host: options.host, port: options.port })
    // Logged without the database or Redis URL: they may carry a password.
    app.log.info({ database: repository.kind, limitStore: store?.kind ?? 'off' }, 'latch-server ready')
    if (secret.created !== undefined)
      app.log.warn(
        { keyFile: secret.created },
        'created a key-encryption key beside the database (mode 0600): back it up apart from the database, or set LATCH_SECRET_KEY',
      )
    return { app, repository, url }
  } catch (error) {
    await limitStore?.close().catch(() => undefined)
    await repository.close().catch(() => undefined)
    throw error
  }
}
