import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { isUserRejection } from '../errors/toWalletError.js'
import { recordPendingTransaction, settleWhenIncluded } from '../query/pendingTransactions.js'
import { NATIVE_TOKEN_ADDRESS, needsApproval, parseSwapQuote, type SwapQuote } from '../rules/swap.js'
import { formatUnits } from '../rules/tokens.js'
import type { CaipNetwork, Hex } from '../types.js'
import { sendTransaction, waitForTransaction } from './sendTransaction.js'

/** What a swap quote is asked for: amounts in the sold token's smallest unit. */
export interface SwapQuoteRequest {
  caipNetwork: CaipNetwork
  from: string
  to: string
  amount: bigint
  taker: string
}

/**
 * A quote from the app's server (`/swap/v1/quote`), checked: the amount out, the minimum at the
 * slippage tolerance, the price impact, the approval the router needs, and the transaction.
 * A refusal of the server throws its `HttpStatusError` (with the server's message when it gave one).
 */
export async function fetchSwapQuote(
  latch: Latch,
  request: SwapQuoteRequest,
  signal?: AbortSignal,
): Promise<SwapQuote> {
  const { apiUrl, projectId } = latch.options
  if (!apiUrl) throw new Error('Swaps need the app’s server (apiUrl).')
  const chainId = request.caipNetwork.caipNetworkId
  const client = createHttpClient({ baseUrl: apiUrl, projectId, retries: 0 })
  const body = await client.get('/swap/v1/quote', {
    params: {
      chainId,
      from: request.from,
      to: request.to,
      amount: request.amount.toString(),
      taker: request.taker,
    },
    signal,
  })
  return parseSwapQuote(body, { chainId, from: request.from, to: request.to, amount: request.amount })
}

/** ERC-20 `approve(spender, amount)`: its 4-byte selector and two 32-byte words. */
export function approveCalldata(spender: string, amount: bigint): Hex {
  const word = (hex: string) => hex.toLowerCase().padStart(64, '0')
  return `0x095ea7b3${word(spender.slice(2))}${word(amount.toString(16))}`
}

/** A quote's token and amount as Activity keeps it: the native coin has no contract. */
function sideOf(token: SwapQuote['from'], raw: string) {
  const native = token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()
  return {
    ...(native ? {} : { token: token.address }),
    symbol: token.symbol,
    quantity: {
      decimals: String(token.decimals),
      numeric: formatUnits(BigInt(raw), token.decimals),
      raw,
    },
  }
}

/** The step a swap is at: the approval of the sold token, then the swap itself. */
export type SwapStep = 'approve' | 'swap'

/** How a swap ended: included, or why not (declined in the wallet, reverted, not sent). */
export type SwapOutcome =
  | { status: 'success'; hash: Hex }
  | { status: 'reverted'; hash: Hex }
  | { status: 'rejected' | 'failed'; hash?: undefined }

/**
 * Sends the quoted swap through the connected wallet: first, when the router may not yet move
 * the sold token, an approval of exactly the amount sold; then the quote's transaction. Each is
 * waited for; the balances and Activity refresh once each is included. Never throws: resolves
 * with how it ended.
 */
export async function executeSwap(
  latch: Latch,
  {
    quote,
    caipNetwork,
    onStep,
  }: { quote: SwapQuote; caipNetwork: CaipNetwork; onStep?: ((step: SwapStep) => void) | undefined },
): Promise<SwapOutcome> {
  const send = async (transaction: { to: Hex; data: Hex; value?: bigint }, swap = false) => {
    const hash = await sendTransaction(latch, { ...transaction, namespace: 'eip155' })
    // Activity shows the swap at once as pending (what it sells and what it is to receive), and
    // after a reload too, until its receipt arrives.
    const from = latch.store.getState().namespaces.eip155?.account.address
    if (swap && from)
      recordPendingTransaction(latch, {
        hash,
        chain: caipNetwork.caipNetworkId,
        from,
        to: transaction.to,
        ...sideOf(quote.from, quote.sellAmount),
        received: sideOf(quote.to, quote.buyAmount),
      })
    const receipt = await settleWhenIncluded(latch, {
      hash,
      caipNetwork,
      wait: () => waitForTransaction(latch, { hash, namespace: 'eip155' }),
    })
    return { hash, status: receipt.status }
  }
  try {
    if (needsApproval(quote)) {
      onStep?.('approve')
      const approved = await send({
        to: quote.from.address as Hex,
        data: approveCalldata(quote.approval!.spender, BigInt(quote.sellAmount)),
      })
      if (approved.status !== 'success') return approved
    }
    onStep?.('swap')
    const { to, data, value } = quote.transaction
    return await send({ to: to as Hex, data: data as Hex, value: BigInt(value) }, true)
  } catch (error) {
    return { status: isUserRejection(error) ? 'rejected' : 'failed' }
  }
}
