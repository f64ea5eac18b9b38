import { type Address, createPublicClient, erc20Abi, http, isAddressEqual } from 'viem'
import type { AggregatorQuote, AggregatorRequest, SwapAggregatorId } from './aggregator.js'
import { quoteLifi } from './lifi.js'
import { nativeTokenAddress, readQuoteToken, type SwapQuote, slippagePercent } from './uniswap-v2.js'
import { quoteZeroEx } from './zero-ex.js'

const adapters: Record<SwapAggregatorId, (request: AggregatorRequest) => Promise<AggregatorQuote>> = {
  '0x': quoteZeroEx,
  lifi: quoteLifi,
}

export interface AggregatorQuoteRequest {
  provider: SwapAggregatorId
  apiUrl: string
  apiKey: string
  /** The project's own node on the chain: the tokens' symbols and decimals and the taker's allowance. */
  rpcUrl: string
  /** CAIP-2, eip155 only. */
  chainId: string
  from: Address
  to: Address
  amount: bigint
  taker: Address
  timeoutMs: number
}

/**
 * A swap quote through an aggregator's API, in the server's quote shape: the adapter maps and
 * checks the aggregator's answer; the tokens and the taker's allowance to the aggregator's
 * spender are read from the project's own node, not taken from the aggregator's word.
 */
export async function quoteThroughAggregator(request: AggregatorQuoteRequest): Promise<SwapQuote> {
  const client = createPublicClient({
    transport: http(request.rpcUrl, { timeout: request.timeoutMs, retryCount: 0 }),
  })
  const [from, to, quote] = await Promise.all([
    readQuoteToken(client, request.from, nativeTokenAddress),
    readQuoteToken(client, request.to, nativeTokenAddress),
    adapters[request.provider]({
      apiUrl: request.apiUrl,
      apiKey: request.apiKey,
      chainId: Number(request.chainId.slice('eip155:'.length)),
      from: request.from,
      to: request.to,
      amount: request.amount,
      taker: request.taker,
      slippagePercent,
      timeoutMs: request.timeoutMs,
    }),
  ])
  const allowance =
    quote.spender === null || isAddressEqual(request.from, nativeTokenAddress)
      ? undefined
      : await client.readContract({
          address: from.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [request.taker, quote.spender],
        })
  return {
    chainId: request.chainId,
    from,
    to,
    sellAmount: request.amount.toString(),
    buyAmount: quote.buyAmount.toString(),
    minBuyAmount: quote.minBuyAmount.toString(),
    slippage: slippagePercent,
    priceImpact: quote.priceImpact,
    route: quote.route,
    approval:
      allowance === undefined || quote.spender === null
        ? null
        : { spender: quote.spender, allowance: allowance.toString() },
    transaction: {
      to: quote.transaction.to,
      data: quote.transaction.data,
      value: quote.transaction.value.toString(),
      gas: quote.transaction.gas.toString(),
      gasPrice: quote.transaction.gasPrice.toString(),
    },
  }
}
