import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AnvilInstance,
  deployTestTokens,
  seedTestTokens,
  startAnvil,
  startFakePriceSource,
  TEST_ACCOUNTS,
  TEST_TOKENS,
} from '@latch/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { tokenEntry, toNumeric } from './balances.js'
import { defaultTokenList } from './default-token-list.js'
import { defaultTokens, parseTokenList, parseTokenListDocument } from './tokens.js'

const holder = TEST_ACCOUNTS[6]!.address
const empty = TEST_ACCOUNTS[9]!.address
const ltt = TEST_TOKENS.erc20.address

// A pass-through to the node that counts the HTTP requests the server makes.
function countingProxy(target: string): Promise<{ url: string; requests: () => number; close: () => void }> {
  let requests = 0
  const server: Server = createHttpServer(async (req, res) => {
    requests++
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests,
        close: () => server.close(),
      }),
    ),
  )
}

let chain: AnvilInstance
let proxy: Awaited<ReturnType<typeof countingProxy>>
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await deployTestTokens(chain.rpcUrl)
  await seedTestTokens(chain.rpcUrl, holder, { erc20Amount: 1_234_500_000n, nft: false })
  proxy = await countingProxy(chain.rpcUrl)
}, 60_000)
afterAll(async () => {
  proxy?.close()
  await chain?.stop()
})

