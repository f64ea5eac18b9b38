import pg from 'pg'
import {
  defaultPostgresTimeouts,
  type PostgresTimeouts,
  type SqlDriver,
  type SqlExecutor,
  type SqlValue,
} from './driver.js'

// Arbitrary constant shared by every instance so concurrent starts migrate one at a time.
const migrationLockKey = 7_243_105

/**
 * The repository writes `?` placeholders; PostgreSQL wants `$1, $2, …`. Not memoised: the set of
 * statements is fixed, and a cache keyed by SQL text is exactly what must never grow with input.
 */
function toPostgres(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
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

/**
 * PostgreSQL through a `pg` pool. Every wait is bounded: connecting (and waiting for a free
 * connection), each statement on the server (`statement_timeout`) and each query on the client
 * (`query_timeout`, for a network that stops answering). A connection that failed is destroyed
 * rather than returned to the pool, so a stalled network heals by itself once it answers again.
 */
export function openPostgresDriver(
  connectionString: string,
  options: { max?: number } & PostgresTimeouts = {},
): SqlDriver {
  const statementTimeout = options.statementTimeoutMs ?? defaultPostgresTimeouts.statementTimeoutMs
  const connectTimeout = options.connectTimeoutMs ?? defaultPostgresTimeouts.connectTimeoutMs
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: connectTimeout,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 1_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)

  const transaction = async <T>(fn: (tx: SqlExecutor) => Promise<T>, lock = false): Promise<T> => {
    const client = await pool.connect()
    let failure: Error | undefined
    try {
      await client.query('BEGIN')
      if (lock) await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey])
      const value = await fn(executorFor(client))
      await client.query('COMMIT')
      return value
    } catch (error) {
      failure = error as Error
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      // Passing the error destroys the connection instead of reusing one in an unknown state.
      client.release(failure)
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
