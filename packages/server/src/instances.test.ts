import { request } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createServer } from './app.js'
import { addOrigins } from './cli/commands.js'
import { openLimitStore } from './limits/open.js'
import type { LimitStore } from './limits/store.js'
import { openRepository } from './storage/open.js'
import type { Repository } from './storage/types.js'
import { demoProject, openTestRepository } from './test/backends.js'
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js'

/** One request on a fresh connection, so the round-robin proxy picks the next instance. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; instance: string; allowOrigin: string | undefined }>(
    (resolve, reject) => {
      const req = request(url, { agent: false, headers }, (res) => {
        res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            instance: String(res.headers['x-test-instance']),
            allowOrigin: res.headers['access-control-allow-origin'] as string | undefined,
          }),
        )
      })
      req.on('error', reject)
      req.end()
    },
  )
}

const stores = ['redis', 'postgres'] as const

describe.each(stores)(
  'given two instances on one PostgreSQL behind a round-robin proxy, limits in %s',
  (kind) => {
    let proxy: TcpProxy
    let base: string
    const apps: FastifyInstance[] = []
    const repositories: Repository[] = []
    const limitStores: LimitStore[] = []
    let cleanup: () => Promise<void>

    beforeAll(async () => {
      const db = await openTestRepository('postgres')
      await db.repository.createProject(demoProject)
      cleanup = db.cleanup
      const addresses = []
      for (const name of ['A', 'B']) {
        const repository = await openRepository({ databaseUrl: db.databaseUrl })
        const limitStore = openLimitStore({
          redisUrl: kind === 'redis' ? inject('redisUrl') : undefined,
          databaseUrl: db.databaseUrl,
        })
        expect(limitStore.kind).toBe(kind)
        const app = await createServer({
          repository,
          logger: false,
          limitStore,
          rateLimit: { max: 6, timeWindowMs: 60_000 },
          projectCacheMs: 500,
        })
        app.addHook('onSend', async (_request, reply) => {
          reply.header('x-test-instance', name)
        })
        const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }))
        addresses.push({ host: url.hostname, port: Number(url.port) })
        apps.push(app)
        repositories.push(repository)
        limitStores.push(limitStore)
      }
      proxy = await startTcpProxy(addresses)
      base = `http://127.0.0.1:${proxy.address.port}`
    })
    afterAll(async () => {
      await proxy.close()
      for (const app of apps) await app.close()
      for (const store of limitStores) await store.close()
      for (const repository of repositories) await repository.close()
      // Counters of this client live on in Redis until their window ends; other runs use other keys.
      await cleanup()
    })

    it('when an origin is added through one database, then every instance allows it within the cache lifetime', async () => {
      const url = `${base}/appkit/v1/config?projectId=${demoProject.id}`
      const origin = { origin: 'https://late.example.com' }
      const before = [await get(url, origin), await get(url, origin)]
      expect(before.map((r) => r.allowOrigin)).toEqual([undefined, undefined])
      await addOrigins(repositories[0] as Repository, demoProject.id, ['https://late.example.com'])
      await new Promise((resolve) => setTimeout(resolve, 600))
      const after = [await get(url, origin), await get(url, origin)]
      expect(new Set(after.map((r) => r.instance))).toEqual(new Set(['A', 'B']))
      expect(after.map((r) => r.allowOrigin)).toEqual([
        'https://late.example.com',
        'https://late.example.com',
      ])
    })

    it('when one client goes over the limit on the pair, then it gets 429 whichever instance answers', async () => {
      // Four requests were counted by the previous test (the limit is per client across both).
      const answers = []
      for (let i = 0; i < 6; i++) answers.push(await get(`${base}/nope`))
      expect(answers.map((a) => a.status)).toEqual([404, 404, 429, 429, 429, 429])
      const limited = answers.filter((a) => a.status === 429)
      expect(new Set(limited.map((a) => a.instance))).toEqual(new Set(['A', 'B']))
    })
  },
)
