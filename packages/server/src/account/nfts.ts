import { type Address, createPublicClient, getAddress, type Hex, http, pad, parseAbi, toHex } from 'viem'
import type { NftFetchPolicy } from './nft-fetch.js'
import { readMetadata } from './nft-metadata.js'
import { isSpamCollection, type SpamRules } from './nft-spam.js'

/** One NFT of the `nfts` answer. */
export interface OwnedNft {
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the contract. */
  contract: string
  tokenId: string
  standard: 'erc721' | 'erc1155'
  /** How many the address holds: '1' for ERC-721. */
  amount: string
  /** The contract's name, else its symbol, else its address. */
  collection: string
  name: string
  description?: string
  /** Path of the server's image route for the NFT's image; absent without an image it may fetch. */
  image?: string
}

const topics = {
  // Transfer(address,address,uint256): ERC-20 has the same topic but three topics, not four.
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  transferSingle: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  transferBatch: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
} as const

const abi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
])

interface Candidate {
  contract: Address
  tokenId: bigint
  standard: 'erc721' | 'erc1155'
  block: bigint
}

interface RpcLog {
  address: Address
  topics: Hex[]
  data: Hex
  blockNumber: Hex
}

/** Bounds of one read, from the server options. */
export interface NftReadLimits {
  /** How many of the latest blocks are scanned for transfers to the address. */
  scanBlocks: number
  /** At most this many distinct tokens are checked, the most recently received first. */
  maxCandidates: number
  timeoutMs: number
}

// The ids of an ERC-1155 TransferBatch: `data` is abi.encode(uint256[] ids, uint256[] values).
function batchIds(data: Hex): bigint[] {
  const words = (data.slice(2).match(/.{64}/g) ?? []).map((word) => BigInt(`0x${word}`))
  const count = Number(words[2] ?? 0n)
  return count > 0 && count <= 256 ? words.slice(3, 3 + count) : []
}

/** The tokens ever sent to the address in the scanned blocks, newest first, each once. */
function candidatesFrom(logs: readonly RpcLog[], limit: number): Candidate[] {
  const found = new Map<string, Candidate>()
  const add = (contract: Address, tokenId: bigint, standard: Candidate['standard'], block: bigint) => {
    const key = `${contract.toLowerCase()}:${tokenId}`
    const seen = found.get(key)
    if (!seen || seen.block < block) found.set(key, { contract, tokenId, standard, block })
  }
  for (const log of logs) {
    const block = BigInt(log.blockNumber)
    if (log.topics[0] === topics.transfer && log.topics.length === 4)
      add(log.address, BigInt(log.topics[3]!), 'erc721', block)
    else if (log.topics[0] === topics.transferSingle && log.data.length >= 2 + 128)
      add(log.address, BigInt(`0x${log.data.slice(2, 66)}`), 'erc1155', block)
    else if (log.topics[0] === topics.transferBatch)
      for (const id of batchIds(log.data)) add(log.address, id, 'erc1155', block)
  }
  return [...found.values()]
    .sort((a, b) => (a.block === b.block ? 0 : a.block > b.block ? -1 : 1))
    .slice(0, limit)
}

/**
 * The NFTs an address holds on a plain JSON-RPC chain, without an indexer: `Transfer` (with a
 * token id, so four topics), `TransferSingle` and `TransferBatch` logs to the address in the
 * latest `scanBlocks` blocks, then one Multicall3 batch that checks each token is still held
 * (`ownerOf` / `balanceOf`) and reads its URI and collection name. Spam collections are left
 * out. The answer is every held NFT without metadata, newest first; {@link describeNfts} adds it.
 */
