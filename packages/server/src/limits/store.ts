/**
 * The limit store: small shared state with an expiry, kept where every instance of the server
 * sees it. Rate limits count requests in it; throttles (e.g. login attempts) and single-use
 * values (e.g. sign-in nonces) use the same two operations.
 *
 * Three implementations with the same behaviour: Redis (`REDIS_URL`), PostgreSQL
 * (`DATABASE_URL`, tables `limit_counters` and `limit_keys`) and process memory (one instance).
 */
export interface LimitStore {
  readonly kind: 'redis' | 'postgres' | 'memory'
  /**
   * Add one to the counter `key`. A counter that does not exist (or has expired) starts at 1 and
   * expires `ttlMs` later; later increments keep that expiry (a fixed window).
   */
  increment(key: string, ttlMs: number): Promise<LimitCount>
  /** Store a single-use `key` for `ttlMs`. False when an unexpired one already exists. */
  put(key: string, ttlMs: number): Promise<boolean>
  /**
   * Take the single-use `key`: true for exactly one caller across all instances, false when it
   * was never put, has expired or was already taken.
   */
  consume(key: string): Promise<boolean>
  close(): Promise<void>
}

/** A counter after an increment. */
export interface LimitCount {
  count: number
  /** Milliseconds until the counter expires and starts again from zero. */
  resetMs: number
}

/** How often expired entries are removed from the memory and PostgreSQL stores. */
export const sweepIntervalMs = 60_000

/** The store of a single process. */
export function createMemoryLimitStore(): LimitStore {
  const counters = new Map<string, { count: number; expiresAt: number }>()
  const keys = new Map<string, number>()
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [key, entry] of counters) if (entry.expiresAt <= now) counters.delete(key)
    for (const [key, expiresAt] of keys) if (expiresAt <= now) keys.delete(key)
  }, sweepIntervalMs)
  sweep.unref()

  return {
    kind: 'memory',
    async increment(key, ttlMs) {
      const now = Date.now()
      let entry = counters.get(key)
      if (entry === undefined || entry.expiresAt <= now) {
        entry = { count: 0, expiresAt: now + ttlMs }
        counters.set(key, entry)
      }
      entry.count += 1
      return { count: entry.count, resetMs: entry.expiresAt - now }
    },
    async put(key, ttlMs) {
      const now = Date.now()
      const expiresAt = keys.get(key)
      if (expiresAt !== undefined && expiresAt > now) return false
      keys.set(key, now + ttlMs)
      return true
    },
    async consume(key) {
      const expiresAt = keys.get(key)
      keys.delete(key)
      return expiresAt !== undefined && expiresAt > Date.now()
    },
    async close() {
      clearInterval(sweep)
    },
  }
}
