import type { Latch } from '../createLatch.js'
import { type BaseError, findNetwork, shouldRetryWithAddChain, toWalletError } from '../internal.js'
import type { CaipNetwork, CaipNetworkId } from '../types.js'
import { patchState, updateNamespace } from './_shared.js'
import { viewErrorFrom } from './_view.js'
import { applyChainChanged } from './handleChainChanged.js'

export interface SwitchNetworkParameters {
  /** A configured network, by CAIP-2 id (`eip155:8453`) or chain id (8453). */
  caipNetworkId: CaipNetworkId | number | string
}
export type SwitchNetworkReturnType = CaipNetwork
export type SwitchNetworkErrorType = BaseError

/**
 * Switches the network (spec §4, §5). On the connected namespace the wallet is asked; when it
 * answers 4902, 5000 or -32603 the chain is added first and the switch retried once. On a
 * namespace without a connected wallet the network is just selected. A chain the app did not
 * configure throws 'switch network not found'.
 *
 * @example
 * await switchNetwork(latch, { caipNetworkId: 'eip155:8453' })
 */
export async function switchNetwork(
  latch: Latch,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const network = findNetwork(latch.options.networks, parameters.caipNetworkId)
  const namespace = network.chainNamespace
  const state = latch.store.getState()
  const ns = state.namespaces[namespace]
  const adapter = latch.adapters.get(namespace)
  patchState(latch, { error: undefined })
  if (!adapter || ns?.account.status !== 'connected') {
    // Nothing to ask: select it for the next connect.
    updateNamespace(latch, namespace, { network: { caipNetwork: network, unsupported: false } })
    if (state.activeNamespace !== namespace) patchState(latch, { activeNamespace: namespace })
    return network
  }
  try {
    try {
      await adapter.switchNetwork({ caipNetwork: network })
    } catch (error) {
      if (!adapter.addNetwork || !shouldRetryWithAddChain(error)) throw error
      await adapter.addNetwork({ caipNetwork: network })
      await adapter.switchNetwork({ caipNetwork: network })
    }
  } catch (raw) {
    const error = toWalletError(raw)
    const viewError = viewErrorFrom(latch, error)
    patchState(latch, {
      error: viewError.code === 'unknown' ? { ...viewError, code: 'switch-failed' } : viewError,
    })
    throw error
  }
  patchState(latch, { activeNamespace: namespace })
  applyChainChanged(latch, namespace, network.id)
  return network
}
