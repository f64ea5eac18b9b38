import {
  type AnvilInstance,
  deployTestTokens,
  type NftMetadataServer,
  seedTestTokens,
  setTestNftBaseUri,
  startAnvil,
  startNftMetadataServer,
  TEST_ACCOUNTS,
  TEST_TOKENS,
} from '@latch/testkit'
import { createWalletClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { isSpamCollection, parseSpamRules } from './nft-spam.js'

const holder = TEST_ACCOUNTS[7]!
const other = TEST_ACCOUNTS[8]!.address
const collector = TEST_ACCOUNTS[9]!.address
const nft = TEST_TOKENS.erc721.address
const multi = TEST_TOKENS.erc1155.address

let chain: AnvilInstance
let metadata: NftMetadataServer
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  metadata = await startNftMetadataServer()
  await deployTestTokens(chain.rpcUrl)
  await setTestNftBaseUri(chain.rpcUrl, metadata.baseUri)
  // Token 1 and 2 to the holder, who gives token 2 away; a spam airdrop; five of ERC-1155 id 7.
  await seedTestTokens(chain.rpcUrl, holder.address, { spamNft: true })
  await seedTestTokens(chain.rpcUrl, holder.address, { erc20Amount: 1n })
  const wallet = createWalletClient({
    account: privateKeyToAccount(holder.privateKey),
    chain: {
      id: 1,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    },
    transport: http(chain.rpcUrl),
  })
  await wallet.writeContract({
    address: nft,
    abi: parseAbi(['function transferFrom(address from, address to, uint256 id)']),
    functionName: 'transferFrom',
    args: [holder.address, other, 2n],
  })
  await wallet.writeContract({
    address: multi,
    abi: parseAbi(['function mint(address to, uint256 id, uint256 amount)']),
    functionName: 'mint',
    args: [holder.address, 7n, 5n],
  })
  // Two of id 7 go to `other` in a TransferBatch; `collector` gets 25 NFTs, one page and one more.
  await wallet.writeContract({
    address: multi,
    abi: parseAbi([
      'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
    ]),
    functionName: 'safeBatchTransferFrom',
    args: [holder.address, other, [7n], [2n], '0x'],
  })
  const mint = parseAbi(['function mint(address to) returns (uint256)'])
  for (let i = 0; i < 25; i++)
    await wallet.writeContract({ address: nft, abi: mint, functionName: 'mint', args: [collector] })
}, 60_000)
afterAll(async () => {
  await metadata?.stop()
  await chain?.stop()
})

