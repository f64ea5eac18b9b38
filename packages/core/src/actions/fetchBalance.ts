import { BALANCE_FALLBACK } from '../constants.js'
import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { type AccountAction, accountReducer } from '../rules/account.js'
import { canFetchBalance, formatBalance, shouldFetchBalance } from '../rules/balance.js'
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
 * Loads the native balance of the connected account into state, formatted en-US with two
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
      enabled: latch.options.balance,
      caipNetwork: ns.network.caipNetwork,
      unsupported: ns.network.unsupported,
    })
  )
    return
  if (!parameters.force && !canFetchBalance(ns.account, Date.now())) return
  await loadBalance(latch, adapter.namespace, { markLoading: true })
}

/** The fetch itself; `markLoading: false` when the caller already set `balanceLoading`. */
export async function loadBalance(
  latch: Latch,
  namespace: ChainNamespace,
  { markLoading }: { markLoading: boolean },
): Promise<void> {
  const adapter = getAdapter(latch, namespace)
  const ns = latch.store.getState().namespaces[namespace]
  const address = ns?.account.address
  const caipNetwork = ns?.network.caipNetwork
  if (!address || !caipNetwork) return
  const dispatch = (action: AccountAction) =>
    latch.store.setState((state) => {
      const account = state.namespaces[namespace]?.account
      return account ? withNamespace(state, namespace, { account: accountReducer(account, action) }) : state
    })
  if (markLoading) dispatch({ type: 'balance', phase: 'loading' })
  // The account or network may change while the request is in flight: then this answer is
  // stale, and whichever fetch the change started owns the loading flag.
  const stale = () => {
    const now = latch.store.getState().namespaces[namespace]
    return (
      now?.account.address !== address || now.network.caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId
    )
  }
  let result: { balance: string; symbol: string }
  try {
    result = await adapter.getBalance({ address, caipNetwork })
    if (typeof result?.balance !== 'string' || typeof result.symbol !== 'string')
      throw new TypeError('The adapter returned no balance.')
  } catch (cause) {
    if (!stale())
      dispatch({
        type: 'balance',
        phase: 'failed',
        at: Date.now(),
        fallback: BALANCE_FALLBACK,
        symbol: caipNetwork.nativeCurrency.symbol,
      })
    throw new TokenBalanceUnavailableError({ cause })
  }
  if (stale()) return
  dispatch({
    type: 'balance',
    phase: 'loaded',
    balance: formatBalance(result.balance),
    symbol: result.symbol,
  })
}
