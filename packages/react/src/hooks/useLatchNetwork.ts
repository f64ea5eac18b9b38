'use client'
import {
  type ChainNamespace,
  type GetNetworkReturnType,
  type SwitchNetworkParameters,
  switchNetwork,
} from '@latch/core'
import { useCallback } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'
import { useNetworkState } from './useNetworkState.js'

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
  const network = useNetworkState(latch, parameters.namespace)
  const doSwitch = useCallback((p: SwitchNetworkParameters) => switchNetwork(latch, p), [latch])
  return { ...network, switchNetwork: doSwitch }
}
