import type { ApprovalView } from '../approval.js'
import { readTokens } from '../decode/tokens.js'
import { canonicalTypedData } from '../decode/typed.js'
import { createRpc } from '../rpc.js'
import { tokensOf } from './rows.js'

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
  if (addresses.length === 0) return view
  return { ...view, tokens: await readTokens(rpc, addresses) }
}
