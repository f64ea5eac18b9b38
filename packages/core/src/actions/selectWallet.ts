import type { Latch } from '../createLatch.js'
import { STORED_VALUES, writeStored } from '../storage.js'
import type { ChainNamespace } from '../types.js'
import { isConnected, patchState } from './_shared.js'
import { closeAfterConnect, viewErrorFrom } from './_view.js'
import { closeModal } from './close.js'
import { connectWith } from './connect.js'
import { connectSession } from './connectSession.js'
import { disconnect } from './disconnect.js'
import { pushView, replaceView } from './navigate.js'

/**
 * The modal's "pick a wallet" flow: shows the Connecting view for the wallet and connects. The
 * outcome is in state (connected and closed, or the error on the Connecting view); this never
 * throws, so a click handler can fire and forget it.
 */
export async function selectWallet(
  latch: Latch,
  parameters: { connectorId: string; namespace?: ChainNamespace | undefined; retry?: boolean },
): Promise<void> {
  const entry = {
    view: 'Connecting' as const,
    params: { connectorId: parameters.connectorId, namespace: parameters.namespace },
  }
  if (parameters.retry) replaceView(latch, entry)
  else pushView(latch, entry)
  try {
    await connectWith(
      latch,
      { connectorId: parameters.connectorId, namespace: parameters.namespace },
      { navigate: () => closeAfterConnect(latch) },
    )
  } catch (error) {
    const top = latch.store.getState().router.history.at(-1)
    // Only the view that asked shows the failure.
    if (top?.view === 'Connecting' && top.params?.connectorId === parameters.connectorId)
      patchState(latch, { error: viewErrorFrom(latch, error) })
  }
}

/**
 * The modal's Disconnect: the active namespace by default, one namespace of a wallet connected
 * on several, or 'all'. When a namespace is left connected, the modal stays open on its account
 * (made active if the active one went); else it closes.
 */
export async function selectDisconnect(
  latch: Latch,
  parameters: { namespace?: ChainNamespace | 'all' | undefined } = {},
): Promise<void> {
  try {
    await disconnect(latch, parameters)
  } finally {
    const state = latch.store.getState()
    const left = Object.keys(state.namespaces).filter((namespace) => isConnected(state, namespace))
    if (parameters.namespace === undefined || parameters.namespace === 'all' || left.length === 0) {
      closeModal(latch)
    } else if (!state.activeNamespace || !left.includes(state.activeNamespace)) {
      patchState(latch, { activeNamespace: left[0] })
      writeStored(latch.storage, STORED_VALUES.activeNamespace, left[0])
    }
  }
}

/**
 * The modal's pairing flow for a session connector (the WalletConnect view): pairs, and closes
 * the modal once the session is applied. The outcome (pairing URI, error) is in
 * `state.sessions[connectorId]`; this never throws.
 */
export async function selectSession(
  latch: Latch,
  parameters: {
    connectorId: string
    walletId?: string | undefined
    /** Passed to the connector unchanged (the embedded wallet's `email`). */
    params?: Readonly<Record<string, unknown>> | undefined
  },
): Promise<void> {
  await connectSession(latch, parameters, { navigate: () => closeAfterConnect(latch) }).catch(() => {})
}
