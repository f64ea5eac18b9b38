import type { Latch } from '../createLatch.js'
import { BALANCE_RETRY_MS, TokenBalanceUnavailableError } from '../internal.js'
import type { ChainNamespace } from '../types.js'
import { getAdapter, resolveNamespace, updateNamespace } from './_shared.js'

export interface FetchBalanceParameters {
  namespace?: ChainNamespace | undefined
  /** Ignore the 30 s block after a failure. */
  force?: boolean | undefined
}

/**
 * Loads the native balance of the connected account into state. After a failure the next
 * attempts are blocked for 30 s (spec §8, 'Token Balance Unavailable').
 */
export async function fetchBalance(latch: Latch, parameters: FetchBalanceParameters = {}): Promise<void> {
  const namespace = resolveNamespace(latch, parameters.namespace)
  const adapter = getAdapter(latch, namespace)
  const ns = latch.store.getState().namespaces[adapter.namespace]
  const address = ns?.account.address
  const caipNetwork = ns?.network.caipNetwork
  if (!ns || !address || !caipNetwork || ns.network.unsupported) return
  const lastRetry = ns.account.lastRetry
  if (!parameters.force && lastRetry && Date.now() - lastRetry < BALANCE_RETRY_MS) return
  updateNamespace(latch, adapter.namespace, { account: { balanceLoading: true } })
  try {
    const { balance, symbol } = await adapter.getBalance({ address, caipNetwork })
    const now = latch.store.getState().namespaces[adapter.namespace]
    // The account or network may have changed while the request was in flight.
    if (
      now?.account.address !== address ||
      now.network.caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId
    )
      return
    updateNamespace(latch, adapter.namespace, {
      account: { balance, balanceSymbol: symbol, balanceLoading: false, lastRetry: undefined },
    })
  } catch (cause) {
    updateNamespace(latch, adapter.namespace, { account: { balanceLoading: false, lastRetry: Date.now() } })
    throw new TokenBalanceUnavailableError({ cause })
  }
}
