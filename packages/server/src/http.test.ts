import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from './test/backends.js'

describe.each(backends)('given a server on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, { headers })

  beforeAll(async () => {
    server = await startTestServer(backend)
  })
  afterAll(() => server.close())

  describe('when an image is requested', () => {
    it.each([
      ['/getWalletImage/metamask', 'logo'],
      ['/getWalletImage/brave', 'M16 32c8.837'],
      ['/public/getAssetImage/eip155:1', 'logo'],
      ['/public/getCurrencyImage/USD', '>UD</text>'],
      ['/public/getTokenImage/USDC', 'logo'],
    ])('then %s is an SVG (brand logo or initials) with cache headers', async (path, expected) => {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
      expect(response.headers.get('etag')).toMatch(/^".+"$/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const svg = await response.text()
      expect(svg).toMatch(/^<svg /)
      if (expected === 'logo') expect(svg).toContain('class="web3icons"')
      else expect(svg).toContain(expected)
    })

    it('then asking again with the ETag answers 304 without a body', async () => {
      const first = await get('/getWalletImage/rainbow')
      const etag = first.headers.get('etag') ?? ''
      const again = await get('/getWalletImage/rainbow', { 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    })

    it.each([
      '/getWalletImage/no-such-wallet',
      '/public/getAssetImage/eip155:999999',
      '/public/getCurrencyImage/XYZ',
      '/public/getTokenImage/metamask',
    ])('then the unknown id %s is a 404 with a message', async (path) => {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found', message: expect.stringContaining('image') })
    })

    it('then an id with markup is refused before any lookup', async () => {
      const response = await get(`/getWalletImage/${encodeURIComponent('<script>')}`)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toBe(
        'Path parameter id has an invalid format',
      )
    })
  })

  describe('when the project id is missing or unknown', () => {
    it('then a missing projectId is a 400 that says it is required', async () => {
      const response = await get('/appkit/v1/config?st=appkit&sv=1.0.0')
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'missing_project_id',
        message: expect.stringContaining('projectId is required'),
      })
    })

    it.each(['/appkit/v1/config', '/projects/v1/origins', '/getWallets', '/getAnalyticsConfig'])(
      'then an unknown projectId on %s is a 403 naming the project',
      async (path) => {
        const response = await get(`${path}?projectId=not-registered`)
        expect(response.status).toBe(403)
        expect(await response.json()).toEqual({
          error: 'unknown_project',
          message: expect.stringContaining('Project "not-registered" is not registered'),
        })
      },
    )
  })

  describe('when the query is malformed', () => {
    it.each([
      ['entries=500', 'Query parameter entries must be <= 100'],
      ['page=0', 'Query parameter page must be >= 1'],
      ['page=two', 'Query parameter page must be a whole number'],
      ['badge_type=gold', 'Query parameter badge_type must be one of: certified, none'],
      ['include=a%20b', 'Query parameter include has an invalid format'],
      ['chains=EIP155!', 'Query parameter chains has an invalid format'],
      [`search=${'x'.repeat(101)}`, 'Query parameter search must NOT have more than 100 characters'],
    ])('then %s is a 400 with the message "%s"', async (query, message) => {
      const response = await get(`/getWallets?projectId=${demoProject.id}&${query}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: 'invalid_request', message })
    })

    it('then an unknown route is a 404 in the same shape', async () => {
      const response = await get('/nope')
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found', message: 'No route GET /nope' })
    })
  })

  describe('when a browser calls from an origin', () => {
    const path = `/appkit/v1/config?projectId=${demoProject.id}`

    it('then an allowed exact origin is echoed in Access-Control-Allow-Origin', async () => {
      const response = await get(path, { origin: 'https://app.example.com' })
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
      expect(response.headers.get('vary')).toMatch(/Origin/i)
    })

    it('then an origin matching a wildcard pattern is allowed', async () => {
      const response = await get(path, { origin: 'https://pr-12.preview.example.com' })
      expect(response.headers.get('access-control-allow-origin')).toBe('https://pr-12.preview.example.com')
    })

    it.each([
      'https://evil.example',
      'http://app.example.com',
      'https://preview.example.com',
      'http://localhost:5173',
    ])('then the refused origin %s gets no CORS grant', async (origin) => {
      const response = await get(path, { origin })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('then a development project also allows http://localhost on any port', async () => {
      await server.repository.updateProject(demoProject.id, { allowLocalhost: true })
      const response = await get(path, { origin: 'http://localhost:5173' })
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      const origins = await (await get(`/projects/v1/origins?projectId=${demoProject.id}`)).json()
      expect(origins).toEqual({
        allowedOrigins: [...demoProject.allowedOrigins, 'http://localhost:*', 'http://127.0.0.1:*'],
      })
      await server.repository.updateProject(demoProject.id, { allowLocalhost: false })
    })

    it('then a preflight from an allowed origin is granted and one from a refused origin is not', async () => {
      const preflight = (origin: string) =>
        fetch(`${server.base}${path}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET' },
        })
      expect((await preflight('https://app.example.com')).headers.get('access-control-allow-origin')).toBe(
        'https://app.example.com',
      )
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    })

    it('then images may be read from any origin', async () => {
      const response = await get('/getWalletImage/metamask', { origin: 'https://anyone.example' })
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    })
  })

  describe('when the health check is called', () => {
    it('then it reports the database kind and the registry size', async () => {
      const response = await get('/healthz')
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok', database: backend, wallets: expect.any(Number) })
    })
  })

  describe('when a request carries a request id', () => {
    it('then a well-formed id is echoed and a missing one is generated', async () => {
      const given = await get('/healthz', { 'x-request-id': 'trace-1234abcd' })
      expect(given.headers.get('x-request-id')).toBe('trace-1234abcd')
      const generated = await get('/healthz', { 'x-request-id': 'bad id <x>' })
      expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    })
  })
})

describe.each(backends)('given a server on %s limited to 5 requests per client per minute', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer(backend, { rateLimit: { max: 5, timeWindowMs: 60_000 } })
  })
  afterAll(() => server.close())

  it('when a client makes a 6th request, then it gets 429 with Retry-After and a message', async () => {
    const url = `${server.base}/getWallets?projectId=${demoProject.id}&entries=1`
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await fetch(url)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    const limited = await fetch(url)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringContaining('Too many requests'),
    })
  })

  it('when the client is limited, then the health check still answers', async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
  })
})
