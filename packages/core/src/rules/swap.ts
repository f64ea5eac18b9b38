import { s } from '../schema/s.js'
import type { Infer } from '../schema/schema.js'
import { formatUnits, type TokenBalance } from './tokens.js'

/** The address that stands for a chain's native coin in swap quotes (spec §3 swap token). */
export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const address = () => s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
const uint = () => s.string().regex(/^[0-9]{1,78}$/, 'Invalid amount')
const hex = () => s.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid data')
const swapToken = () =>
  s.object({ address: address(), symbol: s.string(), decimals: s.number().int() }).strict()

// Built when an answer is checked, not at import: an app that never swaps runs none of this.
const swapQuoteSchema = () =>
  s
    .object({
      chainId: s.string(),
      from: swapToken(),
      to: swapToken(),
      sellAmount: uint(),
      buyAmount: uint(),
      minBuyAmount: uint(),
      slippage: s.number(),
      priceImpact: s.union([s.number(), s.literal(null)]),
      route: s.array(address()),
      approval: s.union([s.object({ spender: address(), allowance: uint() }).strict(), s.literal(null)]),
      transaction: s
        .object({ to: address(), data: hex(), value: uint(), gas: uint(), gasPrice: uint() })
        .strict(),
    })
    .strict()

/** A quote of `/swap/v1/quote`, checked. */
export type SwapQuote = Infer<ReturnType<typeof swapQuoteSchema>>

/**
 * The server's quote, checked against what was asked: the same chain, tokens and amount, and a
 * minimum that is not above the amount out. Anything else is not a quote for this swap.
 */
export function parseSwapQuote(
  body: unknown,
  asked: { chainId: string; from: string; to: string; amount: bigint },
): SwapQuote {
  const quote = swapQuoteSchema().parse(body)
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  if (
    quote.chainId !== asked.chainId ||
    !same(quote.from.address, asked.from) ||
    !same(quote.to.address, asked.to) ||
    BigInt(quote.sellAmount) !== asked.amount ||
    BigInt(quote.minBuyAmount) > BigInt(quote.buyAmount)
  )
    throw new TypeError('The quote is not for the swap asked.')
  return quote
}

/** The token's address as swap quotes name it: its contract, or the native coin's stand-in. */
export function swapTokenAddress(token: TokenBalance): string {
  return token.address?.split(':').at(-1) ?? NATIVE_TOKEN_ADDRESS
}

/**
 * A token amount for reading: at most `places` decimal places, cut (never rounded up, so a
 * minimum is never overstated), and '< 0.0…1' rather than a zero for a non-zero amount.
 */
export function formatSwapAmount(raw: bigint, decimals: number, places = 6): string {
  const [whole = '0', fraction = ''] = formatUnits(raw, decimals).split('.')
  const cut = fraction.slice(0, places).replace(/0+$/, '')
  if (cut) return `${whole}.${cut}`
  if (raw > 0n && whole === '0') return `< 0.${'0'.repeat(places - 1)}1`
  return whole
}

/** How many `to` one `from` buys at the quote, for "1 ETH = 2 475.3 LTT". */
export function swapRate(quote: SwapQuote, places = 6): string {
  const sell = BigInt(quote.sellAmount)
  if (sell === 0n) return '0'
  // Scaled to the `to` token's units per whole `from` token, exact in integers.
  const perOne = (BigInt(quote.buyAmount) * 10n ** BigInt(quote.from.decimals)) / sell
  return formatSwapAmount(perOne, quote.to.decimals, places)
}

/** The price impact as a percentage with two places: 0.0398 → '3.98 %' is given as 3.98 by the server. */
export function formatPriceImpact(percent: number): string {
  return percent < 0.01 ? '< 0.01' : percent.toFixed(2)
}

/** The network fee the quote's transaction may cost, in the native coin's smallest unit. */
export function swapNetworkFee(quote: SwapQuote): bigint {
  return BigInt(quote.transaction.gas) * BigInt(quote.transaction.gasPrice)
}

/** Whether the wallet must approve the router to spend `from` before the swap. */
export function needsApproval(quote: SwapQuote): boolean {
  return quote.approval !== null && BigInt(quote.approval.allowance) < BigInt(quote.sellAmount)
}
