import { s } from '@latch/core/internal'
import { isAddressEqual, zeroAddress } from 'viem'
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
import { nativeTokenAddress } from './uniswap-v2.js'

const uintText = () => s.string().regex(/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/, 'Invalid amount')
const addressText = () => s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
const usd = () =>
  s
    .string()
    .regex(/^[0-9]{1,15}(?:\.[0-9]{1,18})?$/, 'Invalid USD amount')
    .optional()

// The parts of LI.FI's `/v1/quote` step the server reads.
const quoteSchema = () =>
  s.object({
    action: s.object({
      fromChainId: s.number().int(),
      toChainId: s.number().int(),
      fromToken: s.object({ address: addressText() }),
      toToken: s.object({ address: addressText() }),
      fromAmount: uintText(),
      fromAddress: addressText().optional(),
      toAddress: addressText().optional(),
    }),
    estimate: s.object({
      fromAmount: uintText(),
      toAmount: uintText(),
      toAmountMin: uintText(),
      approvalAddress: addressText(),
      fromAmountUSD: usd(),
      toAmountUSD: usd(),
    }),
    transactionRequest: s.object({
      to: addressText(),
      data: s.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Invalid data'),
      value: uintText(),
      chainId: s.number().int(),
      gasPrice: uintText(),
      gasLimit: uintText(),
      from: addressText().optional(),
    }),
  })

/** The swap's loss in value, in percent with two places, from LI.FI's USD estimates when it gave both. */
function impactOf(fromUsd: string | undefined, toUsd: string | undefined): number | null {
  const from = Number(fromUsd)
  const to = Number(toUsd)
  if (!(from > 0) || !(to >= 0)) return null
  return Math.max(0, Math.round((1 - to / from) * 10_000) / 100)
}

/**
 * LI.FI, `GET /v1/quote` on one chain (from and to chain the same), with the project's key
 * (`x-lifi-api-key`); the slippage as a fraction, the native coin as the zero address. The
 * step's `transactionRequest` is the transaction; a sold token is approved to
 * `estimate.approvalAddress`; `estimate.toAmountMin` is the minimum.
 */
export async function quoteLifi(request: AggregatorRequest): Promise<AggregatorQuote> {
  const url = new URL('v1/quote', `${request.apiUrl.replace(/\/$/, '')}/`)
  const lifiToken = (address: `0x${string}`) =>
    isAddressEqual(address, nativeTokenAddress) ? zeroAddress : address
  url.search = new URLSearchParams({
    fromChain: String(request.chainId),
    toChain: String(request.chainId),
    fromToken: lifiToken(request.from),
    toToken: lifiToken(request.to),
    fromAmount: request.amount.toString(),
    fromAddress: request.taker,
    toAddress: request.taker,
    slippage: String(request.slippagePercent / 100),
  }).toString()
  const body = await getAggregatorJson(
    'LI.FI',
    url,
    { 'x-lifi-api-key': request.apiKey },
    request.timeoutMs,
    // No route: LI.FI answers 404 ("No available quotes for the requested transfer").
    (status) => status === 404,
    `${request.from} → ${request.to}`,
  )
  const parsed = quoteSchema().safeParse(body)
  if (!parsed.success)
    throw new QuoteRejectedError(
      `LI.FI's quote was refused: ${parsed.issues[0]?.path.join('.') || 'its answer'} is malformed`,
    )
  const { action, estimate, transactionRequest: tx } = parsed.data
  const refuse = (why: string) => new QuoteRejectedError(`LI.FI's quote was refused: ${why}`)
  if (action.toChainId !== action.fromChainId || tx.chainId !== action.fromChainId)
    throw refuse('it crosses to another chain')
  if (uint(estimate.fromAmount) !== uint(action.fromAmount)) throw refuse('its amounts disagree')
  for (const who of [action.fromAddress, action.toAddress, tx.from])
    if (who !== undefined && !isAddressEqual(who as `0x${string}`, request.taker))
      throw refuse('it sends from or to another address than the taker')
  const native = isAddressEqual(request.from, nativeTokenAddress)
  const [value, gas, gasPrice] = [uint(tx.value), uint(tx.gasLimit), uint(tx.gasPrice)]
  if (value === undefined || gas === undefined || gasPrice === undefined)
    throw refuse('its transaction is malformed')
  return checkAggregatorQuote(
    'LI.FI',
    request,
    {
      chainId: action.fromChainId,
      from: tokenOf(action.fromToken.address),
      to: tokenOf(action.toToken.address),
      amount: uint(action.fromAmount),
    },
    {
      buyAmount: uint(estimate.toAmount)!,
      minBuyAmount: uint(estimate.toAmountMin)!,
      spender: native ? null : (addressOf(estimate.approvalAddress) ?? null),
      route: [request.from, request.to],
      priceImpact: impactOf(estimate.fromAmountUSD, estimate.toAmountUSD),
      transaction: { to: addressOf(tx.to)!, data: tx.data as `0x${string}`, value, gas, gasPrice },
    },
  )
}
