import type { Latch } from '../createLatch.js'
import { afterSwitchSuccess, findNetwork, switchNetworkView } from '../internal.js'
import type { CaipNetworkId } from '../types.js'
import { patchState } from './_shared.js'
import { closeModal } from './close.js'
import { goBack, pushView } from './navigate.js'
import { switchNetwork } from './switchNetwork.js'

/**
 * The modal's "pick a network" flow (spec §2, §4): shows SwitchNetwork (or SwitchActiveChain
 * when the wallet is connected on another namespace only) while the wallet is asked; a failed
 * switch goes back one view and shows why; a successful one goes back, or closes the modal when
 * the wallet was on a network the app does not list.
 */
export async function selectNetwork(
  latch: Latch,
  parameters: { caipNetworkId: CaipNetworkId },
): Promise<void> {
  const network = findNetwork(latch.options.networks, parameters.caipNetworkId)
  const state = latch.store.getState()
  const active = state.activeNamespace
  const target = state.namespaces[network.chainNamespace]
  const connectedOnCurrent = active ? state.namespaces[active]?.account.status === 'connected' : false
  const connectedOnTarget = target?.account.status === 'connected'
  const view = switchNetworkView({
    ignoreConfirmation: false,
    isAuthConnector: state.namespaces[active ?? '']?.account.connectedWalletInfo?.type === 'AUTH',
    authSupportsTarget: network.chainNamespace === 'eip155' || network.chainNamespace === 'solana',
    connectedOnCurrent,
    connectedOnTarget,
  })
  if (view === 'SwitchActiveChain') {
    pushView(latch, {
      view,
      params: { caipNetworkId: network.caipNetworkId, namespace: network.chainNamespace },
    })
    return
  }
  if (!connectedOnTarget) {
    await switchNetwork(latch, { caipNetworkId: network.caipNetworkId })
    goBack(latch)
    return
  }
  const previous = target?.network.unsupported ? undefined : target?.network.caipNetwork?.caipNetworkId
  pushView(latch, { view: 'SwitchNetwork', params: { caipNetworkId: network.caipNetworkId } })
  try {
    await switchNetwork(latch, { caipNetworkId: network.caipNetworkId })
  } catch {
    const error = latch.store.getState().error
    goBack(latch)
    const back = latch.store.getState().router.history.at(-1)?.view
    if (error && back) patchState(latch, { error: { ...error, view: back } })
    return
  }
  if (!latch.store.getState().modal.open) return
  if (afterSwitchSuccess({ previousCaipNetworkId: previous, networks: latch.options.networks }) === 'close') {
    closeModal(latch)
  } else {
    goBack(latch)
  }
}
