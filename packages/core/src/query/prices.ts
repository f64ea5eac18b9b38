import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import type { TokenBalance } from '../rules/tokens.js'
import { s } from '../schema/s.js'
import type { CaipNetwork } from '../types.js'

export interface TokenPricesQueryParameters {
  caipNetwork: CaipNetwork
  /** The balances to price: the native coin (no `address`) and tokens (CAIP-10 `address`). */
  balances: readonly TokenBalance[]
}

/**
 * Prices of an account's tokens in one fiat currency: by the balance's CAIP-10 `address`, and
 * `native` for the chain's coin. A token the price source has no price for is absent.
 */
export interface TokenPrices {
  /** ISO 4217 code, e.g. `USD`. */
  currency: string
  prices: Readonly<Record<string, number>>
}

// Built when an answer is checked, not at import (see rules/tokens.ts).
const pricesAnswerSchema = () =>
  s
    .object({
      currency: s.string(),
      prices: s.array(s.object({ address: s.string().optional(), price: s.number() }).strict()),
    })
    .strict()

// The server takes at most this many assets per request (the rest stay unpriced).
const maxAssets = 50

/** `native`, or the contract (mint) part of a CAIP-10 id. */
const assetOf = (balance: TokenBalance) => balance.address?.split(':').at(-1) ?? 'native'

/** The stable key of the prices of a set of tokens on one network. */
export function tokenPricesQueryKey(parameters: TokenPricesQueryParameters) {
  const assets = parameters.balances.map(assetOf).slice(0, maxAssets)
  return ['latch', 'tokenPrices', { caipNetworkId: parameters.caipNetwork.caipNetworkId, assets }] as const
}

/**
 * Query options for the fiat prices of balances, from the price service of the app's `apiUrl`
 * (`/account/v1/prices`), which asks the price source the project's operator configured. Without
 * `apiUrl`, or when the server has no source, there are no prices: nothing is made up. Not
 * retried; a failure means "no prices" to the views.
 *
 * @example
 * const prices = await queryClientOf(latch).fetchQuery(tokenPricesQueryOptions(latch, { caipNetwork, balances }))
 */
export function tokenPricesQueryOptions(latch: Latch, parameters: TokenPricesQueryParameters) {
  const { caipNetwork, balances } = parameters
  const queryKey = tokenPricesQueryKey(parameters)
  return {
    queryKey,
    queryFn: async (): Promise<TokenPrices> => {
      const { apiUrl, projectId } = latch.options
      const client = createHttpClient({ baseUrl: apiUrl ?? '', projectId, retries: 0 })
      const body = await client.get('/account/v1/prices', {
        params: { chainId: caipNetwork.caipNetworkId, assets: queryKey[2].assets.join(',') },
      })
      const answer = pricesAnswerSchema().parse(body)
      const prices: Record<string, number> = {}
      for (const { address, price } of answer.prices)
        if (Number.isFinite(price) && price >= 0) prices[address ?? 'native'] = price
      return { currency: answer.currency, prices }
    },
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    enabled: Boolean(latch.options.apiUrl) && balances.length > 0,
  } as const
}
