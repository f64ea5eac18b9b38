import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { getAddress, isAddress } from 'viem'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import { assetOf, readBalances, type TokenBalance, withPrices } from './balances.js'
import { type NftOptions, registerNftRoutes } from './nft-routes.js'
import { maxPriceAssets, type PriceLookup, type PriceOptions } from './prices.js'
import { PriceSourceError } from './prices-coingecko.js'
import {
  isSolanaAddress,
  type ListedSplToken,
  parseSplTokenList,
  readSolanaBalances,
} from './solana-balances.js'
import { defaultTokens, type ListedToken, parseTokenList, tokensFor } from './tokens.js'
import type { TransactionSourceOptions } from './transactions.js'

/** Options of the account services (`ServerOptions.account`). */
export interface AccountOptions {
  /**
   * Each project's own tokens (spec §3 `tokens`), by project id, on top of the default list:
   * ERC-20 contracts, and SPL mints (with a name and symbol) on `solana:` chains.
   */
  tokens?: Record<string, readonly (ListedToken | ListedSplToken)[]> | undefined
  /** Replaces the default token list; `[]` looks for the projects' own tokens only. */
  defaultTokens?: readonly ListedToken[] | undefined
  /** How long a chain's node may take to answer, at most (default 5000 ms). */
  rpcTimeoutMs?: number | undefined
  /** The price service's bounds: source timeout, cache lifetime and size. */
  prices?: PriceOptions | undefined
  /** The NFT service: metadata hosts, IPFS gateway, spam rules, bounds. */
  nfts?: NftOptions | undefined
  /**
   * Where each chain's transactions come from (`/account/v1/transactions`), by CAIP-2 id: the
   * built-in indexer over a node (`{ source: 'rpc', rpcUrl }`), a Blockscout instance
   * (`{ source: 'blockscout', url }`) or Etherscan API v2 (`{ source: 'etherscan', apiKey }`).
   * None by default: no chain has a transactions service, and no indexer host is contacted.
   */
  transactions?: Record<string, TransactionSourceOptions> | undefined
}

const tokenBalance = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'symbol', 'chainId', 'quantity', 'iconUrl'],
  properties: {
    name: { type: 'string' },
    symbol: { type: 'string' },
    chainId: { type: 'string' },
    address: { type: 'string' },
    value: { type: 'number' },
    price: { type: 'number' },
    quantity: {
      type: 'object',
      additionalProperties: false,
      required: ['decimals', 'numeric'],
      properties: { decimals: { type: 'string' }, numeric: { type: 'string' } },
    },
    iconUrl: { type: 'string' },
  },
} as const

const balancesQuery = {
  ...projectQuery,
  required: ['projectId', 'address', 'chainId'],
  properties: {
    ...projectQuery.properties,
    address: { type: 'string', pattern: '^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' },
    chainId: { type: 'string', pattern: '^(?:eip155:[1-9][0-9]{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32})$' },
  },
} as const

/**
 * `GET /account/v1/balances?projectId&address&chainId`: the native coin and the ERC-20 (or, on
 * a `solana:` chain, SPL) tokens an address holds on one of the project's chains (spec §7, response field `balances`), read
 * over the project's own RPC URL in one round trip. A node that fails or times out answers 502
 * 'Token Balance Unavailable'.
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    listRpcUrls: (projectId: string) => Promise<Record<string, string>>
    /** The tokens the operator added to the project (`latch-server project tokens add`). */
    listProjectTokens: (projectId: string) => Promise<readonly ListedToken[]>
    account: AccountOptions
    /** The project's price source, when it has one: each balance carries its price and value. */
    prices?: PriceLookup | undefined
  },
): void {
  const defaults = parseTokenList(options.account.defaultTokens ?? defaultTokens, 'account.defaultTokens')
  const lists = Object.entries(options.account.tokens ?? {}).map(([id, list]) => {
    const isSpl = (entry: unknown) => String((entry as { chainId?: unknown })?.chainId).startsWith('solana:')
    return {
      id,
      evm: parseTokenList(
        list.filter((entry) => !isSpl(entry)),
        `account.tokens.${id}`,
      ),
      spl: parseSplTokenList(list.filter(isSpl), `account.tokens.${id}`),
    }
  })
  const projectTokens = new Map(lists.map(({ id, evm }) => [id, evm]))
  const projectSplTokens = new Map(lists.map(({ id, spl }) => [id, spl]))
  const timeoutMs = options.account.rpcTimeoutMs ?? 5_000
  registerNftRoutes(app, {
    requireProject: options.requireProject,
    listRpcUrls: options.listRpcUrls,
    nfts: options.account.nfts ?? {},
    rpcTimeoutMs: timeoutMs,
  })
  // Balances carry the price source's prices; a source that fails leaves them without, as a
  // project without a source does: the balances themselves are still right.
  const priced = async (
    projectId: string,
    chainId: string,
    balances: TokenBalance[],
    log: { warn: (details: object, message: string) => void },
  ): Promise<TokenBalance[]> => {
    if (!options.prices || balances.length === 0) return balances
    try {
      const known = await options.prices(projectId, chainId, balances.map(assetOf).slice(0, maxPriceAssets))
      return known ? withPrices(balances, known) : balances
    } catch (error) {
      if (!(error instanceof PriceSourceError)) throw error
      log.warn({ chainId, err: error.message }, 'price read failed')
      return balances
    }
  }
  app.get(
    '/account/v1/balances',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: balancesQuery,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['balances'],
            properties: { balances: { type: 'array', items: tokenBalance } },
          },
          400: errorResponse,
          403: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { address, chainId } = request.query as { address: string; chainId: string }
      const project = request.project!
      const solana = chainId.startsWith('solana:')
      if (solana ? !isSolanaAddress(address) : !address.startsWith('0x'))
        return sendError(reply, 400, 'invalid_address', `The address is not an address of ${chainId}`)
      if (!solana && !isAddress(address))
        return sendError(reply, 400, 'invalid_address', 'The address does not match its checksum')
      const rpcUrl = (await options.listRpcUrls(project.id))[chainId]
      if (!rpcUrl)
        return sendError(
          reply,
          400,
          'unsupported_chain',
          `Project "${project.id}" has no RPC URL for ${chainId}: set one with \`latch-server project set-rpc\``,
        )
      try {
        const balances: TokenBalance[] = solana
          ? await readSolanaBalances({
              rpcUrl,
              chainId,
              address,
              tokens: (projectSplTokens.get(project.id) ?? []).filter((token) => token.chainId === chainId),
              timeoutMs,
            })
          : await readBalances({
              rpcUrl,
              chainId,
              address: getAddress(address),
              tokens: tokensFor(chainId, [
                defaults,
                projectTokens.get(project.id) ?? [],
                await options.listProjectTokens(project.id),
              ]),
              timeoutMs,
            })
        return { balances: await priced(project.id, chainId, balances, request.log) }
      } catch (error) {
        request.log.warn({ chainId, err: (error as Error).message }, 'balance read failed')
        return sendError(reply, 502, 'balance_unavailable', 'Token Balance Unavailable')
      }
    },
  )
}
