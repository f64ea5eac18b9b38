import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSqliteDriver } from '../storage/sqlite.js'
import { CliError } from './commands.js'
import { rpcFromEnv, settingsFromEnv } from './start.js'

describe('given the server settings from the environment', () => {
  it('when nothing is set, then the defaults are a 5 s statement timeout, 3 s connect, 5 s project cache, no proxy, NORMAL', () => {
    expect(settingsFromEnv({})).toMatchObject({
      trustProxy: 0,
      sqliteSynchronous: 'NORMAL',
      projectCacheMs: 5_000,
      postgres: { statementTimeoutMs: 5_000, connectTimeoutMs: 3_000 },
      rateLimit: { max: 600, timeWindowMs: 60_000 },
    })
  })

  it.each([
    [{ LATCH_TRUST_PROXY: '1' }, { trustProxy: 1 }],
    [{ LATCH_TRUST_PROXY: 'true' }, { trustProxy: 1 }],
    [{ LATCH_TRUST_PROXY: '2' }, { trustProxy: 2 }],
    [{ LATCH_SQLITE_SYNCHRONOUS: 'full' }, { sqliteSynchronous: 'FULL' }],
    [{ LATCH_PROJECT_CACHE_MS: '0' }, { projectCacheMs: 0 }],
    [{ LATCH_RATE_LIMIT_MAX: '0' }, { rateLimit: false }],
    [
      { LATCH_STATEMENT_TIMEOUT_MS: '800' },
      { postgres: { statementTimeoutMs: 800, connectTimeoutMs: 3_000 } },
    ],
  ])('when %o is set, then it reads as %o', (env, expected) => {
    expect(settingsFromEnv(env)).toMatchObject(expected)
  })

  it.each([
    [{ LATCH_TRUST_PROXY: 'yes' }, 'LATCH_TRUST_PROXY'],
    [{ LATCH_SQLITE_SYNCHRONOUS: 'OFF' }, 'LATCH_SQLITE_SYNCHRONOUS'],
    [{ LATCH_PROJECT_CACHE_MS: '60000' }, 'at most 5000'],
    [{ LATCH_RATE_LIMIT_MAX: '1e3' }, 'LATCH_RATE_LIMIT_MAX'],
    [{ LATCH_STATEMENT_TIMEOUT_MS: '-5' }, 'LATCH_STATEMENT_TIMEOUT_MS'],
  ])('when %o is set, then starting fails naming %s', (env, name) => {
    expect(() => settingsFromEnv(env)).toThrow(CliError)
    expect(() => settingsFromEnv(env)).toThrow(name)
  })
})

describe("given the RPC proxy's settings from the environment", () => {
  it('when nothing is set, then a 10 s timeout, batches of 20, 64 KiB bodies, 300 per client and 30000 per project a minute, 1000 answers in 8 MiB', () => {
    expect(rpcFromEnv({})).toEqual({
      timeoutMs: 10_000,
      maxBatch: 20,
      maxBodyBytes: 65_536,
      maxResponseBytes: 5 * 1024 * 1024,
      ipMax: 300,
      projectMax: 30_000,
      windowMs: 60_000,
      cacheEntries: 1_000,
      cacheBytes: 8 * 1024 * 1024,
    })
  })

  it('when the limits and the cache are set to 0, then they are off', () => {
    expect(
      rpcFromEnv({ LATCH_RPC_IP_MAX: '0', LATCH_RPC_PROJECT_MAX: '0', LATCH_RPC_CACHE_ENTRIES: '0' }),
    ).toMatchObject({ ipMax: false, projectMax: false, cacheEntries: 0 })
  })

  it.each([
    [{ LATCH_RPC_TIMEOUT_MS: '10s' }, 'LATCH_RPC_TIMEOUT_MS'],
    [{ LATCH_RPC_MAX_BATCH: '0' }, 'LATCH_RPC_MAX_BATCH'],
    [{ LATCH_RPC_MAX_BATCH: '5000' }, 'LATCH_RPC_MAX_BATCH must be at most 1000'],
    [{ LATCH_RPC_IP_MAX: '-1' }, 'LATCH_RPC_IP_MAX'],
    [{ LATCH_RPC_CACHE_BYTES: '0' }, 'LATCH_RPC_CACHE_BYTES'],
  ])('when %o is set, then starting fails naming %s', (env, name) => {
    expect(() => rpcFromEnv(env)).toThrow(CliError)
    expect(() => rpcFromEnv(env)).toThrow(name)
  })
})

describe('given a SQLite database file', () => {
  it('when opened with the default or FULL, then synchronous is NORMAL or FULL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-sync-'))
    try {
      const normal = openSqliteDriver(join(dir, 'a.db'))
      const full = openSqliteDriver(join(dir, 'b.db'), { synchronous: 'FULL' })
      expect([normal.synchronous(), full.synchronous()]).toEqual(['NORMAL', 'FULL'])
      await normal.close()
      await full.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
