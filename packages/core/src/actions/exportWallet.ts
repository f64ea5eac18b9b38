import type { Latch } from '../createLatch.js'
import type { EmbeddedWalletConnector } from '../embedded/embeddedWallet.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'

/** The embedded-wallet connector the active account is connected with, if it is one. */
export function activeEmbeddedWallet(latch: Latch): EmbeddedWalletConnector | undefined {
  const state = latch.store.getState()
  const connectorId = state.activeNamespace
    ? state.namespaces[state.activeNamespace]?.account.connectorId
    : undefined
  const connector = connectorId ? latch.sessionConnectors.get(connectorId) : undefined
  return connector !== undefined && 'exportWallet' in connector
    ? (connector as EmbeddedWalletConnector)
    : undefined
}

/**
 * Exports the embedded wallet the active account is connected with: its frame asks the visitor
 * to confirm and opens the wallet server's own window, which shows the recovery phrase and keys
 * after a fresh email code. Resolves whether that window opened; nothing secret reaches the page.
 */
export async function exportEmbeddedWallet(latch: Latch): Promise<{ opened: boolean }> {
  const connector = activeEmbeddedWallet(latch)
  if (connector === undefined) throw new AdapterOrConnectorNotFoundError({ namespace: 'embedded' })
  return connector.exportWallet()
}
