/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | null

/** The few operations the repository needs from a database connection. */
export interface SqlExecutor {
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  run(sql: string, params?: readonly SqlValue[]): Promise<void>
}

/** A database: executes statements, runs transactions, serialises migrations across processes. */
export interface SqlDriver extends SqlExecutor {
  readonly kind: 'sqlite' | 'postgres'
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /** Run `fn` while holding a lock that other processes migrating the same database respect. */
  withMigrationLock<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Time limits of a PostgreSQL connection pool, in milliseconds. */
export interface PostgresTimeouts {
  /** A statement running longer is cancelled by the server, and abandoned by the client 1 s later. */
  statementTimeoutMs?: number | undefined
  /** Opening a connection, or waiting for a free one in the pool, fails after this long. */
  connectTimeoutMs?: number | undefined
}

/** Defaults: statements 5 s, connecting 3 s. */
export const defaultPostgresTimeouts = { statementTimeoutMs: 5_000, connectTimeoutMs: 3_000 } as const

/** SQLite's `synchronous` setting: NORMAL survives process crashes, FULL also power loss. */
export type SqliteSynchronous = 'NORMAL' | 'FULL'
