import { randomBytes } from 'node:crypto'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { defaultSqliteFile, type StorageOptions } from '../storage/open.js'
import { CliError } from './commands.js'

/**
 * The key-encryption key's secret: `LATCH_SECRET_KEY`, or else a key file beside the SQLite
 * database (`<db>.key`, mode 0600), created on first start. Keys and shares are never stored in
 * the clear: with PostgreSQL, which has no file of ours beside it, the variable is required.
 * `created` names the file when this call made it (the caller says so in its log).
 */
export async function secretKeyFor(
  storage: StorageOptions,
  env: NodeJS.ProcessEnv,
): Promise<{ secretKey: string; created?: string }> {
  const given = env.LATCH_SECRET_KEY
  if (given !== undefined && given !== '') {
    if (given.length < 32)
      throw new CliError('LATCH_SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    return { secretKey: given }
  }
  if (storage.databaseUrl?.trim())
    throw new CliError(
      'LATCH_SECRET_KEY is required with PostgreSQL: keys and shares are never stored in the clear (e.g. `openssl rand -base64 32`)',
    )
  const file = storage.sqliteFile ?? defaultSqliteFile
  // An in-memory database lives as long as the process: so does its key.
  if (file === ':memory:') return { secretKey: randomBytes(32).toString('base64url') }
  const path = `${file}.key`
  try {
    const mode = (await stat(path)).mode
    if ((mode & 0o077) !== 0) throw new CliError(`${path} is readable by other users: chmod 600 it`)
    return { secretKey: (await readFile(path, 'utf8')).trim() }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dirname(path), { recursive: true })
  const secretKey = randomBytes(32).toString('base64url')
  try {
    await writeFile(path, `${secretKey}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process started at the same moment and wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return { secretKey: (await readFile(path, 'utf8')).trim() }
    throw error
  }
  return { secretKey, created: path }
}
