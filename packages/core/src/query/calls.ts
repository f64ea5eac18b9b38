import type { Query } from '@tanstack/query-core'
import { getCallsStatus } from '../actions/getCallsStatus.js'
import { getCapabilities } from '../actions/getCapabilities.js'
import type { CallsStatus } from '../calls.js'
import type { Latch } from '../createLatch.js'
import type { ChainNamespace } from '../types.js'

// A pending batch is asked again this often until the wallet (or the chain) settles it.
const PENDING_POLL_MS = 1_000

export interface CallsStatusQueryParameters {
  /** The batch id `sendCalls` resolved with; nothing is fetched without one. */
  id: string | undefined
  namespace?: ChainNamespace | undefined
}

/**
 * Query options for a batch's status (framework-free: `queryClient.fetchQuery` or `useQuery`),
 * fetched again every second while it is pending.
 *
 * @example
 * const status = await queryClientOf(latch).fetchQuery(callsStatusQueryOptions(latch, { id }))
 */
export function callsStatusQueryOptions(latch: Latch, { id, namespace }: CallsStatusQueryParameters) {
  return {
    queryKey: ['latch', 'callsStatus', { id, namespace }] as const,
    queryFn: () => getCallsStatus(latch, { id: id ?? '', namespace }),
    enabled: id !== undefined,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query: Query<CallsStatus, Error, CallsStatus, readonly unknown[]>) =>
      query.state.data?.status === 'pending' ? PENDING_POLL_MS : false,
  } as const
}

export interface CapabilitiesQueryParameters {
  /** The account to ask about (the connected one by default). */
  address?: string | undefined
  chainIds?: readonly number[] | undefined
  namespace?: ChainNamespace | undefined
}

/**
 * Query options for the wallet's EIP-5792 capabilities per chain (see `getCapabilities`).
 *
 * @example
 * const capabilities = await queryClientOf(latch).fetchQuery(capabilitiesQueryOptions(latch, { address }))
 */
export function capabilitiesQueryOptions(latch: Latch, parameters: CapabilitiesQueryParameters = {}) {
  const { address, chainIds, namespace } = parameters
  return {
    queryKey: ['latch', 'capabilities', { address, chainIds, namespace }] as const,
    queryFn: () => getCapabilities(latch, parameters),
    retry: false,
    refetchOnWindowFocus: false,
  } as const
}
