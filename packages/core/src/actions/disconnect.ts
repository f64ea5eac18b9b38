import type { Latch } from '../createLatch.js'
import { collectDisconnectErrors, namespacesToDisconnect, STORAGE_KEYS } from '../internal.js'
import type { ChainNamespace, ConnectorType } from '../types.js'
import { closeModal } from './close.js'
import { resetNamespace } from './connect.js'

export interface DisconnectParameters {
  /** One namespace, or 'all'. Defaults to the active namespace. */
  namespace?: ChainNamespace | 'all' | undefined
}

/**
 * Disconnects the wallet (spec §4). WalletConnect and embedded sessions also drop the other
 * namespaces on the same connector; 'all' goes through every namespace. Every namespace ends
 * disconnected even when a wallet fails to answer; the failures are then thrown together.
 *
 * @example
 * await disconnect(latch)
 * await disconnect(latch, { namespace: 'all' })
 */
export async function disconnect(latch: Latch, parameters: DisconnectParameters = {}): Promise<void> {
  const state = latch.store.getState()
  const target = parameters.namespace ?? state.activeNamespace ?? 'all'
  const connections: Record<string, { connectorId: string; connectorType: ConnectorType } | undefined> = {}
  for (const [namespace, ns] of Object.entries(state.namespaces)) {
    const { connectorId, connectedWalletInfo, status } = ns.account
    connections[namespace] =
      connectorId && status !== 'disconnected'
        ? { connectorId, connectorType: connectedWalletInfo?.type ?? 'INJECTED' }
        : undefined
  }
  const namespaces = namespacesToDisconnect({ target, connections })
  latch._internal.generation++
  const failures: { namespace: ChainNamespace; error: unknown }[] = []
  // One WalletConnect session behind all its namespaces: ended once.
  const viaWalletConnect = namespaces.filter(
    (namespace) => connections[namespace]?.connectorType === 'WALLET_CONNECT',
  )
  if (viaWalletConnect.length && latch.options.walletConnect) {
    try {
      await latch.options.walletConnect.disconnect()
    } catch (error) {
      failures.push({ namespace: viaWalletConnect[0] as ChainNamespace, error })
    }
    latch.store.setState((s) => ({
      ...s,
      walletConnection: { ...s.walletConnection, status: 'disconnected' },
    }))
  }
  await Promise.all(
    namespaces.map(async (namespace) => {
      try {
        await latch.adapters.get(namespace)?.disconnect()
      } catch (error) {
        failures.push({ namespace, error })
      }
      forgetNamespace(latch, namespace)
    }),
  )
  closeModal(latch)
  latch.events.emit('DISCONNECT_SUCCESS', { namespaces })
  const error = collectDisconnectErrors(failures)
  if (error) {
    latch.events.emit('DISCONNECT_ERROR', { message: error.shortMessage })
    throw error
  }
}

/** Clears a namespace's state and what the browser remembers of its session. */
export function forgetNamespace(latch: Latch, namespace: ChainNamespace): void {
  resetNamespace(latch, namespace)
  latch.storage.removeItem(STORAGE_KEYS.connectorId(namespace))
}
