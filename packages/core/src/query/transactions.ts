import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { TransactionsFetchError } from '../errors/transactions.js'
import {
  type ActivityTransaction,
  shownTransactions,
  transactionsServiceSchema,
} from '../rules/transactions.js'
import type { CaipNetwork } from '../types.js'

export interface TransactionsQueryParameters {
  address: string
  caipNetwork: CaipNetwork
  /** The `next` cursor of the page before; none for the newest page. */
  cursor?: string | undefined
}

/** What the Activity list shows: the account's newest transactions and the next page's cursor. */
export interface TransactionsQueryData {
  transactions: ActivityTransaction[]
  next: string | null
}

/** The stable key of an account's transactions on one network. */
export function transactionsQueryKey(parameters: TransactionsQueryParameters) {
  const { address, caipNetwork, cursor } = parameters
  return ['latch', 'transactions', { caipNetworkId: caipNetwork.caipNetworkId, address, cursor }] as const
}

/**
 * Query options for the account's transactions on its network, from the transactions service
 * of the app's `apiUrl` (`/account/v1/transactions`, spec §7). Activity is eip155 only (§6): other
 * networks, or an app without `apiUrl`, have none. Only the connected chain's transactions are
 * kept and spam-only ones dropped (§5). A failure is 'Failed to fetch transactions' (§8).
 *
 * @example
 * const page = await queryClientOf(latch).fetchQuery(transactionsQueryOptions(latch, parameters))
 */
export function transactionsQueryOptions(latch: Latch, parameters: TransactionsQueryParameters) {
  const { address, caipNetwork, cursor } = parameters
  return {
    queryKey: transactionsQueryKey(parameters),
    queryFn: async (): Promise<TransactionsQueryData> => {
      const { apiUrl, projectId } = latch.options
      if (!apiUrl || caipNetwork.chainNamespace !== 'eip155') return { transactions: [], next: null }
      try {
        const client = createHttpClient({ baseUrl: apiUrl, projectId, retries: 0 })
        const body = await client.get('/account/v1/transactions', {
          params: { address, chainId: caipNetwork.caipNetworkId, ...(cursor ? { cursor } : {}) },
        })
        const page = transactionsServiceSchema().parse(body)
        return { transactions: shownTransactions(page.data, caipNetwork.caipNetworkId), next: page.next }
      } catch (cause) {
        throw new TransactionsFetchError({ cause })
      }
    },
    retry: false,
    refetchOnWindowFocus: false,
    // Spec §4: transactions need an account address.
    enabled: address.length > 0,
  } as const
}
