import pg from 'pg'
import type { SqlDriver, SqlExecutor, SqlValue } from './driver.js'

// Arbitrary constant shared by every instance so concurrent starts migrate one at a time.
const migrationLockKey = 7_243_105

const converted = new Map<string, string>()
/** The repository writes `?` placeholders; PostgreSQL wants `$1, $2, …`. */
function toPostgres(sql: string): string {
  let text = converted.get(sql)
  if (text === undefined) {
    let n = 0
    text = sql.replace(/\?/g, () => `$${++n}`)
    converted.set(sql, text)
  }
  return text
}

function executorFor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await client.query(toPostgres(sql), params as SqlValue[])
      return result.rows as T[]
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      await client.query(toPostgres(sql), params as SqlValue[])
    },
  }
}

/** PostgreSQL through a `pg` pool. */
export function openPostgresDriver(connectionString: string, options: { max?: number } = {}): SqlDriver {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)

  const transaction = async <T>(fn: (tx: SqlExecutor) => Promise<T>, lock = false): Promise<T> => {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      if (lock) await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey])
      const value = await fn(executorFor(client))
      await client.query('COMMIT')
      return value
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  return {
    kind: 'postgres',
    ...executorFor(pool),
    transaction: (fn) => transaction(fn),
    withMigrationLock: (fn) => transaction(fn, true),
    close: () => pool.end(),
  }
}
