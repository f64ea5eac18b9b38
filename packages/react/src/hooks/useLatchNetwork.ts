'use client'
import {
  type ChainNamespace,
  type GetNetworkReturnType,
  getNetwork,
  type SwitchNetworkParameters,
  switchNetwork,
  watchNetwork,
} from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

export interface UseLatchNetworkReturnType extends GetNetworkReturnType {
  switchNetwork(parameters: SwitchNetworkParameters): ReturnType<typeof switchNetwork>
}

/**
 * The current network, the configured networks and a `switchNetwork` function.
 *
 * @example
 * const { caipNetwork, switchNetwork } = useLatchNetwork()
 * await switchNetwork({ caipNetworkId: 'eip155:8453' })
 */
export function useLatchNetwork(
  parameters: UseLatchParameters & { namespace?: ChainNamespace | undefined } = {},
): UseLatchNetworkReturnType {
  const latch = useLatch(parameters)
  const { namespace } = parameters
  const subscribe = useCallback(
    (onChange: () => void) => watchNetwork(latch, { ...(namespace ? { namespace } : {}), onChange }),
    [latch, namespace],
  )
  const get = () => getNetwork(latch, namespace ? { namespace } : {})
  const network = useSyncExternalStore(subscribe, get, get)
  const doSwitch = useCallback((p: SwitchNetworkParameters) => switchNetwork(latch, p), [latch])
  return { ...network, switchNetwork: doSwitch }
}
