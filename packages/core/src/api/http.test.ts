import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpStatusError } from '../errors/data.js'
import { createHttpClient } from './http.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'

let server: Server
let base: string
const seen: { method: string; url: URL; body: string }[] = []

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
    if (url.pathname === '/fail') return void response.writeHead(503).end('{"error":"unavailable"}')
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
    const api = createHttpClient({ baseUrl: base, projectId: 'p-1' })
    const error = await api.get('/fail').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).shortMessage).toBe('HTTP status code: 503')
    expect((error as HttpStatusError).status).toBe(503)
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
