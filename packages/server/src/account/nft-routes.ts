import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { getAddress, isAddress } from 'viem'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery, publicQuery } from '../http/schemas.js'
import { NftFetchError, parseFetchPolicy } from './nft-fetch.js'
import { createImageCache, fetchNftImage } from './nft-image.js'
import { parseSpamRules } from './nft-spam.js'
import { describeNfts, findOwnedNfts } from './nfts.js'

/** Options of the NFT service (`ServerOptions.account.nfts`). Every outgoing fetch is off by default. */
export interface NftOptions {
  /** Hosts (`host` or `host:port`) whose http(s) token URIs and images may be fetched. */
  metadataHosts?: readonly string[] | undefined
  /** An IPFS gateway (`https://…`) for `ipfs://` URIs; without one they are not fetched. */
  ipfsGateway?: string | undefined
  /** CAIP-10 ids of contracts always hidden as spam. */
  spamContracts?: readonly string[] | undefined
  /** Replaces the default spam words of collection names; `[]` turns the heuristic off. */
  spamWords?: readonly string[] | undefined
  /** How many of the latest blocks are scanned for transfers (default 100 000). */
  scanBlocks?: number | undefined
  /** How long one metadata or image fetch may take (default 5000 ms). */
  fetchTimeoutMs?: number | undefined
  /** Largest image passed on (default 5 MiB). */
  maxImageBytes?: number | undefined
  /** Bytes of images kept in memory (default 32 MiB). */
  imageCacheBytes?: number | undefined
}

const nft = {
  type: 'object',
  additionalProperties: false,
  required: ['chainId', 'contract', 'tokenId', 'standard', 'amount', 'collection', 'name'],
  properties: {
    chainId: { type: 'string' },
    contract: { type: 'string' },
    tokenId: { type: 'string' },
    standard: { type: 'string', enum: ['erc721', 'erc1155'] },
    amount: { type: 'string' },
    collection: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    image: { type: 'string' },
  },
} as const

const nftsQuery = {
  ...projectQuery,
  required: ['projectId', 'address', 'chainId'],
  properties: {
    ...projectQuery.properties,
    address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    chainId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
    cursor: { type: 'string', pattern: '^[0-9]{1,4}$' },
  },
} as const

const imageQuery = {
  ...publicQuery,
  required: ['url'],
  properties: { ...publicQuery.properties, url: { type: 'string', minLength: 1, maxLength: 2048 } },
} as const

/** NFTs per page of the `nfts` answer. */
const pageSize = 24

/**
 * `GET /account/v1/nfts?projectId&address&chainId[&cursor]`: the ERC-721 and ERC-1155 tokens an
 * address holds on one of the project's chains, spam hidden, 24 a page (`next` is the cursor of
 * the next page). `GET /account/v1/nft-image?url`: an NFT image fetched under the same policy,
 * passed on only as a raster image.
 */
export function registerNftRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    listRpcUrls: (projectId: string) => Promise<Record<string, string>>
    nfts: NftOptions
    rpcTimeoutMs: number
  },
): void {
  const policy = parseFetchPolicy(options.nfts)
  const spam = parseSpamRules(options.nfts)
  const limits = {
    scanBlocks: options.nfts.scanBlocks ?? 100_000,
    maxCandidates: 500,
    timeoutMs: options.rpcTimeoutMs,
  }
  const maxImageBytes = options.nfts.maxImageBytes ?? 5 * 1024 * 1024
  const cache = createImageCache(options.nfts.imageCacheBytes ?? 32 * 1024 * 1024)

  app.get(
    '/account/v1/nfts',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: nftsQuery,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['nfts'],
            properties: { nfts: { type: 'array', items: nft }, next: { type: 'string' } },
          },
          400: errorResponse,
          403: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { address: string; chainId: string; cursor?: string }
      const project = request.project!
      if (!isAddress(query.address))
        return sendError(reply, 400, 'invalid_address', 'The address does not match its checksum')
      const rpcUrl = (await options.listRpcUrls(project.id))[query.chainId]
      if (!rpcUrl)
        return sendError(
          reply,
          400,
          'unsupported_chain',
          `Project "${project.id}" has no RPC URL for ${query.chainId}: set one with \`latch-server project set-rpc\``,
        )
      let owned: Awaited<ReturnType<typeof findOwnedNfts>>
      try {
        owned = await findOwnedNfts({
          rpcUrl,
          chainId: query.chainId,
          address: getAddress(query.address),
          limits,
          spam,
        })
      } catch (error) {
        request.log.warn({ chainId: query.chainId, err: (error as Error).message }, 'NFT read failed')
        return sendError(reply, 502, 'nfts_unavailable', 'NFTs Unavailable')
      }
      const start = Number(query.cursor ?? '0')
      const nfts = await describeNfts(owned.slice(start, start + pageSize), policy)
      return { nfts, ...(start + pageSize < owned.length ? { next: String(start + pageSize) } : {}) }
    },
  )

  app.get(
    '/account/v1/nft-image',
    { schema: { querystring: imageQuery, response: { 400: errorResponse, 502: errorResponse } } },
    async (request, reply) => {
      const { url } = request.query as { url: string }
      let image = cache.get(url)
      if (!image) {
        try {
          image = await fetchNftImage(url, policy, maxImageBytes)
        } catch (error) {
          if (!(error instanceof NftFetchError)) throw error
          request.log.info({ err: error.message }, 'NFT image refused')
          return sendError(reply, 502, 'image_unavailable', `The image could not be used: ${error.message}`)
        }
        cache.set(url, image)
      }
      return (
        reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // Raster only, but opened on its own it still may not run or load anything.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.body)
      )
    },
  )
}
