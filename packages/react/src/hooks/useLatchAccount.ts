'use client'
import { type ChainNamespace, type GetAccountReturnType, getAccount, watchAccount } from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

export interface UseLatchAccountParameters extends UseLatchParameters {
  namespace?: ChainNamespace | undefined
}

/**
 * The connected account of the active namespace (or of `namespace`): address, CAIP address,
 * status, balance, wallet info.
 *
 * @example
 * const { address, isConnected } = useLatchAccount() ?? {}
 */
export function useLatchAccount(
  parameters: UseLatchAccountParameters = {},
): GetAccountReturnType | undefined {
  const latch = useLatch(parameters)
  const { namespace } = parameters
  const subscribe = useCallback(
    (onChange: () => void) => watchAccount(latch, { ...(namespace ? { namespace } : {}), onChange }),
    [latch, namespace],
  )
  const get = () => getAccount(latch, namespace ? { namespace } : {})
  return useSyncExternalStore(subscribe, get, get)
}
