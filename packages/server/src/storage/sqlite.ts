import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import type { SqlDriver, SqlExecutor, SqliteSynchronous, SqlValue } from './driver.js'

/**
 * Transactions on one file, per process. A transaction holds SQLite's write lock across awaits;
 * a second connection in the same process asking for it would block the only thread in
 * busy_timeout while the holder can never finish, so they queue here instead. Connections in
 * other processes wait on SQLite's own lock as usual.
 */
const transactionQueues = new Map<string | symbol, Promise<unknown>>()

const maxCachedStatements = 64

/**
 * SQLite through better-sqlite3. Calls are synchronous underneath; the async surface matches the
 * PostgreSQL driver so the repository is written once.
 */
export function openSqliteDriver(
  file: string,
  options: { synchronous?: SqliteSynchronous | undefined } = {},
): SqlDriver & { cachedStatements(): number; synchronous(): 'NORMAL' | 'FULL' | 'OTHER' } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  // NORMAL in WAL mode loses no committed transaction when the process crashes, only (the last
  // few) on power loss or an OS crash; FULL syncs every commit to survive those too.
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`)
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')

  // Prepared statements by SQL text, least recently used first. The repository's statements have
  // fixed shapes, so this stays small; the bound makes sure no input can ever grow it.
  const statements = new Map<string, Database.Statement>()
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql)
    if (statement === undefined) {
      statement = db.prepare(sql)
      if (statements.size >= maxCachedStatements) {
        const oldest = statements.keys().next().value
        if (oldest !== undefined) statements.delete(oldest)
      }
    } else statements.delete(sql)
    statements.set(sql, statement)
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

  const key = file === ':memory:' ? Symbol(file) : resolve(file)
  const transaction = <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    const result = (transactionQueues.get(key) ?? Promise.resolve()).then(async () => {
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
    transactionQueues.set(
      key,
      result.catch(() => undefined),
    )
    return result
  }

  return {
    kind: 'sqlite',
    ...executor,
    transaction,
    // BEGIN IMMEDIATE takes the database's write lock, which other processes wait on.
    withMigrationLock: transaction,
    cachedStatements: () => statements.size,
    synchronous: () => {
      const level = Number(db.pragma('synchronous', { simple: true }))
      return level === 1 ? 'NORMAL' : level === 2 ? 'FULL' : 'OTHER'
    },
    async close() {
      await transactionQueues.get(key)
      db.close()
    },
  }
}
