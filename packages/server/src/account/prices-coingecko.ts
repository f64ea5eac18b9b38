import { readBounded } from '../http/bounded.js'
import { isRecord } from './transactions-http.js'

/** Why a price source gave no usable answer; the route answers 502 'Prices Unavailable'. */
export class PriceSourceError extends Error {
  override name = 'PriceSourceError' as const
}

// A price answer for at most a few dozen assets is a few KiB; anything far larger is not one.
const maxBytes = 256 * 1024
// Above this a "price" in USD is not a price.
const maxPrice = 1e15

// CoinGecko's ids of the native coins, and its asset platforms (for token contracts), of the
// chains the kit has presets for. Other chains (testnets, local chains under their own ids) have
// no market price: they get none.
const coins: Record<string, { coin: string; platform: string }> = {
  'eip155:1': { coin: 'ethereum', platform: 'ethereum' },
  'eip155:10': { coin: 'ethereum', platform: 'optimistic-ethereum' },
  'eip155:56': { coin: 'binancecoin', platform: 'binance-smart-chain' },
  'eip155:100': { coin: 'xdai', platform: 'xdai' },
  'eip155:137': { coin: 'polygon-ecosystem-token', platform: 'polygon-pos' },
  'eip155:8453': { coin: 'ethereum', platform: 'base' },
  'eip155:42161': { coin: 'ethereum', platform: 'arbitrum-one' },
  'eip155:42220': { coin: 'celo', platform: 'celo' },
  'eip155:43114': { coin: 'avalanche-2', platform: 'avalanche' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { coin: 'solana', platform: 'solana' },
}

/** True when the price source knows the chain's coin and platform. */
export function hasMarket(chainId: string): boolean {
  return coins[chainId] !== undefined
}

/** Reads a body up to `maxBytes`, stopping (and cancelling) as soon as it is larger. */
async function boundedText(response: Response): Promise<string> {
  const text = await readBounded(response, maxBytes)
  if (text === undefined) throw new PriceSourceError('The price answer is too large')
  return text
}

/**
 * GETs one price document. The key goes in CoinGecko's header (the pro API's on its pro host,
 * the demo key's elsewhere), never in the URL, so it stays out of logs and errors.
 */
async function getPrices(
  url: URL,
  apiKey: string | null,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (apiKey)
    headers[url.hostname === 'pro-api.coingecko.com' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = apiKey
  let response: Response
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
  } catch (error) {
    throw new PriceSourceError(
      (error as Error).name === 'TimeoutError'
        ? 'The price source timed out'
        : 'The price source could not be reached',
    )
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new PriceSourceError(`The price source answered ${response.status}`)
  }
  let body: unknown
  try {
    body = JSON.parse(await boundedText(response))
  } catch (error) {
    if (error instanceof PriceSourceError) throw error
    throw new PriceSourceError('The price answer is not JSON')
  }
  if (!isRecord(body)) throw new PriceSourceError('The price answer is not an object of prices')
  return body
}

/** A price in `currency` from one entry of the answer; none unless a finite, non-negative number. */
function priceOf(entry: unknown, currency: string): number | undefined {
  if (!isRecord(entry)) return undefined
  const price = entry[currency]
  return typeof price === 'number' && Number.isFinite(price) && price >= 0 && price < maxPrice
    ? price
    : undefined
}

/**
 * Asks a CoinGecko-shaped API for the prices of a chain's native coin (`'native'`) and token
 * contracts: `/simple/price?ids=` and `/simple/token_price/{platform}?contract_addresses=`.
 * Resolves the prices by asset as asked; an asset the source has no number for is absent.
 *
 * @example
 * const prices = await coinGeckoPrices({ url, apiKey, chainId: 'eip155:1', assets: ['native'], currency: 'usd', timeoutMs: 3000 })
 */
export async function coinGeckoPrices(parameters: {
  url: string
  apiKey: string | null
  chainId: string
  assets: readonly string[]
  currency: 'usd'
  timeoutMs: number
}): Promise<Map<string, number>> {
  const { url, apiKey, chainId, assets, currency, timeoutMs } = parameters
  const market = coins[chainId]
  const prices = new Map<string, number>()
  if (market === undefined) return prices
  const base = url.replace(/\/+$/, '')
  const tokens = assets.filter((asset) => asset !== 'native')
  const [native, listed] = await Promise.all([
    assets.includes('native')
      ? getPrices(
          new URL(
            `${base}/simple/price?${new URLSearchParams({ ids: market.coin, vs_currencies: currency })}`,
          ),
          apiKey,
          timeoutMs,
        )
      : undefined,
    tokens.length > 0
      ? getPrices(
          new URL(
            `${base}/simple/token_price/${market.platform}?${new URLSearchParams({
              contract_addresses: tokens.join(','),
              vs_currencies: currency,
            })}`,
          ),
          apiKey,
          timeoutMs,
        )
      : undefined,
  ])
  const nativePrice = priceOf(native?.[market.coin], currency)
  if (nativePrice !== undefined) prices.set('native', nativePrice)
  if (listed !== undefined) {
    // EVM contracts come back in lower case; Solana mints as asked.
    const byKey = new Map(Object.entries(listed).map(([key, entry]) => [key.toLowerCase(), entry]))
    for (const token of tokens) {
      const price = priceOf(byKey.get(token.toLowerCase()), currency)
      if (price !== undefined) prices.set(token, price)
    }
  }
  return prices
}
