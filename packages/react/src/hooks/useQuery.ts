'use client'
import { queryClientOf } from '@latch/core/internal'
import {
  type DefaultError,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/query-core'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/**
 * Observes a query of the instance's own cache: give it options from core's factories
 * (`balanceQueryOptions`, …). A thin `useSyncExternalStore` over TanStack's `QueryObserver`, so
 * no QueryClientProvider is needed and the modal shares its cache with core's actions.
 *
 * @example
 * const { data, isError } = useQuery(balanceQueryOptions(latch, { namespace, address, caipNetwork }))
 */
export function useQuery<TData, TError = DefaultError, TKey extends QueryKey = QueryKey>(
  options: QueryObserverOptions<TData, TError, TData, TData, TKey>,
  parameters: UseLatchParameters = {},
): QueryObserverResult<TData, TError> {
  const latch = useLatch(parameters)
  const client = queryClientOf(latch)
  const [observer] = useState(() => new QueryObserver(client, options))
  // New option objects each render are fine: the observer refetches only when the key changes.
  useEffect(() => {
    observer.setOptions(options)
  })
  const subscribe = useCallback((onChange: () => void) => observer.subscribe(() => onChange()), [observer])
  const get = () => observer.getCurrentResult()
  return useSyncExternalStore(subscribe, get, get)
}
