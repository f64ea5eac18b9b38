import type { PostgresTimeouts, SqlDriver, SqliteSynchronous } from './driver.js'
import { openPostgresDriver } from './postgres.js'
import { createSqlRepository } from './repository.js'
import { openSqliteDriver } from './sqlite.js'
import type { Repository } from './types.js'

/** Where the data lives: a PostgreSQL URL wins over a SQLite file. */
export interface StorageOptions {
  /** `postgres://…` or `postgresql://…`; usually `DATABASE_URL`. */
  databaseUrl?: string | undefined
  /** SQLite file used when there is no database URL. */
  sqliteFile?: string | undefined
  /** PostgreSQL statement and connect timeouts (defaults 5 s and 3 s). */
  postgres?: PostgresTimeouts | undefined
  /** SQLite durability: `NORMAL` (default) or `FULL`. */
  sqliteSynchronous?: SqliteSynchronous | undefined
}

/** Default SQLite file, relative to the working directory. */
export const defaultSqliteFile = '.latch/server.db'

/**
 * Open the repository and apply pending migrations.
 * @example const repo = await openRepository({ databaseUrl: process.env.DATABASE_URL })
 */
export async function openRepository(options: StorageOptions = {}): Promise<Repository> {
  const url = options.databaseUrl?.trim()
  let driver: SqlDriver
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
    }
    driver = openPostgresDriver(url, options.postgres)
  } else {
    driver = openSqliteDriver(options.sqliteFile ?? defaultSqliteFile, {
      synchronous: options.sqliteSynchronous,
    })
  }
  const repository = createSqlRepository(driver)
  try {
    await repository.migrate()
  } catch (error) {
    await repository.close().catch(() => undefined)
    throw error
  }
  return repository
}
