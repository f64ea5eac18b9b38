import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from './app.js'
import { seedRegistry } from './registry/seed.js'
import { backends, demoProject, openTestRepository } from './test/backends.js'
import { parseRaw, rawRequest } from './test/raw.js'

// A full collection between measurements, so "stable memory" compares live data, not garbage.
setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void

const runs = 5_000 // per round; two rounds per backend
const printable = /^[\x20-\x7e]{0,120}$/

const route = fc.constantFrom(
  '/getWallets',
  '/getWallets',
  '/getWallets',
  '/appkit/v1/config',
  '/projects/v1/origins',
  '/getAnalyticsConfig',
  '/getWalletImage/',
  '/public/getAssetImage/',
  '/public/getCurrencyImage/',
  '/public/getTokenImage/',
  '/healthz',
  '/',
  '/nope',
  '//getWallets',
  '/getWallets/',
  '/getWallets/../healthz',
)
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    '1e309',
    'NaN',
    '-0',
    '0x10',
    '1e3',
    '__proto__',
    'constructor',
    '[]',
    '{"a":1}',
    '\u0000',
    '\u202e',
    ',,,',
    'metamask,rainbow,metamask',
    "' OR 1=1 --",
    '%',
    'a'.repeat(9_000),
    'x,'.repeat(4_000),
    demoProject.id,
  ),
  fc.integer().map(String),
  fc.double().map(String),
)
const name = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'projectId',
      'page',
      'entries',
      'search',
      'badge_type',
      'include',
      'exclude',
      'chains',
      'st',
      'sv',
      'clientId',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'projectId[]', ''),
      fc.string({ maxLength: 10 }),
    ),
  },
)
// Mostly well-encoded, sometimes broken percent-encoding spliced in.
const brokenEscape = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%80', '%FF', '%%', '%2', '%0a', '%7f')
const value = fc.oneof(
  { weight: 4, arbitrary: hostile.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.tuple(hostile, brokenEscape).map(([v, e]) => `${encodeURIComponent(v)}${e}`) },
)
const header = fc.stringMatching(printable)

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE'),
  route,
  segment: value,
  // Real project ids often, so requests also reach the database.
  projectId: fc.option(fc.oneof(fc.constant(demoProject.id), value), { nil: undefined }),
  params: fc.array(fc.tuple(name, value), { maxLength: 6 }),
  origin: fc.option(
    fc.oneof(fc.constantFrom('https://app.example.com', 'null', 'http://localhost:5173'), header),
    {
      nil: undefined,
    },
  ),
  requestId: fc.option(header, { nil: undefined }),
  body: fc.option(fc.oneof(header, fc.constant('{"broken":')), { nil: undefined }),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'x/y'),
})

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never

function toInject(r: Generated) {
  const path = r.route.endsWith('/') && r.route.length > 1 ? `${r.route}${r.segment}` : r.route
  const query = [
    ...(r.projectId === undefined ? [] : [`projectId=${r.projectId}`]),
    ...r.params.map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
  ].join('&')
  const headers: Record<string, string> = {}
  if (r.origin !== undefined) headers.origin = r.origin
  if (r.requestId !== undefined) headers['x-request-id'] = r.requestId
  if (r.method === 'OPTIONS') headers['access-control-request-method'] = 'GET'
  const hasBody = r.body !== undefined && !['GET', 'HEAD', 'OPTIONS'].includes(r.method)
  if (hasBody) headers['content-type'] = r.contentType
  return {
    method: r.method as 'GET',
    url: query ? `${path}?${query}` : path,
    headers,
    ...(hasBody ? { payload: r.body } : {}),
  }
}

async function answer(app: FastifyInstance, r: Generated): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within 5 s: ${JSON.stringify(toInject(r)).slice(0, 300)}`)),
      5_000,
    )
  })
  try {
    const response = await Promise.race([app.inject(toInject(r)), hang])
    return response.statusCode
  } finally {
    clearTimeout(timer)
  }
}

describe.each(backends)('given a server on %s and generated malformed requests', (backend) => {
  let app: FastifyInstance
  let cleanup: () => Promise<void>
  const statuses = new Map<number, number>()
  beforeAll(async () => {
    const db = await openTestRepository(backend)
    await seedRegistry(db.repository)
    await db.repository.createProject({ ...demoProject, allowLocalhost: true })
    app = await createServer({ repository: db.repository, logger: false, rateLimit: false })
    cleanup = async () => {
      await app.close()
      await db.cleanup()
    }
  })
  afterAll(() => cleanup())

  it(`when ${2 * runs} requests are sent, then none gets a 5xx or hangs, and memory stays level`, async () => {
    const round = () =>
      fc.assert(
        fc.asyncProperty(request, async (r) => {
          const status = await answer(app, r)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          return status < 500
        }),
        { numRuns: runs },
      )
    await round()
    gc()
    const afterFirst = process.memoryUsage().heapUsed
    await round()
    gc()
    const growth = process.memoryUsage().heapUsed - afterFirst
    // The second round of different inputs must not keep anything the first did not.
    expect(growth).toBeLessThan(16 * 1024 * 1024)
    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    expect(total).toBe(2 * runs)
    // The generator reaches the handlers, not only the validators.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(runs / 10)
    expect(statuses.get(400) ?? 0).toBeGreaterThan(runs / 10)
  }, 240_000)
})

describe('given a listening server and generated bytes that are not valid HTTP', () => {
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const db = await openTestRepository('sqlite')
    const app = await createServer({ repository: db.repository, logger: false, rateLimit: false })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
    close = async () => {
      await app.close()
      await db.cleanup()
    }
  })
  afterAll(() => close())

  it('when 200 of them arrive on sockets, then each is answered (never 5xx) or closed, within 5 s', async () => {
    const garbage = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }).map((s) => `${s}\r\n\r\n`),
      fc
        .tuple(fc.stringMatching(/^[A-Z]{1,8}$/), fc.string({ unit: 'binary', maxLength: 80 }))
        .map(([m, p]) => `${m} /${p} HTTP/1.1\r\nHost: x\r\n\r\n`),
      fc
        .string({ unit: 'binary', maxLength: 80 })
        .map((h) => `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ${h}\r\n\r\n`),
      fc.constant('GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
      fc.constant('GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'),
    )
    await fc.assert(
      fc.asyncProperty(garbage, async (bytes) => {
        const answer = await rawRequest(base, bytes, 5_000)
        if (answer === '') return true
        const { status } = parseRaw(answer)
        return status < 500
      }),
      { numRuns: 200 },
    )
  }, 120_000)
})
