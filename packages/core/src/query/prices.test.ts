import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch } from '../createLatch.js'
import { fiatValues } from '../rules/prices.js'
import type { TokenBalance } from '../rules/tokens.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { queryClientOf } from './client.js'
import { tokenPricesQueryOptions } from './prices.js'

const mainnet = network('eip155', 1, 'Ethereum')
const TOKEN = '0x1111111111111111111111111111111111111111'

// The price service over real HTTP: answers what the test sets, and keeps the requests.
let service: Server
let serviceUrl: string
let answer: { status: number; body: unknown }
let requests: URL[] = []
beforeAll(async () => {
  service = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://x'))
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
})
afterAll(() => service?.close())

const balance = (numeric: string, address?: string, price = 0): TokenBalance => ({
  name: 'T',
  symbol: 'T',
  chainId: 'eip155:1',
  ...(address ? { address } : {}),
  value: 0,
  price,
  quantity: { decimals: '6', numeric },
  iconUrl: '',
})
const eth = balance('2.5')
const ltt = balance('1234.5', `eip155:1:${TOKEN}`)

function fetchPrices(balances: TokenBalance[], apiUrl: string | null = serviceUrl) {
  requests = []
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [memoryAdapter('eip155', [mainnet]).adapter],
    storage: createMemoryStorage(),
    ...(apiUrl ? { apiUrl, projectId: 'p1' } : {}),
  })
  const options = tokenPricesQueryOptions(latch, { caipNetwork: mainnet, balances })
  return { options, result: () => queryClientOf(latch).fetchQuery(options) }
}

describe('given the price service of the app server', () => {
  it('then the native coin and tokens are asked in one request, and priced by their CAIP-10 address', async () => {
    answer = {
      status: 200,
      body: { currency: 'USD', prices: [{ price: 2500 }, { address: ltt.address, price: 1 }] },
    }
    const { result } = fetchPrices([eth, ltt])
    expect(await result()).toEqual({ currency: 'USD', prices: { native: 2500, [ltt.address!]: 1 } })
    expect(requests.map((r) => Object.fromEntries(r.searchParams))).toEqual([
      expect.objectContaining({ chainId: 'eip155:1', assets: `native,${TOKEN}`, projectId: 'p1' }),
    ])
  })

  it('then an answer in another shape is refused, so no value is shown', async () => {
    answer = { status: 200, body: { currency: 'USD', prices: [{ price: '2500' }] } }
    await expect(fetchPrices([eth]).result()).rejects.toThrow()
  })

  it('then without an app server, or with nothing to price, nothing is asked', () => {
    expect(fetchPrices([eth], null).options.enabled).toBe(false)
    expect(fetchPrices([]).options.enabled).toBe(false)
  })
})

describe('given balances and prices', () => {
  it('then each priced balance has quantity × price, the total adds them, and an unpriced one has none', () => {
    const unpriced = balance('7', 'eip155:1:0x2222222222222222222222222222222222222222')
    expect(fiatValues([eth, ltt, unpriced], { native: 2500, [ltt.address!]: 1 })).toEqual({
      values: [6250, 1234.5, undefined],
      total: 7484.5,
    })
  })

  it("then without server prices a wallet's own price counts, and 0 is taken as no price", () => {
    expect(fiatValues([balance('2', undefined, 3)], undefined)).toEqual({ values: [6], total: 6 })
    expect(fiatValues([eth, ltt], undefined)).toEqual({ values: [undefined, undefined], total: undefined })
  })
})
