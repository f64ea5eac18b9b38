import {
  type AnvilInstance,
  deployTestTokens,
  latchTestTokenAbi,
  startAnvil,
  TEST_ACCOUNTS,
  TEST_TOKENS,
} from '@latch/testkit'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../app.js'
import { backends, demoProject, openTestRepository, startTestServer } from '../test/backends.js'
import type { ActivityPage } from './transactions-shape.js'

const alice = TEST_ACCOUNTS[4]!
const bob = TEST_ACCOUNTS[5]!.address
const stranger = TEST_ACCOUNTS[8]!.address
const local = defineChain({
  id: 1,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

let chain: AnvilInstance
const sent: Record<'eth' | 'ltt' | 'nft' | 'multi', Hex> = {} as never

// Alice sends Bob 1.5 ETH, 12.5 LTT, her NFT and 3 of ERC-1155 id 7: four transactions, oldest first.
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await deployTestTokens(chain.rpcUrl)
  const transport = http(chain.rpcUrl)
  const client = createPublicClient({ chain: local, transport, pollingInterval: 50 })
  const wallet = createWalletClient({
    account: privateKeyToAccount(alice.privateKey),
    chain: local,
    transport,
  })
  const mined = async (hash: Hex) => {
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    return hash
  }
  await mined(
    await wallet.writeContract({
      address: TEST_TOKENS.erc20.address,
      abi: latchTestTokenAbi,
      functionName: 'mint',
      args: [alice.address, 100_000_000n],
    }),
  )
  const nft = parseAbi([
    'function mint(address to) returns (uint256)',
    'function transferFrom(address from, address to, uint256 id)',
  ])
  await mined(
    await wallet.writeContract({
      address: TEST_TOKENS.erc721.address,
      abi: nft,
      functionName: 'mint',
      args: [alice.address],
    }),
  )
  sent.eth = await mined(await wallet.sendTransaction({ to: bob, value: parseEther('1.5') }))
  sent.ltt = await mined(
    await wallet.writeContract({
      address: TEST_TOKENS.erc20.address,
      abi: latchTestTokenAbi,
      functionName: 'transfer',
      args: [bob, 12_500_000n],
    }),
  )
  sent.nft = await mined(
    await wallet.writeContract({
      address: TEST_TOKENS.erc721.address,
      abi: nft,
      functionName: 'transferFrom',
      args: [alice.address, bob, 1n],
    }),
  )
  sent.multi = await mined(
    await wallet.writeContract({
      address: TEST_TOKENS.erc1155.address,
      abi: parseAbi(['function mint(address to, uint256 id, uint256 amount)']),
      functionName: 'mint',
      args: [bob, 7n, 3n],
    }),
  )
}, 60_000)
afterAll(() => chain?.stop())

