import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { SqlDriver, SqlExecutor, SqlValue } from './driver.js'

/**
 * SQLite through better-sqlite3. Calls are synchronous underneath; the async surface matches the
 * PostgreSQL driver so the repository is written once.
 */
export function openSqliteDriver(file: string): SqlDriver {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')

  const statements = new Map<string, Database.Statement>()
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql)
    if (statement === undefined) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }

  const executor: SqlExecutor = {
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).all(...params) as T[]
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      prepare(sql).run(...params)
    },
  }

  // One connection is shared by the whole process, so transactions must not interleave.
  let queue: Promise<unknown> = Promise.resolve()
  const transaction = <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    const result = queue.then(async () => {
      db.exec('BEGIN IMMEDIATE')
      try {
        const value = await fn(executor)
        db.exec('COMMIT')
        return value
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
    })
    queue = result.catch(() => undefined)
    return result
  }

  return {
    kind: 'sqlite',
    ...executor,
    transaction,
    // BEGIN IMMEDIATE takes the database's write lock, which other processes wait on.
    withMigrationLock: transaction,
    async close() {
      await queue
      db.close()
    },
  }
}
