import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../test/backends.js'
import { parseFetchPolicy, resolveFetchUrl } from './nft-fetch.js'
import { createImageCache } from './nft-image.js'
import { readMetadata } from './nft-metadata.js'

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
)
const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'

// A host that answers every way an NFT host could go wrong, and a few right ones.
let hostile: Server
let host: string
let hits = 0
beforeAll(async () => {
  hostile = createServer((request, response) => {
    hits++
    const path = request.url ?? '/'
    if (path === '/ok.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png)
    else if (path === `/ipfs/${cid}/1.png`) response.writeHead(200, { 'content-type': 'image/png' }).end(png)
    else if (path === '/huge.png') {
      // No content-length: the size bound must hold while reading.
      response.writeHead(200, { 'content-type': 'image/png' })
      response.write(png)
      const mb = Buffer.alloc(1024 * 1024)
      let sent = 0
      const more = () => {
        while (sent < 8 && response.write(mb)) sent++
        if (sent < 8) response.once('drain', more)
        else response.end()
      }
      more()
    } else if (path === '/declared-huge.png')
      response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) })
        .end()
    else if (path === '/script.svg')
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    else if (path === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>x</script>')
    // Says PNG, is HTML: the bytes decide.
    else if (path === '/liar.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>x')
    else if (path === '/redirect.png')
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end()
    else if (path === '/slow.png') setTimeout(() => response.writeHead(200).end(png), 3_000)
    else if (path === '/meta.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: 'A\u0000<b>bold</b>\n name',
          image: 'javascript:alert(1)',
          image_url: `http://${host}/ok.png`,
        }),
      )
    else if (path === '/huge.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"name":"${'x'.repeat(100_000)}"}`)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(hostile.address() as AddressInfo).port}`
})
afterAll(() => hostile?.close())

describe('given the image route with one allowed host and that host as the IPFS gateway', () => {
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ base, close } = await startTestServer('sqlite', {
      account: {
        nfts: {
          metadataHosts: [host],
          ipfsGateway: `http://${host}`,
          fetchTimeoutMs: 1_000,
          maxImageBytes: 1024 * 1024,
        },
      },
    }))
  }, 60_000)
  afterAll(() => close?.())

  const image = (url: string) => fetch(`${base}/account/v1/nft-image?${new URLSearchParams({ url })}`)

  it('when the image is a PNG, then it is passed on as an image that runs nothing, and kept for the next ask', async () => {
    const first = await image(`http://${host}/ok.png`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true)
    const before = hits
    expect((await image(`http://${host}/ok.png`)).status).toBe(200)
    expect(hits).toBe(before)
    expect((await image(`ipfs://${cid}/1.png`)).status).toBe(200)
  })

  it.each([
    ['an SVG with script', '/script.svg', 'not a raster image (image/svg+xml)'],
    ['an HTML page', '/page.html', 'not a raster image (text/html)'],
    ['HTML that says it is a PNG', '/liar.png', 'not a raster image (image/png)'],
    ['8 MiB streamed without a length', '/huge.png', 'larger than 1048576 bytes'],
    ['a declared 50 MiB', '/declared-huge.png', 'larger than 1048576 bytes'],
    ['a redirect to a private address', '/redirect.png', 'answered 302'],
    ['a host that does not answer in time', '/slow.png', 'unreachable'],
  ])('when the host serves %s, then 502 and nothing of it is passed on', async (_, path, reason) => {
    const response = await image(`http://${host}${path}`)
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toContain('application/json')
    const body = (await response.json()) as { error: string; message: string }
    expect(body.error).toBe('image_unavailable')
    expect(body.message).toContain(reason)
  })

  it('when the URL is not an allowed host, a javascript: or data: URL, then it is refused before any request', async () => {
    const before = hits
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      `http://user:pass@${host}/ok.png`,
      'javascript:alert(1)',
      `data:image/png;base64,${png.toString('base64')}`,
      'file:///etc/passwd',
      'ipfs://not-a-cid',
    ]) {
      const response = await image(url)
      expect(response.status).toBe(502)
      expect(((await response.json()) as { message: string }).message).toContain('not an allowed image URL')
    }
    expect(hits).toBe(before)
    expect((await fetch(`${base}/account/v1/nft-image?url=${'a'.repeat(3000)}`)).status).toBe(400)
  })
})

