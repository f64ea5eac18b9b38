import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { backends, demoProject, openTestRepository } from '../test/backends.js'
import type { EmbeddedRecovery } from './embedded.js'
import type { Repository } from './types.js'

// The storage's own guarantees under concurrent writers (separate connections on PostgreSQL):
// "one held recovery per account" holds in the statement itself, not only in the reads the
// routes make before it.
describe.each(backends)('given concurrent writers of one account on %s', (backend) => {
  let repository: Repository
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  async function account() {
    const opened = await openTestRepository(backend)
    repository = opened.repository
    cleanup = opened.cleanup
    const now = new Date().toISOString()
    await repository.createProject({ ...demoProject, id: 'p' })
    const user = await repository.embedded.ensureUser({
      id: randomUUID(),
      projectId: 'p',
      email: 'a@example.com',
      createdAt: now,
    })
    return user
  }
  const held = async (userId: string): Promise<EmbeddedRecovery> => {
    const deviceId = randomUUID()
    await repository.embedded.insertDevice({
      id: deviceId,
      userId,
      publicJwk: '{}',
      userAgent: 'test',
      createdAt: new Date().toISOString(),
    })
    return recoveryOf(userId, deviceId)
  }
  const recoveryOf = (userId: string, deviceId: string): EmbeddedRecovery => ({
    id: randomUUID(),
    userId,
    deviceId,
    ip: '127.0.0.1',
    userAgent: 'test',
    createdAt: new Date().toISOString(),
    releasesAt: Date.now() + 3_600_000,
    state: 'pending',
    cancelId: randomUUID(),
  })

  it('then of held recoveries written together exactly one is stored', async () => {
    const user = await account()
    for (let round = 0; round < 5; round++) {
      const recoveries = await Promise.all([0, 1, 2, 3].map(() => held(user.id)))
      const results = await Promise.all(recoveries.map((r) => repository.embedded.insertRecovery(r, [])))
      expect(results.filter(Boolean)).toHaveLength(round === 0 ? 1 : 0)
    }
  })
})
