'use client'
import {
  type CapabilitiesQueryParameters,
  capabilitiesQueryOptions,
  type GetCapabilitiesReturnType,
} from '@latch/core'
import type { QueryObserverResult } from '@tanstack/query-core'
import { type UseLatchParameters, useLatch } from './useLatch.js'
import { useQuery } from './useQuery.js'

/**
 * The wallet's EIP-5792 capabilities per chain id (the connected account's by default); a chain
 * where the kit's fallback sends batches reports `atomic: { status: 'unsupported' }`.
 *
 * @example
 * const { data } = useCapabilities()
 * const atomic = data?.[1]?.atomic
 */
export function useCapabilities(
  parameters: CapabilitiesQueryParameters & UseLatchParameters = {},
): QueryObserverResult<GetCapabilitiesReturnType, Error> {
  const { latch: given, ...query } = parameters
  const latch = useLatch({ latch: given })
  return useQuery(capabilitiesQueryOptions(latch, query), { latch })
}