describe.each(backends)('given the NFT service on %s and a local chain with the test NFTs', (backend) => {
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const started = await startTestServer(backend, {
      account: { rpcTimeoutMs: 2_000, nfts: { metadataHosts: [metadata.host] } },
    })
    ;({ base, close } = started)
    await started.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chain.rpcUrl)
    await started.repository.siwx.setRpcUrl(demoProject.id, 'eip155:8453', 'http://127.0.0.1:9')
  }, 60_000)
  afterAll(() => close?.())

  const get = (query: Record<string, string>) =>
    fetch(`${base}/account/v1/nfts?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)

  it('when the holder asks, then the held NFTs come back newest first with their metadata, the given-away and the spam one left out', async () => {
    const response = await get({ address: holder.address, chainId: 'eip155:1' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { nfts: Record<string, string>[]; next?: string }
    expect(body.next).toBeUndefined()
    expect(body.nfts).toEqual([
      {
        chainId: 'eip155:1',
        contract: `eip155:1:${multi}`,
        tokenId: '7',
        standard: 'erc1155',
        amount: '3',
        collection: multi,
        name: `${multi} #7`,
      },
      {
        chainId: 'eip155:1',
        contract: `eip155:1:${nft}`,
        tokenId: '1',
        standard: 'erc721',
        amount: '1',
        collection: 'Latch Test NFT',
        name: 'Latch Test NFT #1',
        description: 'A test NFT of the Latch test kit.',
        image: `/account/v1/nft-image?url=${encodeURIComponent(`${metadata.url}/nft/1.png`)}`,
      },
    ])
    // The image the list points at is served through the server as a PNG.
    const image = await fetch(`${base}${body.nfts[1]!.image}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('when the metadata host is not configured, then the NFT is listed without metadata or image', async () => {
    const started = await startTestServer(backend, { account: { rpcTimeoutMs: 2_000 } })
    try {
      await started.repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chain.rpcUrl)
      const response = await fetch(
        `${started.base}/account/v1/nfts?${new URLSearchParams({ projectId: demoProject.id, address: holder.address, chainId: 'eip155:1' })}`,
      )
      const body = (await response.json()) as { nfts: Record<string, string>[] }
      expect(body.nfts[1]).toMatchObject({ name: 'Latch Test NFT #1', collection: 'Latch Test NFT' })
      expect(body.nfts[1]!.image).toBeUndefined()
    } finally {
      await started.close()
    }
  })

  it('when the address, chain or cursor is bad, then 400; a node that does not answer gives 502', async () => {
    const wrongChecksum = holder.address.replace(/[a-f]/, (c) => c.toUpperCase())
    expect(await (await get({ address: wrongChecksum, chainId: 'eip155:1' })).json()).toEqual({
      error: 'invalid_address',
      message: 'The address does not match its checksum',
    })
    expect((await get({ address: holder.address, chainId: 'solana:abc' })).status).toBe(400)
    expect((await get({ address: holder.address, chainId: 'eip155:1', cursor: '-1' })).status).toBe(400)
    expect((await get({ address: holder.address, chainId: 'eip155:1', cursor: '99999' })).status).toBe(400)
    const unknown = await get({ address: holder.address, chainId: 'eip155:10' })
    expect(((await unknown.json()) as { error: string }).error).toBe('unsupported_chain')
    const down = await get({ address: holder.address, chainId: 'eip155:8453' })
    expect(down.status).toBe(502)
    expect(await down.json()).toEqual({ error: 'nfts_unavailable', message: 'NFTs Unavailable' })
  })

  it('when tokens came in a TransferBatch, then the receiver holds them', async () => {
    const body = (await (await get({ address: other, chainId: 'eip155:1' })).json()) as {
      nfts: { tokenId: string; amount: string; standard: string }[]
    }
    expect(body.nfts).toContainEqual(
      expect.objectContaining({ tokenId: '7', amount: '2', standard: 'erc1155' }),
    )
    // Token 2, given to `other` by the holder, is listed for them too.
    expect(body.nfts).toContainEqual(expect.objectContaining({ tokenId: '2', standard: 'erc721' }))
  })

  it('when an address holds more than a page, then 24 and a cursor, and the cursor gives the rest', async () => {
    const first = (await (await get({ address: collector, chainId: 'eip155:1' })).json()) as {
      nfts: { tokenId: string }[]
      next?: string
    }
    expect(first.nfts).toHaveLength(24)
    expect(first.next).toBe('24')
    const rest = (await (
      await get({ address: collector, chainId: 'eip155:1', cursor: first.next! })
    ).json()) as {
      nfts: { tokenId: string }[]
      next?: string
    }
    expect(rest.nfts).toHaveLength(1)
    expect(rest.next).toBeUndefined()
    const ids = new Set([...first.nfts, ...rest.nfts].map((n) => n.tokenId))
    expect(ids.size).toBe(25)
  })

  it('when a cursor is past the end, then an empty page without a next cursor', async () => {
    const body = await (await get({ address: holder.address, chainId: 'eip155:1', cursor: '24' })).json()
    expect(body).toEqual({ nfts: [] })
  })
})

describe('given the spam rules', () => {
  const collection = (name: string, symbol?: string) => ({
    chainId: 'eip155:1',
    address: TEST_TOKENS.spamNft.address,
    name,
    symbol,
  })
  it('then the test spam NFT is recognized by the words of its name, and a listed contract whatever its name', () => {
    const rules = parseSpamRules({})
    expect(isSpamCollection(rules, collection(TEST_TOKENS.spamNft.name, TEST_TOKENS.spamNft.symbol))).toBe(
      true,
    )
    expect(isSpamCollection(rules, collection('Latch Test NFT', 'LNFT'))).toBe(false)
    expect(isSpamCollection(rules, collection('Nice art', 'go.example.xyz'))).toBe(true)
    const listed = parseSpamRules({
      spamContracts: [`eip155:1:${TEST_TOKENS.spamNft.address}`],
      spamWords: [],
    })
    expect(isSpamCollection(listed, collection('Nice art'))).toBe(true)
    expect(isSpamCollection(listed, { ...collection('Claim'), address: nft })).toBe(false)
  })

  it('then bad settings are refused at start-up with where they are', () => {
    expect(() => parseSpamRules({ spamContracts: ['0x12'] })).toThrow('account.nfts.spamContracts[0]')
    expect(() => parseSpamRules({ spamWords: [' '] })).toThrow(
      'account.nfts.spamWords[0]: expected a non-empty word',
    )
  })
})
