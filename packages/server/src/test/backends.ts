import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createServer, type ServerOptions } from '../app.js'
import { seedRegistry } from '../registry/seed.js'
import { openRepository } from '../storage/open.js'
import type { NewProject, Repository } from '../storage/types.js'

/** The storage backends every HTTP test runs against. */
export const backends = ['sqlite', 'postgres'] as const
export type Backend = (typeof backends)[number]

/** A fresh, empty, migrated database of the given kind; `cleanup` deletes it. */
export async function openTestRepository(backend: Backend): Promise<{
  repository: Repository
  databaseUrl?: string
  sqliteFile?: string
  cleanup: () => Promise<void>
}> {
  if (backend === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'latch-server-'))
    const sqliteFile = join(dir, 'test.db')
    const repository = await openRepository({ sqliteFile })
    return {
      repository,
      sqliteFile,
      cleanup: async () => {
        await repository.close()
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
  // One database per suite, so test files can run in parallel against the same cluster.
  const adminUrl = inject('postgresUrl')
  const name = `latch_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const repository = await openRepository({ databaseUrl })
  return {
    repository,
    databaseUrl,
    cleanup: async () => {
      await repository.close()
      const drop = new pg.Client({ connectionString: adminUrl })
      await drop.connect()
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await drop.end()
    },
  }
}

/** The project most tests use. */
export const demoProject: NewProject = {
  id: 'demo-project',
  name: 'Demo dapp',
  allowedOrigins: ['https://app.example.com', 'https://*.preview.example.com'],
}

/** A seeded repository with the demo project, served on 127.0.0.1 on a free port. */
export async function startTestServer(
  backend: Backend,
  options: Omit<ServerOptions, 'repository'> = {},
): Promise<{ base: string; repository: Repository; close: () => Promise<void> }> {
  const db = await openTestRepository(backend)
  await seedRegistry(db.repository)
  await db.repository.createProject(demoProject)
  // Lookups are not cached by default here: tests change projects and read the result at once.
  const app = await createServer({
    repository: db.repository,
    logger: false,
    rateLimit: false,
    projectCacheMs: 0,
    ...options,
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    base: address,
    repository: db.repository,
    close: async () => {
      await app.close()
      await db.cleanup()
    },
  }
}
