import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from './app.js'
import { seedRegistry } from './registry/seed.js'
import { openRepository } from './storage/open.js'
import type { Repository } from './storage/types.js'
import { demoProject, openTestRepository } from './test/backends.js'
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js'

describe('given a server whose PostgreSQL network stops answering', () => {
  let proxy: TcpProxy
  let repository: Repository
  let base: string
  let close: () => Promise<void>
  const wallets = () => `${base}/getWallets?projectId=${demoProject.id}&entries=2`

  beforeAll(async () => {
    const db = await openTestRepository('postgres')
    await seedRegistry(db.repository)
    await db.repository.createProject(demoProject)
    const direct = new URL(db.databaseUrl ?? '')
    proxy = await startTcpProxy([{ host: direct.hostname, port: Number(direct.port) }])
    const viaProxy = new URL(direct)
    viaProxy.port = String(proxy.address.port)
    // A short statement timeout keeps the test quick; the default is 5 s.
    repository = await openRepository({
      databaseUrl: viaProxy.toString(),
      postgres: { statementTimeoutMs: 1_000, connectTimeoutMs: 1_000 },
    })
    const app = await createServer({ repository, logger: false, rateLimit: false, projectCacheMs: 0 })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
    close = async () => {
      await app.close()
      await repository.close().catch(() => undefined)
      await proxy.close()
      await db.cleanup()
    }
  })
  afterAll(() => close())

  it('then /healthz turns 503 within 5 s, requests fail with 503 within the timeout, and service returns by itself', async () => {
    // Warm the pool: its connections are the ones that will stall.
    await Promise.all(Array.from({ length: 4 }, () => fetch(wallets())))
    expect((await fetch(`${base}/healthz`)).status).toBe(200)

    proxy.stall()
    let started = Date.now()
    const health = await fetch(`${base}/healthz`)
    expect(health.status).toBe(503)
    expect(Date.now() - started).toBeLessThan(5_000)

    started = Date.now()
    const failed = await fetch(wallets())
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({ error: 'unavailable', message: expect.any(String) })
    // Statement timeout (1 s) plus the client's read margin (1 s) and the connect timeout.
    expect(Date.now() - started).toBeLessThan(5_000)

    proxy.resume()
    const resumed = Date.now()
    let status = 0
    while (Date.now() - resumed < 10_000) {
      status = (await fetch(wallets())).status
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(status).toBe(200)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  })
})
