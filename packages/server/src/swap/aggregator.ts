import type { Address } from 'viem'
import { getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { NoRouteError, nativeTokenAddress } from './uniswap-v2.js'

/** The swap aggregators the server has adapters for (`latch-server project set-swap --provider`). */
export const swapAggregatorIds = ['0x', 'lifi'] as const
export type SwapAggregatorId = (typeof swapAggregatorIds)[number]

export const isSwapAggregator = (id: string): id is SwapAggregatorId =>
  (swapAggregatorIds as readonly string[]).includes(id)

/** Each aggregator's public API, where `set-swap` points unless told otherwise. */
export const defaultAggregatorUrls: Record<SwapAggregatorId, string> = {
  '0x': 'https://api.0x.org',
  lifi: 'https://li.quest',
}

/** The aggregators' names as the visitor and the operator read them. */
export const aggregatorNames: Record<SwapAggregatorId, string> = { '0x': '0x', lifi: 'LI.FI' }

/** What an aggregator is asked: a sell of an exact amount on one chain, by the taker's wallet. */
export interface AggregatorRequest {
  apiUrl: string
  apiKey: string
  /** The chain's numeric EIP-155 id. */
  chainId: number
  from: Address
  to: Address
  amount: bigint
  taker: Address
  /** Percent, e.g. 1. */
  slippagePercent: number
  timeoutMs: number
}

/** An aggregator's answer, mapped and checked: what the server's quote is built from. */
export interface AggregatorQuote {
  buyAmount: bigint
  minBuyAmount: bigint
  /** Who must be allowed to move the sold token (null when the native coin is sold). */
  spender: Address | null
  /** The tokens along the route, as far as the aggregator tells; else the two sides. */
  route: Address[]
  /** Percent, when the aggregator's answer gives the value in and out. */
  priceImpact: number | null
  transaction: { to: Address; data: `0x${string}`; value: bigint; gas: bigint; gasPrice: bigint }
}

/**
 * An aggregator's answer the server does not pass on: for another chain, token or amount, a
 * minimum past the slippage tolerance, a transaction that does not fit. Nothing reaches the wallet.
 */
export class QuoteRejectedError extends Error {}

/** The aggregator failed to answer (down, slow, refused the key): no quote now. */
export class AggregatorUnavailableError extends Error {}

/** An aggregator's answer longer than this is not a quote (0x's and LI.FI's are a few KiB). */
const maxAnswerChars = 256 * 1024

/** Gas a swap through an aggregator may take at most before its estimate is not believed. */
export const maxSwapGas = 5_000_000n
/** A gas price above this (10 000 gwei) is not a price any chain charges for a swap. */
export const maxGasPrice = 10_000n * 10n ** 9n

const native = (address: Address) => isAddressEqual(address, nativeTokenAddress)

/**
 * Asks an aggregator's API: a GET with the key in a header, at most `timeoutMs`. A 404 or a
 * refusal the aggregator explains as "no route" is the visitor's pair; any other failure is the
 * aggregator's.
 */
export async function getAggregatorJson(
  name: string,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  noRoute: (status: number, body: unknown) => boolean,
  pair: string,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    throw new AggregatorUnavailableError(
      timedOut ? `${name} did not answer within ${timeoutMs} ms` : `${name} could not be reached`,
    )
  }
  const text = await response.text().catch(() => {
    throw new AggregatorUnavailableError(`${name} did not answer within ${timeoutMs} ms`)
  })
  if (text.length > maxAnswerChars)
    throw new QuoteRejectedError(`${name} answered more than ${maxAnswerChars / 1024} KiB`)
  let body: unknown
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    throw new QuoteRejectedError(`${name} answered HTTP ${response.status} with a body that is not JSON`)
  }
  if (response.ok) return body
  if (noRoute(response.status, body)) throw new NoRouteError(`${name} has no route for ${pair}`)
  throw new AggregatorUnavailableError(
    response.status === 401 || response.status === 403
      ? `${name} refused the project's API key (HTTP ${response.status})`
      : `${name} answered HTTP ${response.status}`,
  )
}

/** A decimal or 0x-hex unsigned integer of at most 256 bits, or undefined. */
export function uint(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value)) return undefined
  const n = BigInt(value)
  return n < 2n ** 256n ? n : undefined
}

/** An address as an aggregator wrote it (any case), or undefined. */
export function addressOf(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined
}

/**
 * An aggregator's token address as the server's quotes name it: its zero address and
 * 0xEeee…EEeE both stand for the native coin.
 */
export function tokenOf(value: unknown): Address | undefined {
  const address = addressOf(value)
  if (address === undefined) return undefined
  return isAddressEqual(address, zeroAddress) ? nativeTokenAddress : address
}

/**
 * The checks every aggregator's answer passes before the visitor sees it: the chain, tokens and
 * amount asked (`echo`), an amount out and a minimum within the slippage tolerance, a
 * transaction that pays exactly the native amount sold (nothing when a token is sold), calls a
 * contract that is not the taker, and whose gas and gas price are believable.
 */
export function checkAggregatorQuote(
  name: string,
  request: AggregatorRequest,
  echo: {
    chainId?: number | undefined
    from?: Address | undefined
    to?: Address | undefined
    amount?: bigint | undefined
  },
  quote: AggregatorQuote,
): AggregatorQuote {
  const refuse = (why: string) => {
    throw new QuoteRejectedError(`${name}'s quote was refused: ${why}`)
  }
  if (echo.chainId !== undefined && echo.chainId !== request.chainId)
    refuse(`it is for chain ${echo.chainId}, not ${request.chainId}`)
  if (echo.from === undefined || !isAddressEqual(echo.from, request.from))
    refuse('it sells another token than the one asked')
  if (echo.to === undefined || !isAddressEqual(echo.to, request.to))
    refuse('it buys another token than the one asked')
  if (echo.amount !== request.amount) refuse('it sells another amount than the one asked')
  if (quote.buyAmount === 0n || quote.minBuyAmount === 0n) refuse('it buys nothing')
  if (quote.minBuyAmount > quote.buyAmount) refuse('its minimum is above its amount out')
  // minimum ≥ ⌊amount × (100 − slippage) / 100⌋, in integers (slippage in hundredths of a percent).
  const bps = BigInt(Math.round(request.slippagePercent * 100))
  if (quote.minBuyAmount < (quote.buyAmount * (10_000n - bps)) / 10_000n)
    refuse(
      `its minimum is further below its amount out than the ${request.slippagePercent} % slippage tolerance`,
    )
  const { transaction: tx } = quote
  const expectedValue = native(request.from) ? request.amount : 0n
  if (tx.value !== expectedValue)
    refuse(`its transaction pays ${tx.value} wei where ${expectedValue} is sold`)
  if (isAddressEqual(tx.to, request.taker) || isAddressEqual(tx.to, zeroAddress))
    refuse('its transaction calls no contract')
  if (tx.data.length < 10) refuse('its transaction calls no function')
  if (tx.gas <= 21_000n || tx.gas > maxSwapGas) refuse(`its gas limit ${tx.gas} is not believable`)
  if (tx.gasPrice === 0n || tx.gasPrice > maxGasPrice)
    refuse(`its gas price ${tx.gasPrice} is not believable`)
  if (native(request.from) !== (quote.spender === null))
    refuse(
      native(request.from) ? 'it asks an approval for the native coin' : 'it names no spender to approve',
    )
  if (quote.spender !== null && isAddressEqual(quote.spender, zeroAddress))
    refuse('its spender is the zero address')
  return quote
}
