import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { getAddress, isAddress } from 'viem'
import { atRestContext, type KeyEncryptionKey } from '../at-rest.js'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { PriceSourceSetting } from '../storage/prices.js'
import { coinGeckoPrices, hasMarket, PriceSourceError } from './prices-coingecko.js'
import { isSolanaAddress } from './solana-balances.js'

/** Options of the price service (`ServerOptions.account.prices`). */
export interface PriceOptions {
  /** How long the price source may take to answer, at most (default 3000 ms). */
  timeoutMs?: number | undefined
  /** How long a price is reused before the source is asked again (default 60 000 ms). */
  cacheTtlMs?: number | undefined
  /** Prices kept in memory at most; the oldest go first (default 10 000). */
  cacheEntries?: number | undefined
}

const sealedPrefix = 'sealed:'

/** The stored form of a price source's API key: sealed under the key-encryption key. */
export function sealPriceApiKey(kek: KeyEncryptionKey, projectId: string, apiKey: string): string {
  return sealedPrefix + kek.seal(apiKey, atRestContext.priceApiKey(projectId))
}

/** The API key as sent to the source; throws when a sealed key does not open. */
function openPriceApiKey(kek: KeyEncryptionKey | undefined, projectId: string, stored: string): string {
  if (!stored.startsWith(sealedPrefix)) return stored
  if (kek === undefined)
    throw new PriceSourceError('The price API key is sealed and no LATCH_SECRET_KEY is set')
  try {
    return kek.open(stored.slice(sealedPrefix.length), atRestContext.priceApiKey(projectId))
  } catch {
    throw new PriceSourceError('LATCH_SECRET_KEY does not open the price API key')
  }
}

/** Assets one request may ask the price of, at most. */
export const maxPriceAssets = 50

const pricesQuery = {
  ...projectQuery,
  required: ['projectId', 'chainId', 'assets'],
  properties: {
    ...projectQuery.properties,
    chainId: { type: 'string', pattern: '^(?:eip155:[1-9][0-9]{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32})$' },
    // `native` and contract (or mint) addresses, comma-separated; counted in the handler.
    assets: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9]+(?:,[A-Za-z0-9]+)*$' },
  },
} as const

const pricesResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'prices'],
  properties: {
    currency: { type: 'string' },
    prices: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['price'],
        properties: { address: { type: 'string' }, price: { type: 'number' } },
      },
    },
  },
} as const

/** Prices by source, chain and asset for a short while; `null` remembers "the source has none". */
class PriceCache {
  private readonly entries = new Map<string, { price: number | null; until: number }>()
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now: number): number | null | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    if (entry.until > now) return entry.price
    this.entries.delete(key)
    return undefined
  }

  set(key: string, price: number | null, now: number): void {
    this.entries.delete(key)
    this.entries.set(key, { price, until: now + this.ttlMs })
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break
      this.entries.delete(oldest)
    }
  }
}

/** The assets of the query, checked for the chain: `native` or addresses (EVM ones checksummed). */
function parseAssets(chainId: string, assets: string): string[] | string {
  const list = [...new Set(assets.split(','))]
  const solana = chainId.startsWith('solana:')
  const checked: string[] = []
  for (const asset of list) {
    if (asset === 'native') checked.push(asset)
    else if (solana ? isSolanaAddress(asset) : isAddress(asset, { strict: false }))
      checked.push(solana ? asset : getAddress(asset))
    else return asset
  }
  return checked
}

/**
 * Prices from the price source the operator set for a project: `undefined` when the project has
 * none (or the chain has no market), else the USD price of each asset the source knows (by
 * `native` or the checksummed address). Shared by the price and balance routes, with one cache.
 */
export type PriceLookup = (
  projectId: string,
  chainId: string,
  assets: readonly string[],
) => Promise<Map<string, number> | undefined>

/**
 * The price lookup of the server: a source that fails, times out or answers something other
 * than prices throws `PriceSourceError`. Prices (and "the source has none") are cached for
 * `cacheTtlMs`; pages that open at once ask the source once for the same prices.
 */
export function createPriceLookup(options: {
  priceSourceOf: (projectId: string) => Promise<PriceSourceSetting | undefined>
  prices: PriceOptions
  /** Opens the API keys `project set-prices` sealed. */
  atRest: KeyEncryptionKey | undefined
}): PriceLookup {
  const timeoutMs = options.prices.timeoutMs ?? 3_000
  const cache = new PriceCache(options.prices.cacheTtlMs ?? 60_000, options.prices.cacheEntries ?? 10_000)
  const inFlight = new Map<string, Promise<Map<string, number>>>()
  return async (projectId, chainId, assets) => {
    const source = await options.priceSourceOf(projectId)
    if (source === undefined || !hasMarket(chainId)) return undefined
    const now = Date.now()
    const keyOf = (asset: string) => `${source.url}\n${chainId}\n${asset.toLowerCase()}`
    const known = new Map(assets.map((asset) => [asset, cache.get(keyOf(asset), now)]))
    const missing = assets.filter((asset) => known.get(asset) === undefined)
    if (missing.length > 0) {
      const asking = `${source.url}\n${chainId}\n${missing.join(',')}`
      let pending = inFlight.get(asking)
      if (pending === undefined) {
        pending = coinGeckoPrices({
          url: source.url,
          apiKey: source.apiKey && openPriceApiKey(options.atRest, projectId, source.apiKey),
          chainId,
          assets: missing,
          currency: 'usd',
          timeoutMs,
        }).finally(() => inFlight.delete(asking))
        inFlight.set(asking, pending)
      }
      const fresh = await pending
      for (const asset of missing) {
        known.set(asset, fresh.get(asset) ?? null)
        cache.set(keyOf(asset), fresh.get(asset) ?? null, Date.now())
      }
    }
    const prices = new Map<string, number>()
    for (const [asset, price] of known) if (typeof price === 'number') prices.set(asset, price)
    return prices
  }
}

/**
 * `GET /account/v1/prices?projectId&chainId&assets=native,0x…`: the USD price of a chain's
 * native coin and tokens from the price source the operator set for the project (`latch-server
 * project set-prices`). Without one the answer has no prices, and no host is contacted. A source
 * that fails, times out or answers something other than prices gives 502 'Prices Unavailable'.
 */
export function registerPriceRoutes(
  app: FastifyInstance,
  options: { requireProject: preHandlerAsyncHookHandler; lookup: PriceLookup },
): void {
  app.get(
    '/account/v1/prices',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: pricesQuery,
        response: { 200: pricesResponse, 400: errorResponse, 403: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as { chainId: string; assets: string }
      const { chainId } = query
      const assets = parseAssets(chainId, query.assets)
      if (typeof assets === 'string')
        return sendError(reply, 400, 'invalid_asset', `"${assets}" is not native or a token of ${chainId}`)
      if (assets.length > maxPriceAssets)
        return sendError(reply, 400, 'too_many_assets', `At most ${maxPriceAssets} assets per request`)
      let known: Map<string, number> | undefined
      try {
        known = await options.lookup(request.project!.id, chainId, assets)
      } catch (error) {
        if (!(error instanceof PriceSourceError)) throw error
        request.log.warn({ chainId, err: error.message }, 'price read failed')
        return sendError(reply, 502, 'prices_unavailable', 'Prices Unavailable')
      }
      const prices = assets.flatMap((asset) => {
        const price = known?.get(asset)
        if (price === undefined) return []
        return [{ ...(asset === 'native' ? {} : { address: `${chainId}:${asset}` }), price }]
      })
      return { currency: 'USD', prices }
    },
  )
}