describe.each(backends)(
  'given the balance service on %s and a local chain with the test ERC-20',
  (backend) => {
    let base: string
    let close: () => Promise<void>
    let repository: Repository
    beforeAll(async () => {
      const started = await startTestServer(backend, {
        account: {
          tokens: { [demoProject.id]: [{ chainId: 'eip155:1', address: ltt }] },
          rpcTimeoutMs: 2_000,
        },
      })
      ;({ base, close, repository } = started)
      await started.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', proxy.url)
      await started.repository.siwx.setRpcUrl(demoProject.id, 'eip155:8453', 'http://127.0.0.1:9')
    }, 60_000)
    afterAll(() => close?.())

    const get = (query: Record<string, string>) =>
      fetch(`${base}/account/v1/balances?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)

    it('when a holder asks, then ETH and LTT come back in the spec shape, in one round trip to the node', async () => {
      const before = proxy.requests()
      const response = await get({ address: holder, chainId: 'eip155:1' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:1',
            quantity: { decimals: '18', numeric: '10000' },
            iconUrl: '',
          },
          {
            name: 'Latch Test Token',
            symbol: 'LTT',
            chainId: 'eip155:1',
            address: `eip155:1:${ltt}`,
            quantity: { decimals: '6', numeric: '1234.5' },
            iconUrl: '',
          },
        ],
      })
      // The default list's mainnet tokens have no contract on the local chain: left out.
      expect(proxy.requests()).toBe(before + 1)
    })

    it('when the project has a price source, then each balance carries its USD price and value; a source that is down leaves them out and the balances are still there', async () => {
      const source = await startFakePriceSource({
        coins: { ethereum: 2512.5 },
        tokens: { ethereum: { [ltt]: 1.25 } },
      })
      try {
        await repository.prices.setPriceSource(demoProject.id, {
          source: 'coingecko',
          url: source.url,
          apiKey: null,
        })
        const response = await get({ address: holder, chainId: 'eip155:1' })
        expect(response.status).toBe(200)
        const { balances } = (await response.json()) as { balances: Record<string, unknown>[] }
        expect(balances.map(({ symbol, price, value }) => ({ symbol, price, value }))).toEqual([
          { symbol: 'ETH', price: 2512.5, value: 25_125_000 },
          { symbol: 'LTT', price: 1.25, value: 1543.125 },
        ])

        // A source that is down (another one, so nothing comes from the price cache).
        source.mode = 'down'
        await repository.prices.setPriceSource(demoProject.id, {
          source: 'coingecko',
          url: `${source.url}/v2`,
          apiKey: null,
        })
        const down = await get({ address: empty, chainId: 'eip155:1' })
        expect(down.status).toBe(200)
        expect(await down.json()).toEqual({
          balances: [
            {
              name: 'Ether',
              symbol: 'ETH',
              chainId: 'eip155:1',
              quantity: { decimals: '18', numeric: '10000' },
              iconUrl: '',
            },
          ],
        })
      } finally {
        await repository.prices.setPriceSource(demoProject.id, undefined)
        await source.close()
      }
    })

    it('when the operator added the token to a project (project tokens add), then its balance is listed from that list', async () => {
      const project = { id: 'own-tokens', name: 'Own tokens', allowedOrigins: ['https://own.example'] }
      await repository.createProject(project)
      await repository.siwx.setRpcUrl(project.id, 'eip155:1', chain.rpcUrl)
      const symbols = async () => {
        const answer = await fetch(
          `${base}/account/v1/balances?${new URLSearchParams({ projectId: project.id, address: holder, chainId: 'eip155:1' })}`,
        )
        return ((await answer.json()) as { balances: { symbol: string }[] }).balances.map((b) => b.symbol)
      }
      expect(await symbols()).toEqual(['ETH'])
      const token = {
        chainId: 'eip155:1',
        address: ltt,
        symbol: 'LTT',
        name: 'Latch Test Token',
        decimals: 6,
      }
      await repository.prices.putToken(project.id, { ...token, logoURI: null })
      expect(await symbols()).toEqual(['ETH', 'LTT'])
      await repository.prices.removeToken(project.id, 'eip155:1', ltt)
      expect(await symbols()).toEqual(['ETH'])
    })

    it("when a token picker asks for a chain's token list, then the default tokens and the project's come in the token-list shape", async () => {
      const project = { id: 'picker', name: 'Picker', allowedOrigins: ['https://picker.example'] }
      await repository.createProject(project)
      await repository.prices.putToken(project.id, {
        chainId: 'eip155:8453',
        address: ltt,
        symbol: 'LTT',
        name: 'Latch Test Token',
        decimals: 6,
        logoURI: 'https://tokens.example/ltt.png',
      })
      const list = async (chainId: string) =>
        (await (
          await fetch(
            `${base}/account/v1/token-list?${new URLSearchParams({ projectId: project.id, chainId })}`,
          )
        ).json()) as { tokens: { symbol: string }[] }
      const base8453 = await list('eip155:8453')
      expect(base8453.tokens.map((t) => t.symbol)).toEqual(['USDC', 'WETH', 'DAI', 'LTT'])
      expect(base8453.tokens.at(-1)).toEqual({
        chainId: 8453,
        address: ltt,
        symbol: 'LTT',
        name: 'Latch Test Token',
        decimals: 6,
        logoURI: 'https://tokens.example/ltt.png',
      })
      expect((await list('eip155:1')).tokens.map((t) => t.symbol)).toEqual([
        'USDC',
        'USDT',
        'DAI',
        'WETH',
        'WBTC',
      ])
      const bad = await fetch(
        `${base}/account/v1/token-list?${new URLSearchParams({ projectId: project.id, chainId: 'solana:x' })}`,
      )
      expect(bad.status).toBe(400)
    })

    it('when the address holds no token, then only the native coin is listed', async () => {
      const body = (await (await get({ address: empty, chainId: 'eip155:1' })).json()) as {
        balances: { symbol: string }[]
      }
      expect(body.balances.map((b) => b.symbol)).toEqual(['ETH'])
    })

    it('when the address or chain is bad, then 400 with a clear message and the node is not asked', async () => {
      const before = proxy.requests()
      const wrongChecksum = holder.replace(/[a-f]/, (c) => c.toUpperCase())
      const checksum = await get({ address: wrongChecksum, chainId: 'eip155:1' })
      expect(checksum.status).toBe(400)
      expect(await checksum.json()).toEqual({
        error: 'invalid_address',
        message: 'The address does not match its checksum',
      })
      expect((await get({ address: '0x1234', chainId: 'eip155:1' })).status).toBe(400)
      expect((await get({ address: holder, chainId: 'solana:abc' })).status).toBe(400)
      const unknown = await get({ address: holder, chainId: 'eip155:10' })
      expect(unknown.status).toBe(400)
      expect(((await unknown.json()) as { error: string }).error).toBe('unsupported_chain')
      expect(proxy.requests()).toBe(before)
    })

    it("when the chain's node does not answer, then 502 'Token Balance Unavailable'", async () => {
      const response = await get({ address: holder, chainId: 'eip155:8453' })
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        error: 'balance_unavailable',
        message: 'Token Balance Unavailable',
      })
    })
  },
)

describe('given what a token contract answers', () => {
  const token = { chainId: 'eip155:1', address: ltt }
  const ok = (result: unknown) => ({ status: 'success' as const, result })
  it('then decimals 0, a failed call, a zero balance or a wrong type drop the token', () => {
    expect(tokenEntry(token, [ok(5n), ok(0), ok('T'), ok('Token')])).toBeUndefined()
    expect(tokenEntry(token, [ok(5n), { status: 'failure' }, ok('T'), ok('Token')])).toBeUndefined()
    expect(tokenEntry(token, [ok(0n), ok(6), ok('T'), ok('Token')])).toBeUndefined()
    expect(tokenEntry(token, [ok('5'), ok(6), ok('T'), ok('Token')])).toBeUndefined()
    expect(tokenEntry(token, [ok(5n), ok(6), ok(''), ok('Token')])).toBeUndefined()
  })

  it('then control characters leave names and symbols, and a missing name falls back to the symbol', () => {
    expect(tokenEntry(token, [ok(5n), ok(6), ok('\u0007T\nX '), ok(undefined)])).toMatchObject({
      name: 'TX',
      symbol: 'TX',
      quantity: { decimals: '6', numeric: '0.000005' },
    })
  })

  it('then 2^256-1 and 77 decimals keep 20 significant digits, rounded down, never in exponent notation', () => {
    expect(toNumeric(2n ** 256n - 1n, 18)).toBe(`11579208923731619542${'0'.repeat(40)}`)
    expect(toNumeric(1n, 77)).toBe(`0.${'0'.repeat(76)}1`)
    expect(toNumeric(123456789n, 6)).toBe('123.456789')
  })
})

describe('given a token list in the server configuration', () => {
  it('then bad entries are refused with where they are', () => {
    expect(() => parseTokenList([{ chainId: 'eip155:1', address: '0x12' }], 'account.tokens.p')).toThrow(
      'account.tokens.p[0].address: expected a 20-byte hex address matching its checksum',
    )
    expect(() => parseTokenList([{ chainId: 'solana:x', address: ltt }], 'l')).toThrow('l[0].chainId')
    expect(() =>
      parseTokenList([{ chainId: 'eip155:1', address: ltt, iconUrl: 'javascript:x' }], 'l'),
    ).toThrow('l[0].iconUrl: expected an https URL')
    expect(() => parseTokenList({}, 'l')).toThrow('l: expected a list of tokens')
  })
})

describe('given a token list in the token-list format (tokenlists.org)', () => {
  it('then the bundled default list loads, one entry per listed token, as CAIP-2 chains', () => {
    expect(defaultTokens).toHaveLength(defaultTokenList.tokens.length)
    expect(defaultTokens[0]).toEqual({
      chainId: 'eip155:1',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
  })

  it('then a list with a bad field or a token listed twice is refused, naming where', () => {
    const list = (tokens: unknown[]) => ({ ...defaultTokenList, tokens })
    const usdc = defaultTokenList.tokens[0]!
    expect(() => parseTokenListDocument(list([{ ...usdc, decimals: 256 }]), 'l')).toThrow(
      'l.tokens[0].decimals: expected a whole number from 0 to 255',
    )
    expect(() => parseTokenListDocument(list([{ ...usdc, chainId: '1' }]), 'l')).toThrow(
      'l.tokens[0].chainId',
    )
    expect(() => parseTokenListDocument(list([{ ...usdc, symbol: '' }]), 'l')).toThrow('l.tokens[0].symbol')
    expect(() => parseTokenListDocument(list([{ ...usdc, logoURI: 'http://x.example/a.png' }]), 'l')).toThrow(
      'l.tokens[0].logoURI: expected an https URL',
    )
    expect(() => parseTokenListDocument(list([usdc, usdc]), 'l')).toThrow('l.tokens[1]: 0xA0b8')
    expect(() => parseTokenListDocument({ ...defaultTokenList, version: { major: 1 } }, 'l')).toThrow(
      'l.version',
    )
    expect(() => parseTokenListDocument('[]', 'l')).toThrow('l: expected a token list')
  })
})
