import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestRepository } from '../test/backends.js'
import { migrations } from './migrations.js'
import { openRepository } from './open.js'

describe.each(backends)('given a %s database', (backend) => {
  let db: Awaited<ReturnType<typeof openTestRepository>>
  beforeAll(async () => {
    db = await openTestRepository(backend)
  })
  afterAll(() => db.cleanup())

  it('when several server instances start on it at once, then each migration is applied once and all can serve', async () => {
    const options = { databaseUrl: db.databaseUrl, sqliteFile: db.sqliteFile }
    const instances = await Promise.all([
      openRepository(options),
      openRepository(options),
      openRepository(options),
    ])
    try {
      const latest = migrations.at(-1)?.version
      expect(await Promise.all(instances.map((r) => r.migrate()))).toEqual([[], [], []])
      await instances[0]?.createProject({
        id: 'shared',
        name: 'Shared',
        allowedOrigins: ['https://a.example'],
      })
      // Stateless: a project written through one instance is read by another at once.
      expect((await instances[2]?.getProject('shared'))?.name).toBe('Shared')
      expect(latest).toBeGreaterThanOrEqual(1)
    } finally {
      await Promise.all(instances.map((r) => r.close()))
    }
  })

  it('when a project id is taken, then creating it again is refused by the database', async () => {
    await db.repository.createProject({ id: 'unique', name: 'One', allowedOrigins: [] })
    await expect(
      db.repository.createProject({ id: 'unique', name: 'Two', allowedOrigins: [] }),
    ).rejects.toThrow()
  })
})
