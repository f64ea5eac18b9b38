import type { QueryState } from '@tanstack/query-core'
import { getAdapter } from '../actions/_shared.js'
import type { Latch } from '../createLatch.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { balanceRetryBlocked, balancesEnabled, formatBalance, shouldFetchBalance } from '../rules/balance.js'
import type { CaipNetwork, ChainNamespace } from '../types.js'

export interface BalanceQueryParameters {
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork
}

/** A native balance as shown: formatted en-US with two decimals, and the coin's symbol. */
export interface BalanceQueryData {
  balance: string
  symbol: string
}

/** The stable key of one account's native balance on one network. */
export function balanceQueryKey(parameters: BalanceQueryParameters) {
  const { namespace, address, caipNetwork } = parameters
  return ['latch', 'balance', { namespace, caipNetworkId: caipNetwork.caipNetworkId, address }] as const
}

/**
 * Query options for the native balance of an account (framework-free: pass them to
 * `queryClient.fetchQuery` or to `useQuery`); `caipNetwork` is a network the app configured.
 * A failure is 'Token Balance Unavailable', never
 * retried on its own, and blocks observers from fetching again for 30 s.
 *
 * @example
 * const options = balanceQueryOptions(latch, { namespace: 'eip155', address, caipNetwork })
 * const { balance, symbol } = await queryClientOf(latch).fetchQuery(options)
 */
export function balanceQueryOptions(latch: Latch, parameters: BalanceQueryParameters) {
  return {
    queryKey: balanceQueryKey(parameters),
    queryFn: async (): Promise<BalanceQueryData> => {
      const adapter = getAdapter(latch, parameters.namespace)
      try {
        const result = await adapter.getBalance({
          address: parameters.address,
          caipNetwork: parameters.caipNetwork,
        })
        if (typeof result?.balance !== 'string' || typeof result.symbol !== 'string')
          throw new TypeError('The adapter returned no balance.')
        return { balance: formatBalance(result.balance), symbol: result.symbol }
      } catch (cause) {
        throw new TokenBalanceUnavailableError({ cause })
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
    // An observer (the Account view) fetches only where a balance is shown at all (spec §9: not
    // on testnets, not with `balance: false`), and not while the last failure is under 30 s old.
    enabled: (query: { state: QueryState<BalanceQueryData, TokenBalanceUnavailableError> }) =>
      shouldFetchBalance({
        enabled: balancesEnabled(latch.options.balance, latch.adapters.get(parameters.namespace)),
        caipNetwork: parameters.caipNetwork,
        unsupported: false,
      }) && !balanceRetryBlocked(query.state, Date.now()),
  } as const
}
