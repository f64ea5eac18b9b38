import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openTestRepository } from '../test/backends.js'
import { openPostgresLimitStore } from './postgres.js'
import { openRedisLimitStore } from './redis.js'
import { createMemoryLimitStore, type LimitStore } from './store.js'

const kinds = ['memory', 'postgres', 'redis'] as const

describe.each(kinds)('given the %s limit store', (kind) => {
  let store: LimitStore
  let cleanup: () => Promise<void> = async () => undefined
  // Keys unique to this run: Redis and PostgreSQL are shared with other suites.
  const key = (name: string) => `${name}-${randomBytes(4).toString('hex')}`

  beforeAll(async () => {
    if (kind === 'memory') store = createMemoryLimitStore()
    if (kind === 'redis') store = openRedisLimitStore(inject('redisUrl'))
    if (kind === 'postgres') {
      const db = await openTestRepository('postgres')
      store = openPostgresLimitStore(db.databaseUrl ?? '')
      cleanup = db.cleanup
    }
  })
  afterAll(async () => {
    await store.close()
    await cleanup()
  })

  it('when a counter is incremented, then it counts up within its window and reports the time left', async () => {
    const k = key('count')
    const counts = []
    for (let i = 0; i < 3; i++) counts.push(await store.increment(k, 60_000))
    expect(counts.map((c) => c.count)).toEqual([1, 2, 3])
    expect(counts[2]?.resetMs).toBeGreaterThan(55_000)
    expect(counts[2]?.resetMs).toBeLessThanOrEqual(60_000)
  })

  it('when the window has passed, then the counter starts again from 1', async () => {
    const k = key('expire')
    await store.increment(k, 150)
    await store.increment(k, 150)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect((await store.increment(k, 150)).count).toBe(1)
  })

  it('when many increments race, then none is lost', async () => {
    const k = key('race')
    const results = await Promise.all(Array.from({ length: 40 }, () => store.increment(k, 60_000)))
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
  })

  it('when a single-use key is consumed by several callers at once, then exactly one gets it', async () => {
    const k = key('nonce')
    expect(await store.put(k, 60_000)).toBe(true)
    expect(await store.put(k, 60_000)).toBe(false)
    const taken = await Promise.all(Array.from({ length: 10 }, () => store.consume(k)))
    expect(taken.filter(Boolean)).toHaveLength(1)
    expect(await store.consume(k)).toBe(false)
  })

  it('when a single-use key has expired or was never put, then consuming it fails', async () => {
    const k = key('stale')
    await store.put(k, 100)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await store.consume(k)).toBe(false)
    expect(await store.consume(key('never'))).toBe(false)
    // An expired key can be put again.
    expect(await store.put(k, 60_000)).toBe(true)
  })
})
