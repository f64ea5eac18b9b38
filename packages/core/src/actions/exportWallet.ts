import type { Latch } from '../createLatch.js'
import type { EmbeddedWalletCapability } from '../embedded/capability.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import type { SessionConnector } from '../types.js'

/** A session connector with the embedded wallet's abilities, and those abilities. */
export interface EmbeddedWalletOf {
  connector: SessionConnector
  embedded: EmbeddedWalletCapability
}

/** The app's embedded wallet: the first session connector that declares its abilities. */
export function embeddedWalletOf(latch: Latch): EmbeddedWalletOf | undefined {
  for (const connector of latch.sessionConnectors.values()) {
    const embedded = connector.capabilities?.embeddedWallet
    if (embedded) return { connector, embedded }
  }
  return undefined
}

/** The embedded wallet the active account is connected with, if it is one. */
export function activeEmbeddedWallet(latch: Latch): EmbeddedWalletOf | undefined {
  const state = latch.store.getState()
  const connectorId = state.activeNamespace
    ? state.namespaces[state.activeNamespace]?.account.connectorId
    : undefined
  const connector = connectorId ? latch.sessionConnectors.get(connectorId) : undefined
  const embedded = connector?.capabilities?.embeddedWallet
  return connector && embedded ? { connector, embedded } : undefined
}

/**
 * Exports the embedded wallet the active account is connected with: its frame asks the visitor
 * to confirm and opens the wallet server's own window, which shows the recovery phrase and keys
 * after a fresh email code. Resolves whether that window opened; nothing secret reaches the page.
 */
export async function exportEmbeddedWallet(latch: Latch): Promise<{ opened: boolean }> {
  const active = activeEmbeddedWallet(latch)
  if (active === undefined) throw new AdapterOrConnectorNotFoundError({ namespace: 'embedded' })
  return active.embedded.exportWallet()
}
