import {
  type FakeIndexer,
  type FakeTransaction,
  startFakeBlockscout,
  startFakeEtherscan,
} from '@latch/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { demoProject, startTestServer } from '../test/backends.js'
import { createBlockscoutSource } from './transactions-blockscout.js'
import { createEtherscanSource } from './transactions-etherscan.js'
import type { TransactionSource } from './transactions-shape.js'

const me = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
const other = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const punk = '0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB'
const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const at = (day: number) => Date.UTC(2026, 9, day) / 1000

// Oldest first: ETH in, a failed ETH out, USDC out with ETH value, an NFT in, ETH between others.
const history: FakeTransaction[] = [
  { hash: h(1), blockNumber: 100, timestamp: at(1), from: other, to: me, value: '2000000000000000000' },
  { hash: h(2), blockNumber: 110, timestamp: at(2), from: me, to: other, value: '1000', failed: true },
  {
    hash: h(3),
    blockNumber: 120,
    timestamp: at(3),
    from: me,
    to: usdc,
    value: '0',
    transfers: [
      {
        standard: 'ERC-20',
        token: usdc,
        symbol: 'USDC',
        decimals: 6,
        from: me,
        to: other,
        value: '2500000',
        logIndex: 4,
      },
    ],
  },
  {
    hash: h(4),
    blockNumber: 130,
    timestamp: at(4),
    from: other,
    to: punk,
    value: '0',
    transfers: [
      { standard: 'ERC-721', token: punk, symbol: 'PUNK', from: other, to: me, tokenId: '42', logIndex: 0 },
    ],
  },
  { hash: h(5), blockNumber: 140, timestamp: at(5), from: other, to: usdc, value: '7' },
]

// What every adapter must make of the history above, whatever its upstream's shape.
function contract(name: string, start: () => Promise<{ fake: FakeIndexer; source: TransactionSource }>) {
  describe(`given the ${name} adapter against a fake that speaks its API`, () => {
    let fake: FakeIndexer
    let source: TransactionSource
    beforeAll(async () => {
      ;({ fake, source } = await start())
    })
    afterEach(() => {
      fake.mode = 'ok'
    })
    afterAll(() => fake?.close())

    it('then the address’s transactions come back normalized, newest first, with their transfers', async () => {
      const page = await source.list(me, undefined, 20)
      expect(page.data.map((t) => t.id)).toEqual([h(4), h(3), h(2), h(1)])
      expect(page.next).toBeNull()
      const [nft, sent, failed, received] = page.data
      expect(received).toEqual({
        id: h(1),
        metadata: {
          hash: h(1),
          minedAt: '2026-10-01T00:00:00.000Z',
          chain: 'eip155:1',
          status: 'confirmed',
          sentFrom: other.toLowerCase(),
          sentTo: me.toLowerCase(),
        },
        transfers: [
          {
            standard: 'native',
            direction: 'in',
            from: other.toLowerCase(),
            to: me.toLowerCase(),
            symbol: 'ETH',
            quantity: { decimals: '18', numeric: '2', raw: '2000000000000000000' },
          },
        ],
      })
      expect(failed!.metadata.status).toBe('failed')
      expect(failed!.transfers[0]).toMatchObject({
        direction: 'out',
        quantity: { numeric: '0.000000000000001' },
      })
      expect(sent!.transfers).toEqual([
        {
          standard: 'erc20',
          direction: 'out',
          from: me.toLowerCase(),
          to: other.toLowerCase(),
          token: `eip155:1:${usdc.toLowerCase()}`,
          symbol: 'USDC',
          quantity: { decimals: '6', numeric: '2.5', raw: '2500000' },
        },
      ])
      expect(nft!.transfers).toMatchObject([
        {
          standard: 'erc721',
          direction: 'in',
          symbol: 'PUNK',
          tokenId: '42',
          quantity: { raw: '1', decimals: '0' },
        },
      ])
    })

    it('then a small page gives a cursor, and following it reaches the oldest transaction', async () => {
      const first = await source.list(me, undefined, 2)
      expect(first.next).toEqual(expect.any(String))
      const ids = new Set(first.data.map((t) => t.id))
      let next = first.next
      for (let i = 0; next && i < 5; i++) {
        const page = await source.list(me, next, 2)
        for (const t of page.data) ids.add(t.id)
        next = page.next
      }
      expect(next).toBeNull()
      expect(ids).toEqual(new Set([h(1), h(2), h(3), h(4)]))
    })

    it('then a cursor it did not give is refused', async () => {
      await expect(source.list(me, 'bm9wZQ', 2)).rejects.toMatchObject({ reason: 'invalid_cursor' })
    })

    it('then an upstream down, limiting, sending HTML or malformed records is an error, never a wrong list', async () => {
      for (const [mode, reason] of [
        ['down', 'unavailable'],
        ['rate-limited', 'rate_limited'],
        ['garbage', 'invalid_response'],
        ['malformed', 'invalid_response'],
      ] as const) {
        fake.mode = mode
        await expect(source.list(me, undefined, 20), mode).rejects.toMatchObject({ reason })
      }
    })

    it('then an upstream that does not answer in time is unavailable', async () => {
      fake.mode = 'slow'
      await expect(source.list(me, undefined, 20)).rejects.toMatchObject({ reason: 'unavailable' })
    })
  })
}

contract('Etherscan v2', async () => {
  const fake = await startFakeEtherscan({ apiKey: 'TESTKEY123', transactions: history })
  return {
    fake,
    source: createEtherscanSource(
      'eip155:1',
      { source: 'etherscan', apiKey: 'TESTKEY123', url: `${fake.url}/v2/api` },
      1_000,
    ),
  }
})

contract('Blockscout', async () => {
  const fake = await startFakeBlockscout({ transactions: history })
  return { fake, source: createBlockscoutSource('eip155:1', { source: 'blockscout', url: fake.url }, 1_000) }
})

describe('given the service on Etherscan v2 with a wrong API key', () => {
  let fake: FakeIndexer
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    fake = await startFakeEtherscan({ apiKey: 'RIGHTKEY99', transactions: history })
    server = await startTestServer('sqlite', {
      account: {
        transactions: {
          'eip155:1': { source: 'etherscan', apiKey: 'WRONGKEY99', url: `${fake.url}/v2/api` },
        },
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  it("then the visitor reads 'Failed to fetch transactions' and never the key, which only Etherscan saw", async () => {
    const response = await fetch(
      `${server.base}/account/v1/transactions?${new URLSearchParams({ projectId: demoProject.id, address: me, chainId: 'eip155:1' })}`,
    )
    expect(response.status).toBe(502)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({
      error: 'transactions_unavailable',
      message: 'Failed to fetch transactions',
    })
    expect(text).not.toContain('WRONGKEY99')
    expect(fake.requests.every((r) => r.includes('apikey=WRONGKEY99') && r.includes('chainid=1'))).toBe(true)
  })
})
