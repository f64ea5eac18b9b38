import type { ApprovalView } from '../approval.js'
import { readTokens } from '../decode/tokens.js'
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

/** See {@link import('../approval.js').prepareView}. */
export async function prepare(
  view: ApprovalView,
  rpcUrls: Record<string, string> | undefined,
): Promise<ApprovalView> {
  if (view.kind !== 'typedData' && view.kind !== 'transaction') return view
  if (view.kind === 'typedData') canonicalTypedData(view.typedData)
  // A typed-data domain of another chain names that chain's contracts: nothing to read here.
  const domainChain = view.kind === 'typedData' ? view.typedData.domain.chainId : undefined
  const url = rpcUrls?.[`eip155:${view.chainId}`]
  const rpc =
    url === undefined || (domainChain !== undefined && domainChain !== view.chainId)
      ? undefined
      : createRpc(url)
  const addresses = tokensOf(view)
  const [tokens, balance] = await Promise.all([
    addresses.length === 0 ? undefined : readTokens(rpc, addresses),
    view.kind === 'transaction' && rpc !== undefined ? readBalance(rpc, view.from) : undefined,
  ])
  return {
    ...view,
    ...(tokens === undefined ? {} : { tokens }),
    ...(balance === undefined ? {} : { balance }),
  }
}
