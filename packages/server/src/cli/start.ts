import type { FastifyInstance } from 'fastify'
import { createServer, defaultRateLimit } from '../app.js'
import { seedRegistry } from '../registry/seed.js'
import { openRepository, type StorageOptions } from '../storage/open.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

export interface StartOptions extends StorageOptions {
  host: string
  port: number
  /** Load the dataset when the registry is empty. */
  seed: boolean
  env: NodeJS.ProcessEnv
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new CliError(`${name} must be a positive integer`)
  return n
}

/** Open the database, seed an empty registry, and listen. */
export async function startServer(
  options: StartOptions,
): Promise<{ app: FastifyInstance; repository: Repository; url: string }> {
  const repository = await openRepository(options)
  try {
    if (options.seed && (await repository.countWallets()) === 0) await seedRegistry(repository)
    const { env } = options
    const app = await createServer({
      repository,
      logger: { level: env.LATCH_LOG_LEVEL ?? 'info' },
      trustProxy: env.LATCH_TRUST_PROXY === '1' || env.LATCH_TRUST_PROXY === 'true',
      rateLimit:
        env.LATCH_RATE_LIMIT_MAX === '0'
          ? false
          : {
              max: positiveInt(env.LATCH_RATE_LIMIT_MAX, 'LATCH_RATE_LIMIT_MAX', defaultRateLimit.max),
              timeWindowMs: positiveInt(
                env.LATCH_RATE_LIMIT_WINDOW_MS,
                'LATCH_RATE_LIMIT_WINDOW_MS',
                defaultRateLimit.timeWindowMs,
              ),
            },
    })
    app.addHook('onClose', () => repository.close())
    const url = await app.listen({ host: options.host, port: options.port })
    // Logged without the database URL: it may carry a password.
    app.log.info({ database: repository.kind }, 'latch-server ready')
    return { app, repository, url }
  } catch (error) {
    await repository.close().catch(() => undefined)
    throw error
  }
}
