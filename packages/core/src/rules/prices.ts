import type { TokenBalance } from './tokens.js'

/** The fiat value of each balance (none where there is no price) and their total. */
export interface FiatValues {
  /** In the order of the balances; `undefined` where no price is known. */
  values: (number | undefined)[]
  /** The sum of the known values; `undefined` when none is known. */
  total: number | undefined
}

/**
 * The fiat values of balances: `quantity × price` from the server's prices (by CAIP-10 address,
 * `native` for the coin), else from the balance's own `price` when its source gave one above 0
 * (a wallet's EIP-7811 answer). A balance with neither has no value: a price is never assumed.
 */
export function fiatValues(
  balances: readonly TokenBalance[],
  prices: Readonly<Record<string, number>> | undefined,
): FiatValues {
  let total: number | undefined
  const values = balances.map((balance) => {
    const price =
      prices?.[balance.address ?? 'native'] ??
      (balance.price !== undefined && balance.price > 0 ? balance.price : undefined)
    const amount = Number(balance.quantity.numeric)
    if (price === undefined || !Number.isFinite(amount)) return undefined
    const value = amount * price
    total = (total ?? 0) + value
    return value
  })
  return { values, total }
}
