import { Redis } from 'ioredis'
import type { LimitStore } from './store.js'

// INCR, and start the expiry when the counter is new (or somehow lost its expiry); returns
// { count, milliseconds to reset }. A script runs atomically in Redis.
const incrementScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`

/**
 * The limit store in Redis: counters are `INCR` with `PEXPIRE`, single-use keys `SET NX PX` and
 * `DEL` (which reports whether this caller removed it). Keys are prefixed with `latch:`.
 * Commands fail after a second instead of queueing while Redis is unreachable.
 */
export function openRedisLimitStore(url: string): LimitStore {
  const redis = new Redis(url, {
    keyPrefix: 'latch:',
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  })
  // Connection errors are retried by the client; each command reports its own failure.
  redis.on('error', () => undefined)
  redis.defineCommand('latchIncrement', { numberOfKeys: 1, lua: incrementScript })
  const client = redis as Redis & {
    latchIncrement(key: string, ttlMs: number): Promise<[number, number]>
  }

  return {
    kind: 'redis',
    async increment(key, ttlMs) {
      const [count, resetMs] = await client.latchIncrement(key, ttlMs)
      return { count: Number(count), resetMs: Math.max(0, Number(resetMs)) }
    },
    async put(key, ttlMs) {
      return (await redis.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK'
    },
    async consume(key) {
      return (await redis.del(key)) === 1
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
