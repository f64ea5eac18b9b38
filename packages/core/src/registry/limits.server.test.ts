// The kit's registry reader against a local HTTP server that sends hostile pages.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient, ResponseTooLargeError } from '../api/http.js'
import { SchemaError } from '../schema/schema.js'
import { serverSource } from './sources.js'

let server: Server
let base: string

const wallet = (i: number) => ({
  id: `w${i}`,
  name: `Wallet ${i}`,
  chains: ['eip155'],
  mobile_link: 'https://w.example',
})

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const mode = url.searchParams.get('search')
    const page = Number(url.searchParams.get('page'))
    response.setHeader('content-type', 'application/json')
    if (mode === 'huge-count') return void response.end(JSON.stringify({ count: 1e300, data: [wallet(1)] }))
    if (mode === 'endless') {
      // Claims a large registry but runs out of wallets on page 3.
      const data = page < 3 ? Array.from({ length: 40 }, (_, i) => wallet(page * 100 + i)) : [wallet(999)]
      return void response.end(JSON.stringify({ count: 90_000, data }))
    }
    if (mode === 'big') {
      response.write('{"count":1,"data":[')
      const chunk = `${JSON.stringify(wallet(1))},`.repeat(1_000)
      let sent = 0
      const pump = () => {
        while (sent < 50_000_000) {
          sent += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end(`${JSON.stringify(wallet(2))}]}`)
      }
      response.on('error', () => undefined)
      return pump()
    }
    response.end(JSON.stringify({ count: 1, data: [wallet(1)] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const source = () =>
  serverSource(createHttpClient({ baseUrl: base, projectId: 'p', retries: 0 }), {
    apiUrl: base,
    projectId: 'p',
  })

describe('given a registry server that sends hostile pages', () => {
  it('when the count is 1e300, then the page is refused as malformed', async () => {
    await expect(source()({ page: 1, entries: 40, search: 'huge-count' })).rejects.toBeInstanceOf(SchemaError)
  })

  it('when a page streams 50 MB, then reading stops at 256 KiB and the page is refused', async () => {
    const error = await source()({ page: 1, entries: 40, search: 'big' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as ResponseTooLargeError).limit).toBe(262_144)
  })

  it('when it claims 90,000 wallets but a page comes back short, then the count ends there and paging stops', async () => {
    const read = source()
    expect((await read({ page: 1, entries: 40, search: 'endless' })).count).toBe(90_000)
    const last = await read({ page: 3, entries: 40, search: 'endless' })
    expect(last.count).toBe(81)
    expect(last.data).toHaveLength(1)
  })
})
