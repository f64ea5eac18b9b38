import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HttpStatusError } from '../errors/data.js'
import { createHttpClient, ResponseTooLargeError, retryAfterMs } from './http.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'

let server: Server
let base: string
const seen: { method: string; url: URL; body: string }[] = []
/** Attempts per `key` query value, for the retry tests. */
const attempts = new Map<string, number>()

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
  })
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const body = await readBody(request)
    seen.push({ method: request.method ?? '', url, body })
    const key = url.searchParams.get('key') ?? ''
    const attempt = (attempts.get(key) ?? 0) + 1
    attempts.set(key, attempt)
    const failures = Number(url.searchParams.get('fail') ?? 0)
    if (url.pathname === '/flaky' && attempt <= failures) {
      const status = Number(url.searchParams.get('status'))
      if (status === 0) return void request.socket.destroy()
      const retryAfter = url.searchParams.get('retryAfter')
      return void response.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {}).end('{}')
    }
    if (url.pathname === '/big') {
      const size = Number(url.searchParams.get('size'))
      if (url.searchParams.get('chunked') === '1') {
        response.writeHead(200, { 'content-type': 'application/json' })
        const chunk = 'x'.repeat(65_536)
        let sent = 0
        const pump = () => {
          while (sent < size) {
            sent += chunk.length
            if (!response.write(chunk)) return void response.once('drain', pump)
          }
          response.end()
        }
        response.on('error', () => undefined)
        return pump()
      }
      return void response
        .writeHead(200, { 'content-type': 'application/json', 'content-length': String(size + 2) })
        .end(`"${'x'.repeat(size)}"`)
    }
    if (url.pathname === '/fail') return void response.writeHead(503).end('{"error":"unavailable"}')
    if (url.pathname === '/refused')
      return void response
        .writeHead(422)
        .end('{"error":"no_route","message":"<b>No pool</b> for these tokens"}')
    if (url.pathname === '/slow') return void setTimeout(() => response.end('{}'), 2_000)
    if (url.pathname === '/image')
      return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>')
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ method: request.method, body: body ? JSON.parse(body) : null }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('given the API helper of a project', () => {
  it('when it calls a path, then the query carries projectId, st=latch, sv=<kit version> and the call params', async () => {
    const api = createHttpClient({ baseUrl: `${base}/`, projectId: 'p-1' })
    await api.get('/getWallets', { params: { page: 2, include: ['a', 'b'], exclude: [], search: undefined } })
    const query = seen.at(-1)?.url.searchParams
    expect(seen.at(-1)?.url.pathname).toBe('/getWallets')
    expect(Object.fromEntries(query ?? [])).toEqual({
      projectId: 'p-1',
      st: 'latch',
      sv: SDK_VERSION,
      page: '2',
      include: 'a,b',
    })
    expect(SDK_TYPE).toBe('latch')
  })

  it('then the sdk version it reports is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(SDK_VERSION).toBe(pkg.version)
  })

  it('when the answer is not OK, then it throws "HTTP status code: {status}"', async () => {
    const api = createHttpClient({ baseUrl: base, projectId: 'p-1', retries: 0 })
    const error = await api.get('/fail').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 503')
    expect((error as HttpStatusError).status).toBe(503)
  })

  it('when a refusal that is not retried says why, then its message is kept as text; a retried one keeps none', async () => {
    const api = createHttpClient({ baseUrl: base, retries: 0 })
    const refused = (await api.get('/refused').catch((caught: unknown) => caught)) as HttpStatusError
    expect(refused.status).toBe(422)
    expect(refused.serverMessage).toBe('<b>No pool</b> for these tokens')
    const failed = (await api.get('/fail').catch((caught: unknown) => caught)) as HttpStatusError
    expect(failed.serverMessage).toBeUndefined()
  })

  it('when the server is slower than the timeout, then the call is aborted', async () => {
    const api = createHttpClient({ baseUrl: base, timeoutMs: 100 })
    const started = Date.now()
    await expect(api.get('/slow')).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  it('when it posts, puts or deletes, then the JSON body arrives with the method', async () => {
    const api = createHttpClient({ baseUrl: base })
    expect(await api.post('/echo', { body: { a: 1 } })).toEqual({ method: 'POST', body: { a: 1 } })
    expect(await api.put('/echo', { body: ['x'] })).toEqual({ method: 'PUT', body: ['x'] })
    expect(await api.delete('/echo')).toEqual({ method: 'DELETE', body: null })
    expect(seen.at(-2)?.body).toBe('["x"]')
  })

  it('when it fetches a blob, then the bytes and type are the server’s', async () => {
    const blob = await createHttpClient({ baseUrl: base }).getBlob('/image')
    expect(blob.type).toBe('image/svg+xml')
    expect(await blob.text()).toBe('<svg/>')
  })

  it('when a fetch is injected, then every call goes through it', async () => {
    const urls: string[] = []
    const api = createHttpClient({
      baseUrl: base,
      fetch: (input, init) => {
        urls.push(String(input))
        return fetch(input, init)
      },
    })
    await api.get('/echo')
    expect(urls).toHaveLength(1)
    expect(urls[0]?.startsWith(`${base}/echo?`)).toBe(true)
  })
})

describe('given the API helper and a server that fails for a while (spec §7 retries)', () => {
  const client = () => createHttpClient({ baseUrl: base })

  it.each([403, 408, 413, 429, 500, 502, 503, 504])(
    'when it answers %i twice, then the third attempt succeeds after backoff of 150 and 300 ms',
    async (status) => {
      const key = `s${status}`
      const started = Date.now()
      expect(await client().get('/flaky', { params: { key, fail: 2, status } })).toMatchObject({
        method: 'GET',
      })
      expect(attempts.get(key)).toBe(3)
      expect(Date.now() - started).toBeGreaterThanOrEqual(440)
    },
  )

  it('when the connection drops without an answer, then it is retried too', async () => {
    expect(await client().get('/flaky', { params: { key: 'drop', fail: 2, status: 0 } })).toMatchObject({
      method: 'GET',
    })
    expect(attempts.get('drop')).toBe(3)
  })

  it('when it keeps failing, then it gives up after 3 retries with the last status', async () => {
    const error = await client()
      .get('/flaky', { params: { key: 'always', fail: 99, status: 502 } })
      .catch((caught: unknown) => caught)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 502')
    expect(attempts.get('always')).toBe(4)
  })

  it.each([400, 404, 401, 409])('when it answers %i, then it is not retried', async (status) => {
    const key = `n${status}`
    await expect(client().get('/flaky', { params: { key, fail: 99, status } })).rejects.toThrow(
      `HTTP status code: ${status}`,
    )
    expect(attempts.get(key)).toBe(1)
  })

  it('when it answers 429 with Retry-After: 1, then the retry waits that second', async () => {
    const started = Date.now()
    await client().get('/flaky', { params: { key: 'after', fail: 1, status: 429, retryAfter: '1' } })
    expect(attempts.get('after')).toBe(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('when Retry-After asks for an hour, then it fails at once instead of waiting', async () => {
    await expect(
      client().get('/flaky', { params: { key: 'hour', fail: 1, status: 503, retryAfter: '3600' } }),
    ).rejects.toThrow('HTTP status code: 503')
    expect(attempts.get('hour')).toBe(1)
  })

  it('when Retry-After is an HTTP date, then it is read as the time until then', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2_000)
    expect(retryAfterMs('7', now)).toBe(7_000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })

  it('when the caller aborts during the backoff, then no further attempt is made', async () => {
    const controller = new AbortController()
    const pending = createHttpClient({ baseUrl: base, retryDelayMs: 5_000 })
      .get('/flaky', { params: { key: 'abort', fail: 99, status: 503 }, signal: controller.signal })
      .catch((caught: unknown) => caught)
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort(new Error('left the page'))
    expect(((await pending) as Error).message).toBe('left the page')
    expect(attempts.get('abort')).toBe(1)
  })
})

describe('given the API helper and answers larger than it accepts', () => {
  it('when the declared length is over the limit, then it refuses without reading', async () => {
    const error = await createHttpClient({ baseUrl: base, maxResponseBytes: 1_000 })
      .get('/big', { params: { size: 5_000 } })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
  })

  it('when a body without a length streams 50 MB, then it stops at the limit', async () => {
    const error = await createHttpClient({ baseUrl: base })
      .get('/big', { params: { size: 50_000_000, chunked: 1 } })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as ResponseTooLargeError).limit).toBe(1_048_576)
  })

  it('when the answer fits, then it is read whole', async () => {
    expect(await createHttpClient({ baseUrl: base }).get('/big', { params: { size: 10 } })).toBe(
      'x'.repeat(10),
    )
  })
})

describe('given a page on another origin whose API request gets no answer', () => {
  it('then the console says once that CORS may have refused the origin, with the command that allows it', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost:5173' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const api = createHttpClient({ baseUrl: base, projectId: 'p-cors', retries: 0 })
      await expect(api.get('/flaky', { params: { key: 'cors1', fail: 9, status: 0 } })).rejects.toThrow()
      await expect(api.get('/flaky', { params: { key: 'cors2', fail: 9, status: 0 } })).rejects.toThrow()
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]?.[0])).toContain(
        'latch-server project add-origin p-cors http://localhost:5173',
      )
    } finally {
      warn.mockRestore()
      vi.unstubAllGlobals()
    }
  })
})
