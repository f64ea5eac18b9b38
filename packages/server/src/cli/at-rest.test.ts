import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../app.js'
import { keyPurposes } from '../embedded/keys.js'
import { openRepository } from '../storage/open.js'
import { openTestRepository } from '../test/backends.js'
import { startServer } from './start.js'

/** Every stored key of the database: none may hold its secret in the clear. */
async function storedKeys(sqliteFile: string) {
  const repository = await openRepository({ sqliteFile })
  try {
    const embedded = (await Promise.all(keyPurposes.map((p) => repository.embedded.listKeys(p)))).flat()
    const siwx = await repository.siwx.listSigningKeys()
    return { embedded, siwx }
  } finally {
    await repository.close()
  }
}

describe('given `latch-server start` on SQLite without LATCH_SECRET_KEY', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'latch-at-rest-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const start = async (sqliteFile: string) => {
    const { app } = await startServer({ host: '127.0.0.1', port: 0, seed: false, env: {}, sqliteFile })
    await app.close()
  }

  it('then a key-encryption key is created beside the database (mode 0600), and no key is stored in the clear, the sign-in key included', async () => {
    const sqliteFile = join(dir, 'fresh.db')
    await start(sqliteFile)
    const file = await stat(`${sqliteFile}.key`)
    expect(file.mode & 0o777).toBe(0o600)
    const { embedded, siwx } = await storedKeys(sqliteFile)
    expect(embedded.length).toBe(keyPurposes.length)
    expect(embedded.every((k) => k.encrypted)).toBe(true)
    expect(siwx.length).toBe(1)
    for (const key of siwx) expect(key.privateJwk).not.toContain('"d"')
    // The next start opens them with the same file.
    await start(sqliteFile)
  })

  it('then a database written in the clear by an older version still opens, and its keys are encrypted on start', async () => {
    const sqliteFile = join(dir, 'older.db')
    const repository = await openRepository({ sqliteFile })
    const app = await createServer({ repository, logger: false, rateLimit: false })
    await app.close()
    await repository.close()
    const before = await storedKeys(sqliteFile)
    expect(before.embedded.some((k) => !k.encrypted)).toBe(true)
    expect(before.siwx[0]?.privateJwk).toContain('"d"')
    await start(sqliteFile)
    const after = await storedKeys(sqliteFile)
    expect(after.embedded.map((k) => k.kid).sort()).toEqual(before.embedded.map((k) => k.kid).sort())
    expect(after.embedded.every((k) => k.encrypted)).toBe(true)
    expect(after.siwx[0]?.kid).toBe(before.siwx[0]?.kid)
    expect(after.siwx[0]?.privateJwk).not.toContain('"d"')
    await start(sqliteFile)
  })
})

describe('given `latch-server start` on PostgreSQL without LATCH_SECRET_KEY', () => {
  it('then it refuses to start, naming the variable', async () => {
    const db = await openTestRepository('postgres')
    try {
      await expect(
        startServer({ host: '127.0.0.1', port: 0, seed: false, env: {}, databaseUrl: db.databaseUrl! }),
      ).rejects.toThrow(/LATCH_SECRET_KEY/)
    } finally {
      await db.cleanup()
    }
  })
})
