import type { Latch } from '../createLatch.js'
import type { WalletConnectionState } from '../state.js'
import type { ChainNamespace, ConnectResult, WalletConnectConnector, WalletConnectSession } from '../types.js'
import { updateNamespace } from './_shared.js'
import { applyConnected } from './connect.js'
import { forgetNamespace } from './disconnect.js'
import { applyChainChanged } from './handleChainChanged.js'

// Split from walletConnect.ts: this part runs at start-up (restore, session events); pairing
// code loads with the modal.

/** The connector id every namespace of a WalletConnect session is stored under. */
export const WALLET_CONNECT_ID = 'walletConnect'

export function patchConnection(latch: Latch, patch: Partial<WalletConnectionState>): void {
  latch.store.setState((state) => ({ ...state, walletConnection: { ...state.walletConnection, ...patch } }))
}

export function connectorOf(latch: Latch): WalletConnectConnector {
  const connector = latch.options.walletConnect
  if (!connector) throw new Error('WalletConnect is not enabled: pass `walletConnect` to createLatch.')
  return connector
}

/**
 * Connects every approved namespace the app configured; returns them. eip155 (and any adapter
 * with `connectProvider`) goes through its adapter so the usual actions sign through the session.
 */
export async function applySession(latch: Latch, session: WalletConnectSession): Promise<ChainNamespace[]> {
  const connector = connectorOf(latch)
  const connected: ChainNamespace[] = []
  for (const [namespace, approved] of Object.entries(session.namespaces)) {
    if (!latch.store.getState().namespaces[namespace]) continue
    const [first] = approved.accounts
    const parts = first?.split(':')
    if (parts?.length !== 3) continue
    const [, reference, address] = parts as [string, string, string]
    const adapter = latch.adapters.get(namespace)
    let result: ConnectResult
    try {
      result = adapter?.connectProvider
        ? await adapter.connectProvider({
            connectorId: WALLET_CONNECT_ID,
            connectorType: 'WALLET_CONNECT',
            provider: connector.getProvider(namespace),
            walletName: session.peer.name,
            walletIcon: session.peer.icon,
          })
        : {
            address,
            chainId: namespace === 'eip155' ? Number(reference) : reference,
            connectorId: WALLET_CONNECT_ID,
            connectorType: 'WALLET_CONNECT',
            allAccounts: [
              ...new Set(
                approved.accounts
                  .filter((a) => a.startsWith(`${namespace}:${reference}:`))
                  .map((a) => a.split(':')[2] as string),
              ),
            ],
            walletName: session.peer.name,
            walletIcon: session.peer.icon,
          }
    } catch {
      continue
    }
    applyConnected(latch, namespace, {
      ...result,
      walletName: session.peer.name,
      walletIcon: session.peer.icon,
    })
    updateNamespace(latch, namespace, {
      network: {
        approvedCaipNetworkIds: approved.chains.filter((c) => c.includes(':')) as `${string}:${string}`[],
      },
    })
    connected.push(namespace)
  }
  patchConnection(latch, {
    status: connected.length ? 'connected' : 'disconnected',
    wcUri: undefined,
    wcPairingExpiry: undefined,
  })
  return connected
}

/** Restores a stored session after a reload (hydrate); the namespaces it did not restore are forgotten. */
export async function restoreWalletConnect(
  latch: Latch,
  namespaces: readonly ChainNamespace[],
): Promise<void> {
  const connector = latch.options.walletConnect
  const generation = latch._internal.generation
  let session: WalletConnectSession | undefined
  try {
    session = connector ? await connector.restore({ networks: latch.options.networks }) : undefined
  } catch {
    session = undefined
  }
  if (generation !== latch._internal.generation) return
  const restored = session ? await applySession(latch, session) : []
  for (const namespace of namespaces) if (!restored.includes(namespace)) forgetNamespace(latch, namespace)
}

/** Session events of the connector, reflected in state. Returns the unsubscribe. */
export function watchWalletConnect(
  latch: Latch,
  endSession: (namespaces: ChainNamespace[]) => void,
): () => void {
  const connector = latch.options.walletConnect
  if (!connector) return () => {}
  const onSession = (namespace: ChainNamespace) => {
    const account = latch.store.getState().namespaces[namespace]?.account
    // eip155 follows through its adapter (the wagmi connection sees the same events).
    return (
      account?.status === 'connected' &&
      account.connectorId === WALLET_CONNECT_ID &&
      !latch.adapters.get(namespace)?.connectProvider
    )
  }
  return connector.subscribe({
    onAccountsChanged(namespace, accounts) {
      if (!onSession(namespace)) return
      const [address] = accounts
      if (!address) return endSession([namespace])
      updateNamespace(latch, namespace, {
        account: { address, allAccounts: accounts.map((a) => ({ address: a, type: 'eoa' as const })) },
      })
    },
    onChainChanged(namespace, chainId) {
      if (onSession(namespace))
        applyChainChanged(latch, namespace, namespace === 'eip155' ? Number(chainId) : chainId)
    },
    onSessionEnded() {
      const namespaces = Object.entries(latch.store.getState().namespaces)
        .filter(
          ([, ns]) => ns.account.connectorId === WALLET_CONNECT_ID && ns.account.status !== 'disconnected',
        )
        .map(([namespace]) => namespace)
      patchConnection(latch, { status: 'disconnected' })
      if (namespaces.length) endSession(namespaces)
    },
  })
}
