'use client'
import type { CaipNetwork, View } from '@latch/core'
import { type UseLatchParameters, useLatchAccount, useLatchModal, useLatchNetwork } from '../../index.js'

/**
 * AppKit's `useAppKit`: `open()` (Connect, or Account when connected) or `open({ view })` with
 * one of the modal's views, and `close()`.
 */
export function useAppKit(parameters: UseLatchParameters = {}) {
  const modal = useLatchModal(parameters)
  return {
    open: async (options?: {
      view?: Exclude<
        View,
        | 'Connecting'
        | 'EmbeddedWallet'
        | 'ConnectingFarcaster'
        | 'UpdateEmail'
        | 'SwitchNetwork'
        | 'SwitchActiveChain'
        | 'ApproveTransaction'
      >
    }) => modal.open(options?.view ? { view: options.view } : undefined),
    close: async () => modal.close(),
  }
}

/** AppKit's `useAppKitAccount`: the active namespace's `address`, `caipAddress`, `isConnected` and `status`. */
export function useAppKitAccount(parameters: UseLatchParameters = {}) {
  const account = useLatchAccount(parameters)
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: account.isConnected,
    status: account.status,
  }
}

/** AppKit's `useAppKitNetwork`: the current network, its ids and `switchNetwork(network)`. */
export function useAppKitNetwork(parameters: UseLatchParameters = {}) {
  const { caipNetwork, switchNetwork } = useLatchNetwork(parameters)
  return {
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    switchNetwork: (network: CaipNetwork) => switchNetwork({ caipNetworkId: network.caipNetworkId }),
  }
}
