import type { QueryState } from '@tanstack/query-core'
import { getAdapter } from '../actions/_shared.js'
import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { balanceRetryBlocked, balancesEnabled, shouldFetchBalance } from '../rules/balance.js'
import {
  balanceServiceSchema,
  shownTokenBalances,
  type TokenBalance,
  walletAssetsSchema,
  walletAssetsToBalances,
} from '../rules/tokens.js'
import type { CaipNetwork, ChainAdapter, ChainNamespace } from '../types.js'

export interface TokenBalancesQueryParameters {
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork
}

/** The stable key of an account's token balances on one network. */
export function tokenBalancesQueryKey(parameters: TokenBalancesQueryParameters) {
  const { namespace, address, caipNetwork } = parameters
  return ['latch', 'tokenBalances', { namespace, caipNetworkId: caipNetwork.caipNetworkId, address }] as const
}

// EIP-7811 through EIP-5792's capabilities: the wallet lists assets for this chain only when it
// says so. Any refusal or a shape other than the spec's means "ask the balance service".
async function fromWallet(
  adapter: ChainAdapter,
  address: string,
  caipNetwork: CaipNetwork,
): Promise<TokenBalance[] | undefined> {
  if (caipNetwork.chainNamespace !== 'eip155' || !adapter.request) return undefined
  const chainId = `0x${Number(caipNetwork.id).toString(16)}`
  try {
    const capabilities = (await adapter.request({
      method: 'wallet_getCapabilities',
      params: [address, [chainId]],
    })) as Record<string, { assetDiscovery?: { supported?: unknown } } | undefined> | null
    if (capabilities?.[chainId]?.assetDiscovery?.supported !== true) return undefined
    const answer = walletAssetsSchema().safeParse(
      await adapter.request({
        method: 'wallet_getAssets',
        params: [{ account: address, chainFilter: [chainId] }],
      }),
    )
    if (!answer.success) return undefined
    return walletAssetsToBalances(answer.data[chainId] ?? [], caipNetwork.caipNetworkId)
  } catch {
    return undefined
  }
}

async function fromBalanceService(
  latch: Latch,
  address: string,
  caipNetwork: CaipNetwork,
): Promise<TokenBalance[]> {
  const { apiUrl, projectId } = latch.options
  if (!apiUrl) {
    // No balance service: the native coin from the chain, as the account shows it.
    const adapter = getAdapter(latch, caipNetwork.chainNamespace)
    const { balance, symbol } = await adapter.getBalance({ address, caipNetwork })
    if (typeof balance !== 'string' || !/^\d+(\.\d+)?$/.test(balance)) throw new TypeError('No balance.')
    const { name, decimals } = caipNetwork.nativeCurrency
    return [
      {
        name,
        symbol,
        chainId: caipNetwork.caipNetworkId,
        quantity: { decimals: String(decimals), numeric: balance },
        iconUrl: '',
      },
    ]
  }
  const client = createHttpClient({ baseUrl: apiUrl, projectId, retries: 0 })
  const body = await client.get('/account/v1/balances', {
    params: { address, chainId: caipNetwork.caipNetworkId },
  })
  return balanceServiceSchema().parse(body).balances
}

/**
 * Query options for the token balances of an account on one network: the wallet's own list
 * (`wallet_getCapabilities` + `wallet_getAssets`, EIP-7811) when it offers one, else the
 * balance service of the app's `apiUrl` (`/account/v1/balances`), else the native coin alone.
 * Tokens with decimals '0' are dropped. A failure is 'Token Balance Unavailable', not retried,
 * and blocks observers for 30 s, like the native balance.
 *
 * @example
 * const tokens = await queryClientOf(latch).fetchQuery(tokenBalancesQueryOptions(latch, parameters))
 */
export function tokenBalancesQueryOptions(latch: Latch, parameters: TokenBalancesQueryParameters) {
  const { namespace, address, caipNetwork } = parameters
  return {
    queryKey: tokenBalancesQueryKey(parameters),
    queryFn: async (): Promise<TokenBalance[]> => {
      try {
        const adapter = getAdapter(latch, namespace)
        const balances =
          (await fromWallet(adapter, address, caipNetwork)) ??
          (await fromBalanceService(latch, address, caipNetwork))
        return shownTokenBalances(balances)
      } catch (cause) {
        throw new TokenBalanceUnavailableError({ cause })
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
    enabled: (query: { state: QueryState<TokenBalance[], TokenBalanceUnavailableError> }) =>
      shouldFetchBalance({
        enabled: balancesEnabled(latch.options.balance, latch.adapters.get(caipNetwork.chainNamespace)),
        caipNetwork,
        unsupported: false,
      }) && !balanceRetryBlocked(query.state, Date.now()),
  } as const
}
