import { defaultPostgresTimeouts, type PostgresTimeouts, type SqlDriver } from '../storage/driver.js'
import { openPostgresDriver } from '../storage/postgres.js'
import { type LimitStore, sweepIntervalMs } from './store.js'

// Milliseconds on the database's clock, so instances with skewed clocks agree on expiry.
const nowMs = 'CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)'

/**
 * The limit store in PostgreSQL (tables from migration 2). Each operation is one statement, atomic
 * on its own: an upsert for counters, a conditional delete for single-use keys.
 */
export function createPostgresLimitStore(driver: SqlDriver): LimitStore {
  const sweep = setInterval(() => {
    void driver.run(`DELETE FROM limit_counters WHERE expires_at <= ${nowMs}`).catch(() => undefined)
    void driver.run(`DELETE FROM limit_keys WHERE expires_at <= ${nowMs}`).catch(() => undefined)
  }, sweepIntervalMs)
  sweep.unref()

  return {
    kind: 'postgres',
    async increment(key, ttlMs) {
      const [row] = await driver.all<{ count: number | string; reset_ms: number | string }>(
        `INSERT INTO limit_counters AS c (key, count, expires_at) VALUES (?, 1, ${nowMs} + ?)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.expires_at <= ${nowMs} THEN 1 ELSE c.count + 1 END,
           expires_at = CASE WHEN c.expires_at <= ${nowMs} THEN EXCLUDED.expires_at ELSE c.expires_at END
         RETURNING c.count, c.expires_at - ${nowMs} AS reset_ms`,
        [key, ttlMs],
      )
      return { count: Number(row?.count ?? 1), resetMs: Math.max(0, Number(row?.reset_ms ?? ttlMs)) }
    },
    async put(key, ttlMs) {
      const rows = await driver.all(
        `INSERT INTO limit_keys AS k (key, expires_at) VALUES (?, ${nowMs} + ?)
         ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE k.expires_at <= ${nowMs}
         RETURNING k.key`,
        [key, ttlMs],
      )
      return rows.length === 1
    },
    async consume(key) {
      const rows = await driver.all(
        `DELETE FROM limit_keys WHERE key = ? RETURNING expires_at > ${nowMs} AS live`,
        [key],
      )
      return rows.length === 1 && (rows[0] as { live: boolean }).live === true
    },
    async close() {
      clearInterval(sweep)
    },
  }
}

/** A PostgreSQL limit store with its own small pool (the tables are created by the migrations). */
export function openPostgresLimitStore(
  url: string,
  timeouts: PostgresTimeouts = defaultPostgresTimeouts,
): LimitStore {
  const driver = openPostgresDriver(url, { max: 4, ...timeouts })
  const store = createPostgresLimitStore(driver)
  return {
    ...store,
    close: async () => {
      await store.close()
      await driver.close()
    },
  }
}
