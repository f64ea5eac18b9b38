import type { ApprovalView, PriceService } from '../approval.js'
import { type NativePrice, readTokens } from '../decode/tokens.js'
import { canonicalTypedData } from '../decode/typed.js'
import { createRpc } from '../rpc.js'
import { tokensOf } from './rows.js'

type Rpc = ReturnType<typeof createRpc>

/** How long the screen waits for the balance before it opens without it (no warning then). */
const balanceTimeoutMs = 2_000

/** The account's balance with what is pending, or undefined when the chain does not answer. */
async function readBalance(rpc: Rpc, address: string): Promise<bigint | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const answer = await Promise.race([
      rpc('eth_getBalance', [address, 'pending']),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), balanceTimeoutMs)
      }),
    ])
    return typeof answer === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(answer) ? BigInt(answer) : undefined
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

/** How long the screen waits for the coin's price before it opens without the fiat value. */
export const priceTimeoutMs = 4_000

/** The longest price answer read: one coin's price takes a few dozen bytes. */
const maxPriceAnswer = 16_384

/**
 * The price of the chain's native coin from the wallet server's price service
 * (`GET /account/v1/prices`, the project's price source), or undefined when it has none, fails,
 * answers something else, or takes longer than `timeoutMs`: the fee is then shown without it.
 */
export async function readNativePrice(
  service: PriceService,
  chainId: bigint,
  timeoutMs = priceTimeoutMs,
): Promise<NativePrice | undefined> {
  const query = new URLSearchParams({
    projectId: service.projectId,
    chainId: `eip155:${chainId}`,
    assets: 'native',
  })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(`${service.base}/account/v1/prices?${query}`, {
      signal: controller.signal,
      credentials: 'omit',
      headers: { accept: 'application/json' },
    })
    if (!response.ok) return undefined
    const text = await response.text()
    if (text.length > maxPriceAnswer) return undefined
    const body: unknown = JSON.parse(text)
    if (typeof body !== 'object' || body === null) return undefined
    const { currency, prices } = body as { currency?: unknown; prices?: unknown }
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || !Array.isArray(prices))
      return undefined
    // The native coin's entry is the one without a token address.
    const native = prices.find(
      (entry: unknown) => typeof entry === 'object' && entry !== null && !('address' in entry),
    ) as { price?: unknown } | undefined
    const perCoin = native?.price
    if (typeof perCoin !== 'number' || !Number.isFinite(perCoin) || perCoin <= 0) return undefined
    return { currency, perCoin }
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

/** See {@link import('../approval.js').prepareView}. */
export async function prepare(
  view: ApprovalView,
  rpcUrls: Record<string, string> | undefined,
  prices?: PriceService,
): Promise<ApprovalView> {
  if (view.kind !== 'typedData' && view.kind !== 'transaction' && view.kind !== 'userOperation') return view
  if (view.kind === 'typedData') canonicalTypedData(view.typedData)
  // A typed-data domain of another chain names that chain's contracts: nothing to read here.
  const domainChain = view.kind === 'typedData' ? view.typedData.domain.chainId : undefined
  const url = rpcUrls?.[`eip155:${view.chainId}`]
  const rpc =
    url === undefined || (domainChain !== undefined && domainChain !== view.chainId)
      ? undefined
      : createRpc(url)
  const addresses = tokensOf(view)
  const [tokens, balance, nativePrice] = await Promise.all([
    addresses.length === 0 ? undefined : readTokens(rpc, addresses),
    view.kind === 'transaction' && rpc !== undefined ? readBalance(rpc, view.from) : undefined,
    view.kind === 'transaction' && prices !== undefined ? readNativePrice(prices, view.chainId) : undefined,
  ])
  return {
    ...view,
    ...(tokens === undefined ? {} : { tokens }),
    ...(balance === undefined ? {} : { balance }),
    ...(nativePrice === undefined ? {} : { nativePrice }),
  }
}
