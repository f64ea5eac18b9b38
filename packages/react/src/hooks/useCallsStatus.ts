'use client'
import { type CallsStatus, type CallsStatusQueryParameters, callsStatusQueryOptions } from '@latch/core'
import type { QueryObserverResult } from '@tanstack/query-core'
import { type UseLatchParameters, useLatch } from './useLatch.js'
import { useQuery } from './useQuery.js'

/**
 * A batch's status (EIP-5792), fetched again every second while it is pending; nothing is
 * fetched while `id` is undefined.
 *
 * @example
 * const { data } = useCallsStatus({ id })
 * if (data?.status === 'success') console.log(data.receipts)
 */
export function useCallsStatus(
  parameters: CallsStatusQueryParameters & UseLatchParameters,
): QueryObserverResult<CallsStatus, Error> {
  const { latch: given, ...query } = parameters
  const latch = useLatch({ latch: given })
  return useQuery(callsStatusQueryOptions(latch, query), { latch })
}
