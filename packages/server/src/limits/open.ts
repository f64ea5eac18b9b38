import type { PostgresTimeouts } from '../storage/driver.js'
import { openPostgresLimitStore } from './postgres.js'
import { openRedisLimitStore } from './redis.js'
import { createMemoryLimitStore, type LimitStore } from './store.js'

/**
 * The limit store for this deployment: Redis when `redisUrl` is set, else PostgreSQL when
 * `databaseUrl` is set (shared by every instance on that database), else process memory.
 */
export function openLimitStore(options: {
  redisUrl?: string | undefined
  databaseUrl?: string | undefined
  postgres?: PostgresTimeouts | undefined
}): LimitStore {
  const redisUrl = options.redisUrl?.trim()
  if (redisUrl) {
    if (!/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must start with redis:// or rediss://')
    return openRedisLimitStore(redisUrl)
  }
  const databaseUrl = options.databaseUrl?.trim()
  if (databaseUrl) return openPostgresLimitStore(databaseUrl, options.postgres)
  return createMemoryLimitStore()
}
