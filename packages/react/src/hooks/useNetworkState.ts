'use client'
import {
  type ChainNamespace,
  type GetNetworkReturnType,
  getNetwork,
  type Latch,
  watchNetwork,
} from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * The network state alone, for the kit's own components: reading it does not bring the switch
 * action (and the wallet-error mapping it needs) into an app's first load.
 */
export function useNetworkState(latch: Latch, namespace?: ChainNamespace | undefined): GetNetworkReturnType {
  const subscribe = useCallback(
    (onChange: () => void) => watchNetwork(latch, { ...(namespace ? { namespace } : {}), onChange }),
    [latch, namespace],
  )
  const get = () => getNetwork(latch, namespace ? { namespace } : {})
  return useSyncExternalStore(subscribe, get, get)
}
