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