export async function findOwnedNfts(parameters: {
  rpcUrl: string
  chainId: string
  address: Address
  limits: NftReadLimits
  spam: SpamRules
}): Promise<(Omit<OwnedNft, 'name' | 'image' | 'description'> & { uri: string })[]> {
  const { rpcUrl, chainId, address, limits, spam } = parameters
  const client = createPublicClient({
    transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: limits.timeoutMs }),
  })
  const latest = await client.getBlockNumber()
  const fromBlock = toHex(latest > BigInt(limits.scanBlocks) ? latest - BigInt(limits.scanBlocks) : 0n)
  const to = pad(address.toLowerCase() as Hex)
  const filters = [
    [topics.transfer, null, to],
    [[topics.transferSingle, topics.transferBatch], null, null, to],
  ]
  const answers = await Promise.all(
    filters.map(
      (filter) =>
        client.request({
          method: 'eth_getLogs',
          params: [{ fromBlock, toBlock: toHex(latest), topics: filter as never }],
        }) as Promise<RpcLog[]>,
    ),
  )
  const candidates = candidatesFrom(answers.flat(), limits.maxCandidates)
  if (candidates.length === 0) return []
  const contracts = [...new Set(candidates.map((c) => c.contract.toLowerCase() as Address))]
  type Call = { address: Address; abi: typeof abi; functionName: string; args?: readonly unknown[] }
  const calls: Call[] = [
    ...contracts.flatMap((contract) => [
      { address: contract, abi, functionName: 'name' },
      { address: contract, abi, functionName: 'symbol' },
    ]),
    ...candidates.flatMap((c) =>
      c.standard === 'erc721'
        ? [
            { address: c.contract, abi, functionName: 'ownerOf', args: [c.tokenId] },
            { address: c.contract, abi, functionName: 'tokenURI', args: [c.tokenId] },
          ]
        : [
            { address: c.contract, abi, functionName: 'balanceOf', args: [address, c.tokenId] },
            { address: c.contract, abi, functionName: 'uri', args: [c.tokenId] },
          ],
    ),
  ]
  // The calls mix functions, so their answers are checked one by one below rather than typed.
  const results = (await client.multicall({
    allowFailure: true,
    deployless: true,
    batchSize: 0,
    contracts: calls as never,
  })) as { status: 'success' | 'failure'; result?: unknown }[]
  const value = (index: number): unknown => {
    const answer = results[index]
    return answer?.status === 'success' ? answer.result : undefined
  }
  const collections = new Map(
    contracts.map((contract, index) => {
      const name = value(index * 2)
      const symbol = value(index * 2 + 1)
      return [
        contract,
        {
          name:
            typeof name === 'string'
              ? name
                  .replace(/\p{Cc}/gu, '')
                  .trim()
                  .slice(0, 64)
              : undefined,
          symbol:
            typeof symbol === 'string'
              ? symbol
                  .replace(/\p{Cc}/gu, '')
                  .trim()
                  .slice(0, 32)
              : undefined,
        },
      ]
    }),
  )
  const offset = contracts.length * 2
  return candidates.flatMap((candidate, index) => {
    const held = value(offset + index * 2)
    const uri = value(offset + index * 2 + 1)
    const amount =
      candidate.standard === 'erc721'
        ? typeof held === 'string' && held.toLowerCase() === address.toLowerCase()
          ? 1n
          : 0n
        : typeof held === 'bigint'
          ? held
          : 0n
    if (amount <= 0n) return []
    const collection = collections.get(candidate.contract.toLowerCase() as Address)
    if (isSpamCollection(spam, { chainId, address: candidate.contract, ...collection })) return []
    const tokenId = candidate.tokenId.toString()
    const contract = getAddress(candidate.contract)
    return [
      {
        chainId,
        contract: `${chainId}:${contract}`,
        tokenId,
        standard: candidate.standard,
        amount: amount.toString(),
        collection: collection?.name || collection?.symbol || contract,
        // ERC-1155 clients put the id, as 64 lowercase hex digits, where the URI has `{id}`.
        uri:
          typeof uri !== 'string'
            ? ''
            : uri.replaceAll('{id}', candidate.tokenId.toString(16).padStart(64, '0')).slice(0, 65_536),
      },
    ]
  })
}

/**
 * Adds what the metadata says (name, description, image through the image route) to a page of
 * NFTs, all read at once, each bounded by the fetch policy.
 */
export async function describeNfts(
  page: readonly (Omit<OwnedNft, 'name' | 'image' | 'description'> & { uri: string })[],
  policy: NftFetchPolicy,
): Promise<OwnedNft[]> {
  return Promise.all(
    page.map(async ({ uri, ...nft }) => {
      const metadata = await readMetadata(uri, policy)
      return {
        ...nft,
        name: metadata.name ?? `${nft.collection} #${nft.tokenId}`,
        ...(metadata.description ? { description: metadata.description } : {}),
        ...(metadata.image
          ? { image: `/account/v1/nft-image?${new URLSearchParams({ url: metadata.image })}` }
          : {}),
      }
    }),
  )
}
