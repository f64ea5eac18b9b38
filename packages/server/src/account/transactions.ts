import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { getAddress, isAddress } from 'viem'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { ActivityRepository } from '../storage/activity.js'
import { isSpamCollection, type SpamRules } from './nft-spam.js'
import { type BlockscoutOptions, createBlockscoutSource } from './transactions-blockscout.js'
import { createEtherscanSource, type EtherscanOptions } from './transactions-etherscan.js'
import { createRpcIndexer, type RpcIndexerOptions } from './transactions-indexer.js'
import { type ActivityPage, SourceError, type TransactionSource } from './transactions-shape.js'

/** Where one chain's transactions come from; a chain without an entry has no transactions service. */
export type TransactionSourceOptions = RpcIndexerOptions | BlockscoutOptions | EtherscanOptions

const chainPattern = /^eip155:[1-9][0-9]{0,15}$/

function httpUrl(value: unknown, where: string): string {
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new TypeError(`${where}: expected an http or https URL`)
  return value
}

/** Checks the configuration of the sources and builds one per chain; a mistake names its place. */
export function createTransactionSources(
  config: Record<string, TransactionSourceOptions>,
  repository: ActivityRepository,
  timeoutMs: number,
): Map<string, TransactionSource> {
  const sources = new Map<string, TransactionSource>()
  for (const [chainId, entry] of Object.entries(config)) {
    const where = `account.transactions.${chainId}`
    if (!chainPattern.test(chainId)) throw new TypeError(`${where}: expected an eip155 CAIP-2 chain id`)
    if (entry?.source === 'rpc') {
      httpUrl(entry.rpcUrl, `${where}.rpcUrl`)
      for (const key of ['startBlock', 'maxBlocksPerRequest'] as const) {
        const n = entry[key]
        if (n !== undefined && (!Number.isSafeInteger(n) || n < (key === 'startBlock' ? 0 : 1) || n > 1e12))
          throw new TypeError(`${where}.${key}: expected a whole number`)
      }
      sources.set(chainId, createRpcIndexer(chainId, entry, repository, timeoutMs))
    } else if (entry?.source === 'blockscout') {
      httpUrl(entry.url, `${where}.url`)
      sources.set(chainId, createBlockscoutSource(chainId, entry, timeoutMs))
    } else if (entry?.source === 'etherscan') {
      if (typeof entry.apiKey !== 'string' || !/^[A-Za-z0-9]{8,64}$/.test(entry.apiKey))
        throw new TypeError(`${where}.apiKey: expected an Etherscan API key`)
      if (entry.url !== undefined) httpUrl(entry.url, `${where}.url`)
      sources.set(chainId, createEtherscanSource(chainId, entry, timeoutMs))
    } else throw new TypeError(`${where}.source: expected 'rpc', 'blockscout' or 'etherscan'`)
  }
  return sources
}

const transactionsQuery = {
  ...projectQuery,
  required: ['projectId', 'address', 'chainId'],
  properties: {
    ...projectQuery.properties,
    address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    chainId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
    cursor: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,1024}$' },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
  },
} as const

/**
 * `GET /account/v1/transactions?projectId&address&chainId[&cursor][&limit]`: the address's
 * transactions on one chain, newest first, `limit` (default 20) at a time, with the cursor of
 * the next page (spec §7: `data`, `next`). A source that fails answers 502 'Failed to fetch
 * transactions' (spec §8); a cursor this service did not give is 400.
 */
export function registerTransactionRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    sources: Map<string, TransactionSource>
    /** The NFT service's spam rules: NFT transfers are flagged with them. */
    spam: SpamRules
  },
): void {
  app.get(
    '/account/v1/transactions',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: transactionsQuery,
        response: { 400: errorResponse, 403: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const { address, chainId, cursor, limit } = request.query as {
        address: string
        chainId: string
        cursor?: string
        limit?: number
      }
      if (!isAddress(address))
        return sendError(reply, 400, 'invalid_address', 'The address does not match its checksum')
      const source = options.sources.get(chainId)
      if (!source)
        return sendError(
          reply,
          400,
          'unsupported_chain',
          `No transactions service is configured for ${chainId}`,
        )
      try {
        const page = await source.list(getAddress(address), cursor, limit ?? 20)
        return flagSpam(page, options.spam)
      } catch (error) {
        if (error instanceof SourceError && error.reason === 'invalid_cursor')
          return sendError(reply, 400, 'invalid_cursor', error.message)
        request.log.warn({ chainId, err: (error as Error).message }, 'transactions read failed')
        return sendError(reply, 502, 'transactions_unavailable', 'Failed to fetch transactions')
      }
    },
  )
}

/**
 * Marks each NFT transfer with whether its collection is spam by the NFT service's rules (the
 * operator's contracts, lure words or links in the symbol), so a transaction that only moved spam
 * is dropped by Activity (spec §5) as the NFTs tab hides the collection.
 */
function flagSpam(page: ActivityPage, rules: SpamRules): ActivityPage {
  for (const transaction of page.data)
    for (const transfer of transaction.transfers) {
      if (transfer.standard !== 'erc721' && transfer.standard !== 'erc1155') continue
      const caip10 = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(transfer.token ?? '')
      const is_spam =
        caip10 !== null &&
        isSpamCollection(rules, { chainId: caip10[1]!, address: caip10[2]!, symbol: transfer.symbol })
      transfer.nft_info = { flags: { is_spam } }
    }
  return page
}
