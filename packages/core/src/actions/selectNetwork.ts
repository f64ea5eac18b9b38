import type { Latch } from '../createLatch.js'
import { SwitchNetworkNotFoundError } from '../errors/network.js'
import { afterSwitchSuccess, findNetwork, switchNetworkView } from '../rules/network.js'
import type { CaipNetworkId } from '../types.js'
import { isConnected, patchState, raiseAlert } from './_shared.js'
import { viewErrorFrom } from './_view.js'
import { closeModal } from './close.js'
import { pushTransaction, pushView, settleTransaction } from './navigate.js'
import { switchNetwork } from './switchNetwork.js'

export interface SelectNetworkParameters {
  caipNetworkId: CaipNetworkId
  /** Switch without the confirmation step (spec §2). */
  ignoreConfirmation?: boolean | undefined
}

/**
 * The modal's "pick a network" flow (spec §2, §4). When the visitor is connected on the current
 * namespace but not on the target one, SwitchActiveChain asks first. Otherwise SwitchNetwork
 * shows while the wallet is asked (a pending action: going back cancels it). A failed switch
 * goes back one view and shows why; a successful one leaves the network picker, closing the
 * modal when there is nothing before it or the wallet was on a network the app does not list.
 * Never throws.
 */
export async function selectNetwork(latch: Latch, parameters: SelectNetworkParameters): Promise<void> {
  let network: ReturnType<typeof findNetwork>
  try {
    network = findNetwork(latch.options.networks, parameters.caipNetworkId)
  } catch (error) {
    if (error instanceof SwitchNetworkNotFoundError) raiseAlert(latch, 'SWITCH_NETWORK_NOT_FOUND')
    return
  }
  const state = latch.store.getState()
  const active = state.activeNamespace
  const target = state.namespaces[network.chainNamespace]
  const sessionId = active ? state.namespaces[active]?.account.connectorId : undefined
  const session = sessionId ? latch.sessionConnectors.get(sessionId) : undefined
  const view = switchNetworkView({
    ignoreConfirmation: parameters.ignoreConfirmation ?? false,
    isAuthConnector: session?.capabilities?.embeddedWallet !== undefined,
    authSupportsTarget: session?.supports(network) ?? false,
    connectedOnCurrent: isConnected(state, active),
    connectedOnTarget: target?.account.status === 'connected',
  })
  if (view === 'SwitchActiveChain') {
    pushView(latch, {
      view,
      params: { caipNetworkId: network.caipNetworkId, namespace: network.chainNamespace },
    })
    return
  }
  const previous = target?.network.unsupported ? undefined : target?.network.caipNetwork?.caipNetworkId
  // A success leaves SwitchNetwork and, when the switch was picked there, the network picker too
  // (closing when it was the first view).
  const fromPicker = state.router.history.at(-1)?.view === 'Networks'
  let outcome: 'success' | 'error' | 'cancel' | undefined
  pushTransaction(latch, {
    view: 'SwitchNetwork',
    params: { caipNetworkId: network.caipNetworkId },
    goBack: fromPicker ? 2 : 1,
    onSuccess: () => {
      outcome = 'success'
    },
    onCancel: () => {
      outcome = 'cancel'
    },
  })
  try {
    await switchNetwork(latch, { caipNetworkId: network.caipNetworkId })
  } catch (raw) {
    if (outcome === 'cancel' || !latch.store.getState().modal.open) return
    const error = viewErrorFrom(latch, raw)
    settleTransaction(latch, 'error', raw)
    const back = latch.store.getState().router.history.at(-1)?.view
    if (back)
      patchState(latch, {
        error: { ...error, view: back, code: error.code === 'unknown' ? 'switch-failed' : error.code },
      })
    return
  }
  if (outcome === 'cancel' || !latch.store.getState().modal.open) return
  settleTransaction(latch, 'success')
  if (!latch.store.getState().modal.open) return
  if (afterSwitchSuccess({ previousCaipNetworkId: previous, networks: latch.options.networks }) === 'close')
    closeModal(latch)
}
