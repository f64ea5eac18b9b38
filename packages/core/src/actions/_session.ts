import { isCaipAddress, parseCaipAddress } from '../caip.js'
import type { Latch } from '../createLatch.js'
import { createSessionState } from '../createLatch.js'
import { isNamespaceAddress } from '../rules/account.js'
import type { SessionState } from '../state.js'
import { readStored, STORED_VALUES } from '../storage.js'
import type { ApprovedSession, ChainNamespace, ConnectResult, SessionConnector } from '../types.js'
import {
  afterConnect,
  commitConnections,
  configuredNetwork,
  type NamespaceConnection,
} from './_connection.js'
import { cancelLateRestore, nextAttempt } from './_shared.js'

// Applying a session connector's session is shared by restore (on the first load) and pairing
// (in the modal's chunk), so the first load carries no pairing code.

/** How a modal flow hears that a connection is applied (after the sign-in gate). */
export interface ConnectFlow {
  navigate?: (() => void) | undefined
}

/** Patches one session connector's state. */
export function patchSession(latch: Latch, connectorId: string, patch: Partial<SessionState>): void {
  latch.store.setState((state) => ({
    ...state,
    sessions: {
      ...state.sessions,
      [connectorId]: { ...(state.sessions[connectorId] ?? createSessionState()), ...patch },
    },
  }))
}

/**
 * Turns an approved session into per-namespace connections: each configured namespace gets the
 * approved chain the visitor last used there (else the first approved account's chain), and its
 * adapter attaches to the session's provider so the usual actions sign through it.
 */
async function sessionConnections(
  latch: Latch,
  connector: SessionConnector,
  approved: ApprovedSession,
): Promise<NamespaceConnection[]> {
  const connections: NamespaceConnection[] = []
  for (const [namespace, approval] of Object.entries(approved.namespaces)) {
    if (!latch.store.getState().namespaces[namespace]) continue
    const accounts = approval.accounts
      .filter(isCaipAddress)
      .map(parseCaipAddress)
      .filter((a) => a.namespace === namespace && isNamespaceAddress(namespace, a.address))
    const first = accounts[0]
    if (!first) continue
    const lastUsed = readStored(latch.storage, STORED_VALUES.lastUsedNetwork(namespace))
    const preferred = lastUsed && approval.chains.includes(lastUsed) ? lastUsed.split(':')[1] : undefined
    const reference = preferred ?? first.reference
    const onChain = accounts.filter((a) => a.reference === reference)
    const address = onChain[0]?.address ?? first.address
    const adapter = latch.adapters.get(namespace)
    let result: ConnectResult
    try {
      result = adapter?.attachSession
        ? await adapter.attachSession({
            connectorId: connector.id,
            connectorType: connector.type,
            provider: connector.getProvider(namespace),
            walletName: approved.wallet.name,
            walletIcon: approved.wallet.icon,
            caipNetwork: configuredNetwork(latch, namespace, reference),
          })
        : {
            address,
            chainId: namespace === 'eip155' && /^\d+$/.test(reference) ? Number(reference) : reference,
            connectorId: connector.id,
            connectorType: connector.type,
            accounts: [...new Set(onChain.map((a) => a.address))].map((a) => ({
              address: a,
              type: approved.preferredAccountType ?? 'eoa',
            })),
          }
    } catch {
      // This namespace's side of the session could not be used; the others still connect.
      continue
    }
    connections.push({
      namespace,
      result: {
        ...result,
        connectorId: connector.id,
        walletName: approved.wallet.name,
        walletIcon: approved.wallet.icon,
      },
    })
  }
  return connections
}

/** Applies a session the wallet approved; returns the namespaces connected (none: not applied). */
export async function applySession(
  latch: Latch,
  connector: SessionConnector,
  approved: ApprovedSession,
  parameters: { reason: 'connect' | 'restore'; recentWalletId?: string | undefined; flow?: ConnectFlow },
): Promise<ChainNamespace[]> {
  const connections = await sessionConnections(latch, connector, approved)
  if (connections.length === 0) return []
  for (const { namespace } of connections) {
    nextAttempt(latch, namespace)
    cancelLateRestore(latch, namespace)
  }
  const namespaces = connections.map((c) => c.namespace)
  commitConnections(latch, connections, {
    recentWalletId: parameters.recentWalletId,
    session: { connector, approved },
  })
  if (parameters.reason === 'connect') {
    const first = connections[0] as NamespaceConnection
    latch.events.emit('CONNECT_SUCCESS', {
      namespace: first.namespace,
      connectorId: connector.id,
      address: first.result.address,
    })
  }
  await afterConnect(latch, namespaces, { reason: parameters.reason, navigate: parameters.flow?.navigate })
  return namespaces
}
