import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch } from '../createLatch.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { queryClientOf } from './client.js'
import { tokenBalancesQueryOptions } from './tokens.js'

const mainnet = network('eip155', 1, 'Ethereum')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const TOKEN = '0x1111111111111111111111111111111111111111'

// The balance service over real HTTP: answers what the test sets, and counts the requests.
let service: Server
let serviceUrl: string
let serviceAnswer: { status: number; body: unknown }
let serviceRequests: URL[] = []
beforeAll(async () => {
  service = createServer((req, res) => {
    serviceRequests.push(new URL(req.url ?? '/', 'http://x'))
    res
      .writeHead(serviceAnswer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(serviceAnswer.body))
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
})
afterAll(() => service?.close())

// A balance the server's price source has no price for comes without price and value.
const native = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  quantity: { decimals: '18', numeric: '2.5' },
  iconUrl: '',
}
const ltt = {
  name: 'Latch Test Token',
  symbol: 'LTT',
  chainId: 'eip155:1',
  address: `eip155:1:${TOKEN}`,
  value: 1234.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1234.5' },
  iconUrl: '',
}

function setup(wallet?: (method: string, params: unknown) => unknown, apiUrl: string | null = serviceUrl) {
  serviceRequests = []
  serviceAnswer = { status: 200, body: { balances: [native, ltt] } }
  const evm = memoryAdapter('eip155', [mainnet])
  const calls: string[] = []
  if (wallet)
    evm.adapter.request = async ({ method, params }) => {
      calls.push(method)
      return wallet(method, params)
    }
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
    ...(apiUrl ? { apiUrl, projectId: 'p1' } : {}),
  })
  const fetchTokens = () =>
    queryClientOf(latch).fetchQuery(
      tokenBalancesQueryOptions(latch, { namespace: 'eip155', address: ALICE, caipNetwork: mainnet }),
    )
  return { latch, evm, calls, fetchTokens }
}

const asset = (overrides: Record<string, unknown> = {}) => ({
  address: TOKEN,
  balance: '0x4994f9a0', // 1 234 500 000
  type: 'ERC20',
  metadata: { name: 'Latch Test Token', symbol: 'LTT', decimals: 6, price: 1, iconUrl: '' },
  ...overrides,
})

describe('given a wallet that lists its assets (EIP-7811)', () => {
  const discovering = (assets: unknown) => (method: string) =>
    method === 'wallet_getCapabilities'
      ? { '0x1': { assetDiscovery: { supported: true } } }
      : { '0x1': assets }

  it('then the tokens come from the wallet, native first, tokens with decimals 0 dropped, and the server is not asked', async () => {
    const s = setup(
      discovering([
        asset(),
        asset({
          address: '0x2222222222222222222222222222222222222222',
          metadata: { ...asset().metadata, decimals: 0 },
        }),
        asset({
          address: 'native',
          balance: '0x22b1c8c1227a0000', // 2.5 ETH
          type: 'NATIVE',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 0, iconUrl: '' },
        }),
      ]),
    )
    expect(await s.fetchTokens()).toEqual([native, ltt])
    expect(s.calls).toEqual(['wallet_getCapabilities', 'wallet_getAssets'])
    expect(serviceRequests).toEqual([])
  })

  it('when its answer is not in the exact shape, then the balance service is asked instead', async () => {
    for (const garbage of [
      [asset({ type: 'erc20' })],
      [asset({ balance: 12 })],
      [asset({ balance: 'lots' })],
      [asset({ metadata: { name: 'X', symbol: 'X', decimals: '6', price: 0, iconUrl: '' } })],
      [asset({ metadata: { name: 'X', symbol: 'X', decimals: 77.5, price: 0, iconUrl: '' } })],
      'not a list',
    ]) {
      const s = setup(discovering(garbage))
      expect(await s.fetchTokens()).toEqual([native, ltt])
      expect(serviceRequests.map((u) => [u.pathname, u.searchParams.get('chainId')])).toEqual([
        ['/account/v1/balances', 'eip155:1'],
      ])
    }
  })
})

describe('given a wallet without asset discovery', () => {
  it('then the balance service answers, by address and network', async () => {
    const s = setup(() => {
      throw Object.assign(new Error('The wallet does not support wallet_getCapabilities.'), { code: 4200 })
    })
    expect(await s.fetchTokens()).toEqual([native, ltt])
    expect(serviceRequests[0]?.searchParams.get('address')).toBe(ALICE)
    expect(serviceRequests[0]?.searchParams.get('projectId')).toBe('p1')
  })

  it("when the service fails or answers another shape, then 'Token Balance Unavailable'", async () => {
    for (const answer of [
      { status: 502, body: { error: 'balance_unavailable', message: 'Token Balance Unavailable' } },
      { status: 200, body: { balances: [{ ...ltt, extra: 1 }] } },
      { status: 200, body: { data: [] } },
    ]) {
      const s = setup()
      serviceAnswer = answer
      const error = await s.fetchTokens().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
      expect((error as Error).message).toContain('Token Balance Unavailable')
    }
  })

  it('when the app has no balance service, then the native coin alone is listed', async () => {
    const s = setup(undefined, null)
    s.evm.wallet.balance = '3.25'
    expect(await s.fetchTokens()).toEqual([
      { ...native, name: mainnet.nativeCurrency.name, quantity: { decimals: '18', numeric: '3.25' } },
    ])
  })
})
