import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * How a fake price source answers: as the real API does, or as it fails ('garbage': not JSON;
 * 'not-a-number': prices as strings; 'slow': after `slowMs`; 'down': 503).
 */
export type FakePriceSourceMode = 'ok' | 'garbage' | 'not-a-number' | 'slow' | 'down'

/** A running fake price source. */
export interface FakePriceSource {
  /** The API's base URL, as an operator gives it to `latch-server project set-prices --url`. */
  url: string
  /** USD prices by coin id (`ethereum`, `solana`); tests may change them. */
  coins: Record<string, number>
  /** USD prices by asset platform (`ethereum`, `base`) and contract address (any case). */
  tokens: Record<string, Record<string, number>>
  mode: FakePriceSourceMode
  /** How long 'slow' waits before answering. */
  slowMs: number
  /** The URLs asked, path and query (never the key: it comes in a header). */
  requests: string[]
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const list = (value: string | null) => (value ?? '').split(',').filter((entry) => entry.length > 0)

/**
 * A fake CoinGecko-shaped price API on loopback, in the documented shapes:
 * `GET {url}/simple/price?ids=ethereum&vs_currencies=usd` → `{ "ethereum": { "usd": 2500 } }` and
 * `GET {url}/simple/token_price/{platform}?contract_addresses=0x…&vs_currencies=usd` →
 * `{ "0x…": { "usd": 1 } }` (addresses in lower case). Unknown ids are left out, as the real API
 * does. With `apiKey`, a request without it in `x-cg-demo-api-key` or `x-cg-pro-api-key` gets 401.
 *
 * @example
 * const prices = await startFakePriceSource({ coins: { ethereum: 2500 } })
 */
export async function startFakePriceSource(
  options: {
    coins?: Record<string, number>
    tokens?: Record<string, Record<string, number>>
    apiKey?: string
  } = {},
): Promise<FakePriceSource> {
  const fake: FakePriceSource = {
    url: '',
    coins: options.coins ?? {},
    tokens: options.tokens ?? {},
    mode: 'ok',
    slowMs: 5_000,
    requests: [],
    close: async () => {},
  }
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const key = request.headers['x-cg-demo-api-key'] ?? request.headers['x-cg-pro-api-key']
    if (options.apiKey !== undefined && key !== options.apiKey)
      return send(response, 401, { status: { error_code: 401, error_message: 'Invalid API key' } })
    const currencies = list(url.searchParams.get('vs_currencies')).map((c) => c.toLowerCase())
    const priced = (usd: number | undefined) => {
      if (usd === undefined) return undefined
      const value = fake.mode === 'not-a-number' ? String(usd) : usd
      return Object.fromEntries(currencies.filter((c) => c === 'usd').map((c) => [c, value]))
    }
    const entries = (keys: string[], lookup: (key: string) => number | undefined) =>
      Object.fromEntries(
        keys.flatMap((key) => {
          const entry = priced(lookup(key))
          return entry === undefined ? [] : [[key, entry]]
        }),
      )
    if (url.pathname === '/simple/price')
      return send(
        response,
        200,
        entries(list(url.searchParams.get('ids')), (id) => fake.coins[id]),
      )
    const platform = /^\/simple\/token_price\/([a-z0-9-]+)$/.exec(url.pathname)?.[1]
    if (platform !== undefined) {
      const byAddress = new Map(
        Object.entries(fake.tokens[platform] ?? {}).map(([address, usd]) => [address.toLowerCase(), usd]),
      )
      const asked = list(url.searchParams.get('contract_addresses')).map((a) => a.toLowerCase())
      return send(
        response,
        200,
        entries(asked, (address) => byAddress.get(address)),
      )
    }
    send(response, 404, { error: 'Not found' })
  }
  const server = createServer((request, response) => {
    fake.requests.push(request.url ?? '/')
    if (fake.mode === 'down') return send(response, 503, { error: 'Service Unavailable' })
    if (fake.mode === 'garbage')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>')
    if (fake.mode === 'slow') return void setTimeout(() => answer(request, response), fake.slowMs)
    answer(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}