describe.each(backends)(
  'given the transactions service on %s with the indexer over a local chain',
  (backend) => {
    let base: string
    let close: () => Promise<void>
    beforeAll(async () => {
      const started = await startTestServer(backend, {
        account: {
          rpcTimeoutMs: 2_000,
          // The operator lists the ERC-1155 contract as spam; the ERC-721 one is not.
          nfts: { spamContracts: [`eip155:1:${TEST_TOKENS.erc1155.address}`] },
          transactions: {
            'eip155:1': { source: 'rpc', rpcUrl: chain.rpcUrl, maxBlocksPerRequest: 4 },
            'eip155:8453': { source: 'rpc', rpcUrl: 'http://127.0.0.1:9' },
          },
        },
      })
      ;({ base, close } = started)
    }, 60_000)
    afterAll(() => close?.())

    const get = (query: Record<string, string>) =>
      fetch(`${base}/account/v1/transactions?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)
    const page = async (query: Record<string, string>) => {
      const response = await get(query)
      expect(response.status).toBe(200)
      return (await response.json()) as ActivityPage
    }

    it('when Bob asks, then each request reads a bounded number of blocks until every transfer to him is listed, newest first', async () => {
      // The deployments and mints take the first blocks: with 4 blocks per request the first answer
      // cannot have reached Bob's transfers yet.
      const first = await page({ address: bob, chainId: 'eip155:1' })
      expect(first.data).toEqual([])
      let all = first
      for (let i = 0; i < 5 && all.data.length < 4; i++)
        all = await page({ address: bob, chainId: 'eip155:1' })
      expect(all.data.map((t) => t.id)).toEqual([sent.multi, sent.nft, sent.ltt, sent.eth])
      expect(all.next).toBeNull()
      const [multi, nft, ltt, eth] = all.data
      expect(eth).toMatchObject({
        metadata: {
          hash: sent.eth,
          chain: 'eip155:1',
          status: 'confirmed',
          sentFrom: alice.address.toLowerCase(),
          sentTo: bob.toLowerCase(),
        },
        transfers: [
          {
            standard: 'native',
            direction: 'in',
            symbol: 'ETH',
            quantity: { decimals: '18', numeric: '1.5', raw: '1500000000000000000' },
          },
        ],
      })
      expect(Date.parse(eth!.metadata.minedAt)).toBeGreaterThan(Date.now() - 10 * 60_000)
      expect(ltt!.transfers).toEqual([
        {
          standard: 'erc20',
          direction: 'in',
          from: alice.address.toLowerCase(),
          to: bob.toLowerCase(),
          token: `eip155:1:${TEST_TOKENS.erc20.address.toLowerCase()}`,
          symbol: 'LTT',
          quantity: { decimals: '6', numeric: '12.5', raw: '12500000' },
        },
      ])
      expect(nft!.transfers).toMatchObject([
        {
          standard: 'erc721',
          symbol: 'LNFT',
          tokenId: '1',
          quantity: { raw: '1' },
          nft_info: { flags: { is_spam: false } },
        },
      ])
      // Flagged with the NFT service's own spam rules, so Activity drops it (spec §5).
      expect(multi!.transfers).toMatchObject([
        {
          standard: 'erc1155',
          direction: 'in',
          from: '0x0000000000000000000000000000000000000000',
          tokenId: '7',
          quantity: { raw: '3' },
          nft_info: { flags: { is_spam: true } },
        },
      ])
    })

    it('when Alice pages one at a time, then the cursor walks her transactions without repeats and ends', async () => {
      const seen: string[] = []
      let cursor: string | undefined
      for (let i = 0; i < 10; i++) {
        const answer = await page({
          address: alice.address,
          chainId: 'eip155:1',
          limit: '1',
          ...(cursor ? { cursor } : {}),
        })
        seen.push(...answer.data.map((t) => t.id))
        if (!answer.next) break
        cursor = answer.next
      }
      // Her two mints, the ETH, the LTT and the NFT she sent; the ERC-1155 mint went to Bob only.
      expect(seen.slice(0, 3)).toEqual([sent.nft, sent.ltt, sent.eth])
      expect(seen).toHaveLength(5)
      expect(new Set(seen).size).toBe(5)
      const out = await page({ address: alice.address, chainId: 'eip155:1', limit: '1' })
      expect(out.data[0]!.transfers[0]).toMatchObject({ direction: 'out', standard: 'erc721' })
    })

    it('when an address has no transfers, then the list is empty', async () => {
      expect(await page({ address: stranger, chainId: 'eip155:1' })).toEqual({ data: [], next: null })
    })

    it('when the request is bad, then 400 with a clear message', async () => {
      const wrong = bob.replace(/[a-f]/, (c) => c.toUpperCase())
      expect(await (await get({ address: wrong, chainId: 'eip155:1' })).json()).toEqual({
        error: 'invalid_address',
        message: 'The address does not match its checksum',
      })
      expect((await get({ address: bob, chainId: 'eip155:10' })).status).toBe(400)
      expect((await get({ address: bob, chainId: 'eip155:1', limit: '51' })).status).toBe(400)
      const forged = await get({
        address: bob,
        chainId: 'eip155:1',
        cursor: Buffer.from('[1,"x"]').toString('base64url'),
      })
      expect(forged.status).toBe(400)
      expect(((await forged.json()) as { error: string }).error).toBe('invalid_cursor')
    })

    it("when the chain's node does not answer, then 502 'Failed to fetch transactions'", async () => {
      const response = await get({ address: bob, chainId: 'eip155:8453' })
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        error: 'transactions_unavailable',
        message: 'Failed to fetch transactions',
      })
    })
  },
)

describe('given a misconfigured source', () => {
  it('then the server refuses to start and names the setting', async () => {
    await expect(
      startTestServer('sqlite', {
        account: { transactions: { 'eip155:1': { source: 'etherscan', apiKey: 'x' } } },
      }),
    ).rejects.toThrow('account.transactions.eip155:1.apiKey')
    await expect(
      startTestServer('sqlite', {
        account: { transactions: { 'eip155:1': { source: 'rpc', rpcUrl: 'file:///x' } } },
      }),
    ).rejects.toThrow('account.transactions.eip155:1.rpcUrl: expected an http or https URL')
  })
})

describe.each(backends)('given the indexer on %s and a local chain that is restarted', (backend) => {
  it('then what it read of the old chain is forgotten and the new chain is read from its start', async () => {
    const db = await openTestRepository(backend)
    await db.repository.createProject(demoProject)
    const serve = async (rpcUrl: string) => {
      const app = await createServer({
        repository: db.repository,
        logger: false,
        rateLimit: false,
        projectCacheMs: 0,
        account: { transactions: { 'eip155:1': { source: 'rpc', rpcUrl } } },
      })
      const base = await app.listen({ host: '127.0.0.1', port: 0 })
      const list = async (address: string) => {
        const query = new URLSearchParams({ projectId: demoProject.id, address, chainId: 'eip155:1' })
        return ((await (await fetch(`${base}/account/v1/transactions?${query}`)).json()) as ActivityPage).data
      }
      return { list, close: () => app.close() }
    }
    const send = async (rpcUrl: string, value: bigint) => {
      const transport = http(rpcUrl)
      const wallet = createWalletClient({
        account: privateKeyToAccount(alice.privateKey),
        chain: local,
        transport,
      })
      const hash = await wallet.sendTransaction({ to: stranger, value })
      await createPublicClient({ chain: local, transport, pollingInterval: 50 }).waitForTransactionReceipt({
        hash,
      })
      return hash
    }
    const first = await startAnvil({ chainId: 1 })
    const second = await startAnvil({ chainId: 1 })
    try {
      const old = await send(first.rpcUrl, 1n)
      const before = await serve(first.rpcUrl)
      expect((await before.list(stranger)).map((t) => t.id)).toEqual([old])
      await before.close()
      // The same database, a fresh chain: its block at the stored cursor is another (or none).
      await send(second.rpcUrl, 2n)
      const fresh = await send(second.rpcUrl, 3n)
      const after = await serve(second.rpcUrl)
      const listed = await after.list(stranger)
      expect(listed.map((t) => t.id)).not.toContain(old)
      expect(listed[0]?.id).toBe(fresh)
      expect(listed.map((t) => t.transfers[0]?.quantity.raw)).toEqual(['3', '2'])
      await after.close()
    } finally {
      await first.stop()
      await second.stop()
      await db.cleanup()
    }
  }, 60_000)
})

describe('given the service behind the rate limit', () => {
  it('then the transactions route counts against the client like every route, and answers 429 past it', async () => {
    const server = await startTestServer('sqlite', {
      rateLimit: { max: 2, timeWindowMs: 60_000 },
      account: { transactions: { 'eip155:1': { source: 'rpc', rpcUrl: chain.rpcUrl } } },
    })
    try {
      const query = new URLSearchParams({ projectId: demoProject.id, address: stranger, chainId: 'eip155:1' })
      const statuses = []
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${server.base}/account/v1/transactions?${query}`)).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await server.close()
    }
  })
})
