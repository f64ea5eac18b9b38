import { BALANCE_FALLBACK } from '../constants.js'
import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import type { TokenBalanceUnavailableError } from '../errors/data.js'
import { balanceQueryKey, balanceQueryOptions } from '../query/balance.js'
import { type AccountAction, accountReducer } from '../rules/account.js'
import { balanceRetryBlocked, balancesEnabled, shouldFetchBalance } from '../rules/balance.js'
import type { ChainNamespace } from '../types.js'
import { getAdapter, resolveNamespace, withNamespace } from './_shared.js'

export interface FetchBalanceParameters {
  namespace?: ChainNamespace | undefined
  /** Ignore the 30 s block after a failure. */
  force?: boolean | undefined
}
export type FetchBalanceReturnType = undefined
export type FetchBalanceErrorType = TokenBalanceUnavailableError | BaseError

/**
 * Loads the native balance of the connected account through the instance's query cache
 * (`balanceQueryOptions`) and keeps it in the account's state, formatted en-US with two
 * decimals. Testnets (and apps with `balance: false`) get none. A failure shows '0.00', throws
 * 'Token Balance Unavailable' and blocks the next attempts for 30 s.
 *
 * @example
 * await fetchBalance(latch)
 * getAccount(latch)?.balance // '1,000.00'
 */
export async function fetchBalance(
  latch: Latch,
  parameters: FetchBalanceParameters = {},
): Promise<FetchBalanceReturnType> {
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const ns = latch.store.getState().namespaces[adapter.namespace]
  if (ns?.account.status !== 'connected') return
  if (
    !shouldFetchBalance({
      enabled: balancesEnabled(latch.options.balance, adapter),
      caipNetwork: ns.network.caipNetwork,
      unsupported: ns.network.unsupported,
    })
  )
    return
  await loadBalance(latch, adapter.namespace, { force: parameters.force === true })
}

/**
 * The fetch itself. The query layer loads with import() here, off the app's first load; a
 * concurrent observer of the same key (the Account view) shares the one request.
 */
export async function loadBalance(
  latch: Latch,
  namespace: ChainNamespace,
  { force }: { force: boolean },
): Promise<void> {
  const ns = latch.store.getState().namespaces[namespace]
  const address = ns?.account.address
  const caipNetwork = ns?.network.caipNetwork
  if (!address || !caipNetwork) return
  const { queryClientOf } = await import('../query/client.js')
  const client = queryClientOf(latch)
  const parameters = { namespace, address, caipNetwork }
  if (!force && balanceRetryBlocked(client.getQueryState(balanceQueryKey(parameters)), Date.now())) return
  const dispatch = (action: AccountAction) =>
    latch.store.setState((state) => {
      const account = state.namespaces[namespace]?.account
      return account ? withNamespace(state, namespace, { account: accountReducer(account, action) }) : state
    })
  // The account or network may change while the request is in flight: then this answer is
  // stale and must not land under the new account.
  const stale = () => {
    const now = latch.store.getState().namespaces[namespace]
    return (
      now?.account.address !== address || now.network.caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId
    )
  }
  let result: { balance: string; symbol: string }
  try {
    // `force` (after a transaction) always asks the chain again; otherwise fresh data is reused.
    if (force) await client.invalidateQueries({ queryKey: balanceQueryKey(parameters), refetchType: 'none' })
    result = await client.fetchQuery(balanceQueryOptions(latch, parameters))
  } catch (error) {
    if (!stale())
      dispatch({
        type: 'balance',
        phase: 'failed',
        fallback: BALANCE_FALLBACK,
        symbol: caipNetwork.nativeCurrency.symbol,
      })
    throw error
  }
  if (stale()) return
  dispatch({ type: 'balance', phase: 'loaded', balance: result.balance, symbol: result.symbol })
}
