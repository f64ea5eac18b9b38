import { s } from '@latch/core/internal'
import { isAddressEqual } from 'viem'
import {
  type AggregatorQuote,
  type AggregatorRequest,
  addressOf,
  checkAggregatorQuote,
  getAggregatorJson,
  QuoteRejectedError,
  tokenOf,
  uint,
} from './aggregator.js'
import { NoRouteError, nativeTokenAddress } from './uniswap-v2.js'

const uintText = () => s.string().regex(/^[0-9]{1,78}$/, 'Invalid amount')
const addressText = () => s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')

// The parts of 0x Swap API v2's allowance-holder quote the server reads; the rest is not needed.
const quoteSchema = () =>
  s.object({
    liquidityAvailable: s.literal(true),
    chainId: s.number().int().optional(),
    buyToken: addressText(),
    sellToken: addressText(),
    buyAmount: uintText(),
    minBuyAmount: uintText(),
    sellAmount: uintText(),
    transaction: s.object({
      to: addressText(),
      data: s.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Invalid data'),
      gas: uintText(),
      gasPrice: uintText(),
      value: uintText(),
    }),
    issues: s.object({
      allowance: s.union([s.object({ actual: uintText(), spender: addressText() }), s.literal(null)]),
    }),
    route: s.object({ tokens: s.array(s.object({ address: addressText() })) }).optional(),
  })

/**
 * 0x Swap API v2, AllowanceHolder flow: `GET /swap/allowance-holder/quote` with the project's key
 * (`0x-api-key`) and `0x-version: v2`; the slippage in basis points. Its `transaction` goes to the
 * AllowanceHolder contract, which is also the spender a sold token is approved to
 * (`issues.allowance.spender` while the taker's allowance is short).
 */
export async function quoteZeroEx(request: AggregatorRequest): Promise<AggregatorQuote> {
  const url = new URL('swap/allowance-holder/quote', `${request.apiUrl.replace(/\/$/, '')}/`)
  url.search = new URLSearchParams({
    chainId: String(request.chainId),
    sellToken: request.from,
    buyToken: request.to,
    sellAmount: request.amount.toString(),
    taker: request.taker,
    slippageBps: String(Math.round(request.slippagePercent * 100)),
  }).toString()
  const body = await getAggregatorJson(
    '0x',
    url,
    { '0x-api-key': request.apiKey, '0x-version': 'v2' },
    request.timeoutMs,
    // 0x names an unknown or unsupported token in its 400 error.
    (status, answer) =>
      status === 400 &&
      typeof answer === 'object' &&
      answer !== null &&
      ['TOKEN_NOT_SUPPORTED', 'INSUFFICIENT_LIQUIDITY'].includes(String((answer as { name?: unknown }).name)),
    `${request.from} → ${request.to}`,
  )
  if (
    typeof body === 'object' &&
    body !== null &&
    (body as { liquidityAvailable?: unknown }).liquidityAvailable === false
  )
    throw new NoRouteError(`0x has no liquidity for ${request.from} → ${request.to} at this amount`)
  const parsed = quoteSchema().safeParse(body)
  if (!parsed.success)
    throw new QuoteRejectedError(
      `0x's quote was refused: ${parsed.issues[0]?.path.join('.') || 'its answer'} is malformed`,
    )
  const q = parsed.data
  const tx = q.transaction
  const to = addressOf(tx.to)!
  // The allowance is short: 0x names the spender; else it is the AllowanceHolder the transaction calls.
  const spender = isAddressEqual(request.from, nativeTokenAddress)
    ? null
    : (addressOf(q.issues.allowance?.spender) ?? to)
  if (spender !== null && !isAddressEqual(spender, to))
    throw new QuoteRejectedError(
      "0x's quote was refused: its spender is not the contract its transaction calls",
    )
  const route = (q.route?.tokens ?? []).map((t) => tokenOf(t.address)!)
  return checkAggregatorQuote(
    '0x',
    request,
    { chainId: q.chainId, from: tokenOf(q.sellToken), to: tokenOf(q.buyToken), amount: uint(q.sellAmount) },
    {
      buyAmount: BigInt(q.buyAmount),
      minBuyAmount: BigInt(q.minBuyAmount),
      spender,
      route: route.length >= 2 ? route : [request.from, request.to],
      priceImpact: null,
      transaction: {
        to,
        data: tx.data as `0x${string}`,
        value: BigInt(tx.value),
        gas: BigInt(tx.gas),
        gasPrice: BigInt(tx.gasPrice),
      },
    },
  )
}