describe('given the image route behind the rate limit', () => {
  it('when one client asks past its limit, then 429 and the host is not asked again', async () => {
    const { base, close } = await startTestServer('sqlite', {
      rateLimit: { max: 2, timeWindowMs: 60_000 },
      account: { nfts: { metadataHosts: [host] } },
    })
    try {
      const url = `${base}/account/v1/nft-image?${new URLSearchParams({ url: `http://${host}/page.html` })}`
      expect((await fetch(url)).status).toBe(502)
      expect((await fetch(url)).status).toBe(502)
      const before = hits
      expect((await fetch(url)).status).toBe(429)
      expect(hits).toBe(before)
    } finally {
      await close()
    }
  })
})

describe('given metadata from outside', () => {
  const policy = () => parseFetchPolicy({ metadataHosts: [host], fetchTimeoutMs: 1_000 })
  it('then text is plain and bounded, and only an image the route may fetch is kept', async () => {
    expect(await readMetadata(`http://${host}/meta.json`, policy())).toEqual({
      name: 'A <b>bold</b> name',
      image: `http://${host}/ok.png`,
    })
  })

  it('then a huge document, an HTML page, a redirect or an unknown host give no metadata', async () => {
    for (const path of ['/huge.json', '/page.html', '/redirect.png'])
      expect(await readMetadata(`http://${host}${path}`, policy())).toEqual({})
    expect(await readMetadata('https://example.com/1.json', policy())).toEqual({})
  })

  it('then inline data: JSON is read, in plain or base64 form', async () => {
    const json = JSON.stringify({ name: 'On chain', image: `http://${host}/ok.png` })
    expect(await readMetadata(`data:application/json,${encodeURIComponent(json)}`, policy())).toEqual({
      name: 'On chain',
      image: `http://${host}/ok.png`,
    })
    expect(
      await readMetadata(`data:application/json;base64,${Buffer.from(json).toString('base64')}`, policy()),
    ).toMatchObject({ name: 'On chain' })
    expect(await readMetadata('data:text/html,<script>x</script>', policy())).toEqual({})
  })

  it('then the operator settings are checked, and ipfs:// is fetched only with a gateway', () => {
    expect(() => parseFetchPolicy({ metadataHosts: ['Example.com/x'] })).toThrow(
      'account.nfts.metadataHosts[0]',
    )
    expect(() => parseFetchPolicy({ ipfsGateway: 'ftp://gw' })).toThrow('account.nfts.ipfsGateway')
    expect(resolveFetchUrl(`ipfs://${cid}/1.json`, parseFetchPolicy({}))).toBeUndefined()
    // A path may not climb out of its CID on the gateway.
    const gateway = parseFetchPolicy({ ipfsGateway: 'https://gw.example/base' })
    expect(resolveFetchUrl(`ipfs://${cid}/../../admin`, gateway)).toBeUndefined()
    expect(resolveFetchUrl(`ipfs://${cid}/%2e%2e/admin`, gateway)).toBeUndefined()
    expect(resolveFetchUrl(`ipfs://${cid}/a/./b`, gateway)).toBeUndefined()
    expect(
      resolveFetchUrl(`ipfs://${cid}/1.json`, parseFetchPolicy({ ipfsGateway: 'https://gw.example/' }))?.href,
    ).toBe(`https://gw.example/ipfs/${cid}/1.json`)
  })
})

describe('given the image cache', () => {
  it('then it holds at most its bytes, dropping the least recently used first', () => {
    const cache = createImageCache(100)
    const entry = (size: number) => ({ contentType: 'image/png', body: Buffer.alloc(size) })
    cache.set('a', entry(40))
    cache.set('b', entry(40))
    cache.get('a')
    cache.set('c', entry(40))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.size).toBe(80)
    cache.set('huge', entry(101))
    expect(cache.get('huge')).toBeUndefined()
  })
})
