import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedRegistry } from './registry/seed.js'
import { createSqlRepository } from './storage/repository.js'
import { openSqliteDriver } from './storage/sqlite.js'
import type { Repository } from './storage/types.js'
import { backends, demoProject, openTestRepository, startTestServer } from './test/backends.js'
import { parseRaw, rawRequest } from './test/raw.js'

const wallets = `/getWallets?projectId=${demoProject.id}`

/** Checks every response shares, whatever route or failure produced it. */
function expectStandardHeaders(headers: Headers | Record<string, string>): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name])
  expect(get('x-content-type-options')).toBe('nosniff')
  expect(get('x-frame-options')).toBe('DENY')
  expect(get('referrer-policy')).toBe('no-referrer')
  expect(get('cache-control')).toBeTruthy()
  expect(get('content-security-policy')).toContain("default-src 'none'")
}

/** A repository that counts project lookups, to see which requests reach the database. */
function countingLookups(repository: Repository): { repository: Repository; lookups: () => number } {
  let count = 0
  return {
    repository: {
      ...repository,
      getProject: (id) => {
        count += 1
        return repository.getProject(id)
      },
    },
    lookups: () => count,
  }
}

describe.each(backends)('given a server on %s receiving hostile input', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer(backend)
  })
  afterAll(() => server.close())

  it.each(['Infinity', '1e309', '1e3', '0x10', '-1', '1.5', '+2', '%202', '99999999999999999999'])(
    'when page or entries is %s, then the answer is a 400 with the error body, never a 500',
    async (value) => {
      for (const name of ['page', 'entries']) {
        const response = await fetch(`${server.base}${wallets}&${name}=${value}`)
        expect(response.status, name).toBe(400)
        expect(await response.json()).toEqual({ error: 'invalid_request', message: expect.any(String) })
      }
    },
  )

  it.each([
    ['search', '%00'],
    ['search', 'a%00b'],
    ['search', '%1b%5b31m'],
    ['clientId', '%0aforged-log-line'],
    ['include', 'metamask%00'],
  ])('when %s carries the control character %s, then it is refused with a 400', async (name, value) => {
    const response = await fetch(`${server.base}${wallets}&${name}=${value}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'invalid_request', message: expect.any(String) })
  })

  it('when 300 wallet ids are featured in reverse order, then the page keeps that order and the count is exact', async () => {
    const all = await server.repository.queryWallets({ page: 1, entries: 100 })
    const ids = all.data.map((w) => w.id).reverse()
    const padded = [...ids, ...Array.from({ length: 300 - ids.length }, (_, i) => `missing-${i}`)]
    const response = await fetch(`${server.base}${wallets}&entries=5&include=${padded.join(',')}`)
    const body = (await response.json()) as { count: number; data: Array<{ id: string }> }
    expect(body.count).toBe(ids.length)
    expect(body.data.map((w) => w.id)).toEqual(ids.slice(0, 5))
  })

  it('when include, exclude, chains and search combine, then the filters all apply', async () => {
    const response = await fetch(
      `${server.base}${wallets}&include=metamask,rainbow,phantom,trust&exclude=rainbow&chains=solana&search=a`,
    )
    const body = (await response.json()) as { count: number; data: Array<{ id: string }> }
    expect(body.data.map((w) => w.id)).toEqual(['phantom', 'trust'])
  })

  it.each([
    ['a JSON answer', wallets, 200],
    ['a validation error', `${wallets}&entries=x`, 400],
    ['an unknown project', '/getWallets?projectId=nobody', 403],
    ['an unknown route', '/nope', 404],
    ['a malformed percent-encoding', '/%E0%A4%A', 400],
    ['an over-long path segment', `/getWalletImage/${'a'.repeat(300)}`, 414],
  ])(
    'when the answer is %s, then it carries the security and cache headers and the error body',
    async (_, path, status) => {
      const response = await fetch(`${server.base}${path}`)
      expect(response.status).toBe(status)
      expectStandardHeaders(response.headers)
      const body = (await response.json()) as Record<string, unknown>
      if (status !== 200) expect(Object.keys(body).sort()).toEqual(['error', 'message'])
    },
  )

  it.each([
    [
      'headers over the size limit',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a URL over the size limit', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['something that is not HTTP', 'HELLO THERE\r\n\r\n', 400],
  ])(
    'when Node refuses %s, then the answer still has the error body and headers',
    async (_, text, status) => {
      const answer = parseRaw(await rawRequest(server.base, text))
      expect(answer.status).toBe(status)
      expectStandardHeaders(answer.headers)
      expect(Object.keys(JSON.parse(answer.body) as object).sort()).toEqual(['error', 'message'])
    },
  )
})

describe.each(backends)('given a server on %s limited to 3 requests per client', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let counted: ReturnType<typeof countingLookups>
  beforeAll(async () => {
    const db = await openTestRepository(backend)
    await db.repository.createProject(demoProject)
    counted = countingLookups(db.repository)
    const { createServer } = await import('./app.js')
    const app = await createServer({
      repository: counted.repository,
      logger: false,
      projectCacheMs: 0,
      rateLimit: { max: 3, timeWindowMs: 60_000 },
      trustProxy: 1,
    })
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    server = {
      base,
      repository: db.repository,
      close: async () => {
        await app.close()
        await db.cleanup()
      },
    }
  })
  afterAll(() => server.close())

  it('when a client behind one proxy writes a new left-most X-Forwarded-For each time, then it is still limited by the address the proxy appended', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.base}/nope`, {
        headers: { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` },
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429])
    // Another real client (another right-most entry) is not affected.
    const other = await fetch(`${server.base}/nope`, {
      headers: { 'x-forwarded-for': '198.51.100.7, 198.51.100.8' },
    })
    expect(other.status).toBe(404)
  })

  it('when a limited client sends a CORS request or a preflight, then it gets 429 before any project lookup', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.20', origin: 'https://app.example.com' }
    for (let i = 0; i < 3; i++)
      await fetch(`${server.base}/appkit/v1/config?projectId=${demoProject.id}`, { headers })
    const before = counted.lookups()
    const limited = await fetch(`${server.base}/appkit/v1/config?projectId=${demoProject.id}`, { headers })
    const preflight = await fetch(`${server.base}/appkit/v1/config?projectId=${demoProject.id}`, {
      method: 'OPTIONS',
      headers: { ...headers, 'access-control-request-method': 'GET' },
    })
    expect([limited.status, preflight.status]).toEqual([429, 429])
    expect(counted.lookups()).toBe(before)
    expect(await limited.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringContaining('limit 3'),
    })
    expectStandardHeaders(limited.headers)
  })
})

describe.each(backends)('given a server on %s with the project lookup cache', (backend) => {
  let counted: ReturnType<typeof countingLookups>
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const db = await openTestRepository(backend)
    await db.repository.createProject(demoProject)
    counted = countingLookups(db.repository)
    const { createServer } = await import('./app.js')
    const app = await createServer({ repository: counted.repository, logger: false, projectCacheMs: 300 })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
    close = async () => {
      await app.close()
      await db.cleanup()
    }
  })
  afterAll(() => close())

  it('when requests repeat, then the project is looked up once per lifetime, and a change shows after it', async () => {
    const origins = async () =>
      (
        (await (await fetch(`${base}/projects/v1/origins?projectId=${demoProject.id}`)).json()) as {
          allowedOrigins: string[]
        }
      ).allowedOrigins
    const before = counted.lookups()
    await origins()
    await origins()
    await origins()
    expect(counted.lookups() - before).toBe(1)
    await counted.repository.updateProject(demoProject.id, { allowedOrigins: ['https://new.example.com'] })
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(await origins()).toEqual(['https://new.example.com'])
  })
})

describe('given the SQLite driver under 2,000 distinct include/exclude combinations', () => {
  it('then its statement cache stays at a handful of fixed shapes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-shapes-'))
    const driver = openSqliteDriver(join(dir, 'db.sqlite'))
    const repository = createSqlRepository(driver)
    try {
      await repository.migrate()
      await seedRegistry(repository)
      const before = driver.cachedStatements()
      for (let i = 1; i <= 1_000; i++) {
        const ids = Array.from({ length: i % 97 }, (_, n) => `w${n}`)
        await repository.queryWallets({ page: 1, entries: 4, include: ['metamask', ...ids] })
        await repository.queryWallets({
          page: 2,
          entries: 40,
          exclude: ['rainbow', ...ids],
          namespaces: ['eip155'],
        })
      }
      // Two shapes each for the page and the count, whatever the list lengths.
      expect(driver.cachedStatements() - before).toBeLessThanOrEqual(4)
    } finally {
      await repository.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('given a server whose limit store fails', () => {
  it('then requests are still served, and the failure is logged', async () => {
    const db = await openTestRepository('sqlite')
    await db.repository.createProject(demoProject)
    const lines: string[] = []
    const { Writable } = await import('node:stream')
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const { createServer } = await import('./app.js')
    const app = await createServer({
      repository: db.repository,
      logger: { level: 'warn', stream },
      limitStore: {
        kind: 'redis',
        increment: () => Promise.reject(new Error('Redis is unreachable')),
        put: () => Promise.reject(new Error('unused')),
        consume: () => Promise.reject(new Error('unused')),
        close: async () => undefined,
      },
    })
    try {
      const response = await app.inject(`/projects/v1/origins?projectId=${demoProject.id}`)
      expect(response.statusCode).toBe(200)
      expect(lines.join('')).toContain('rate limit store failed; request served')
    } finally {
      await app.close()
      await db.cleanup()
    }
  })
})
