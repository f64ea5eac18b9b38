import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { queryClientOf } from './client.js'
import { nftsQueryOptions } from './nfts.js'

const mainnet = network('eip155', 1, 'Ethereum')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const CONTRACT = 'eip155:1:0x1111111111111111111111111111111111111111'

// The NFT service over real HTTP: answers what the test sets, and keeps the requests.
let service: Server
let serviceUrl: string
let answer: unknown
let requests: URL[] = []
beforeAll(async () => {
  service = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://x'))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
})
afterAll(() => service?.close())

const nft = (overrides: Record<string, unknown> = {}) => ({
  chainId: 'eip155:1',
  contract: CONTRACT,
  tokenId: '1',
  standard: 'erc721',
  amount: '1',
  collection: 'Latch Test NFT',
  name: 'Latch Test NFT #1',
  image: '/account/v1/nft-image?url=http%3A%2F%2Fnft.example%2F1.png',
  ...overrides,
})

function setup(apiUrl?: string) {
  requests = []
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [memoryAdapter('eip155', [mainnet]).adapter],
    storage: createMemoryStorage(),
    ...(apiUrl ? { apiUrl, projectId: 'p1' } : {}),
  })
  const options = nftsQueryOptions(latch, { namespace: 'eip155', address: ALICE, caipNetwork: mainnet })
  return { options, fetchNfts: () => queryClientOf(latch).fetchQuery(options) }
}

describe('given the app has a server with the NFT service', () => {
  it("then the NFTs come from it, with images on the server's image route carrying the project id", async () => {
    answer = { nfts: [nft()] }
    const [shown] = await setup(serviceUrl).fetchNfts()
    expect(requests[0]?.pathname).toBe('/account/v1/nfts')
    expect(requests[0]?.searchParams.get('chainId')).toBe('eip155:1')
    expect(requests[0]?.searchParams.get('address')).toBe(ALICE)
    expect(shown).toEqual({
      contract: CONTRACT,
      tokenId: '1',
      standard: 'erc721',
      amount: '1',
      collection: 'Latch Test NFT',
      name: 'Latch Test NFT #1',
      imageUrl: `${serviceUrl}/account/v1/nft-image?url=http%3A%2F%2Fnft.example%2F1.png&projectId=p1`,
    })
  })

  it('then an image anywhere but the image route is not shown, and an answer of another shape fails', async () => {
    answer = {
      nfts: [nft({ image: 'https://evil.example/x.svg' }), nft({ tokenId: '2', image: '//evil.example/x' })],
    }
    const shown = await setup(serviceUrl).fetchNfts()
    expect(shown.map((n) => n.imageUrl)).toEqual([undefined, undefined])
    answer = { nfts: [nft({ standard: 'erc20' })] }
    await expect(setup(serviceUrl).fetchNfts()).rejects.toThrow()
    answer = { nfts: [nft({ html: '<b>x</b>' })] }
    await expect(setup(serviceUrl).fetchNfts()).rejects.toThrow()
  })
})

describe('given the app has no server', () => {
  it('then the query is disabled and nothing is asked', () => {
    expect(setup().options.enabled).toBe(false)
    expect(setup(serviceUrl).options.enabled).toBe(true)
  })
})
