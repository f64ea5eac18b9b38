import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { SwitchNetworkNotFoundError } from '../errors/network.js'
import { toWalletError } from '../errors/toWalletError.js'
import { findNetwork, shouldRetryWithAddChain } from '../rules/network.js'
import { STORED_VALUES, writeStored } from '../storage.js'
import type { CaipNetwork, CaipNetworkId } from '../types.js'
import { configuredNetwork } from './_connection.js'
import { isConnected, patchState, raiseAlert, withNamespace } from './_shared.js'
import { applyChainChanged } from './handleChainChanged.js'

export interface SwitchNetworkParameters {
  /** A configured network, by CAIP-2 id (`eip155:8453`) or chain id (8453). */
  caipNetworkId: CaipNetworkId | number | string
}
export type SwitchNetworkReturnType = CaipNetwork
export type SwitchNetworkErrorType = BaseError

/**
 * Switches the network (spec §4, §5) and makes its namespace the active one. When that
 * namespace has a connected wallet the wallet is asked; when it answers 4902, 5000 or -32603
 * the chain is added first and the switch retried once. Without a connected wallet the network
 * is selected (and remembered) for the next connect. A chain the app did not configure throws
 * 'switch network not found' and raises that alert. Does not move the modal.
 *
 * @example
 * await switchNetwork(latch, { caipNetworkId: 'eip155:8453' })
 */
export async function switchNetwork(
  latch: Latch,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  let network: CaipNetwork
  try {
    network = findNetwork(latch.options.networks, parameters.caipNetworkId)
  } catch (error) {
    if (error instanceof SwitchNetworkNotFoundError) raiseAlert(latch, 'SWITCH_NETWORK_NOT_FOUND')
    throw error
  }
  const namespace = network.chainNamespace
  const state = latch.store.getState()
  const adapter = latch.adapters.get(namespace)
  if (!adapter || !isConnected(state, namespace)) {
    // Nothing to ask: selected for the next connect, and remembered.
    latch.store.setState((s) => ({
      ...withNamespace(s, namespace, { network: { caipNetwork: network, unsupported: false } }),
      activeNamespace: namespace,
    }))
    writeStored(latch.storage, STORED_VALUES.lastUsedNetwork(namespace), network.caipNetworkId)
    writeStored(latch.storage, STORED_VALUES.activeNamespace, namespace)
    return network
  }
  const ns = state.namespaces[namespace]
  if (ns?.network.unsupported || ns?.network.caipNetwork?.caipNetworkId !== network.caipNetworkId) {
    try {
      try {
        await adapter.switchNetwork({ caipNetwork: network })
      } catch (error) {
        if (!adapter.addNetwork || !shouldRetryWithAddChain(error)) throw error
        await adapter.addNetwork({ caipNetwork: network })
        await adapter.switchNetwork({ caipNetwork: network })
      }
    } catch (raw) {
      throw toWalletError(raw)
    }
  }
  if (state.activeNamespace !== namespace) {
    patchState(latch, { activeNamespace: namespace })
    writeStored(latch.storage, STORED_VALUES.activeNamespace, namespace)
  }
  // The wallet's chainChanged usually got here first; either way the state follows.
  applyChainChanged(latch, namespace, configuredNetwork(latch, namespace, network.id)?.id ?? network.id)
  return network
}
