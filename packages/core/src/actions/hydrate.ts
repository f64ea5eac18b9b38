import { applyStoredState, type Latch } from '../createLatch.js'
import { STORAGE_KEYS } from '../internal.js'
import type { AdapterContext, ChainAdapter, ConnectResult } from '../types.js'
import { patchState, updateNamespace } from './_shared.js'
import { closeModal } from './close.js'
import { applyConnected } from './connect.js'
import { forgetNamespace } from './disconnect.js'
import { fetchBalance } from './fetchBalance.js'
import { applyChainChanged } from './handleChainChanged.js'
import { restoreWalletConnect, WALLET_CONNECT_ID, watchWalletConnect } from './walletConnectSession.js'

/**
 * Starts the adapters (wallet discovery, wallet events) and restores the previous session of
 * every namespace without prompting (spec §4 startup: connecting → connected or disconnected).
 * Safe to call many times; the work runs once. The React provider calls it on mount.
 */
export function hydrate(latch: Latch): Promise<void> {
  if (latch._internal.hydration) return latch._internal.hydration
  // The first render showed the server's view (or nothing remembered); now the browser's own.
  applyStoredState(latch)
  for (const adapter of latch.adapters.values()) {
    latch._internal.teardown.push(adapter.setup(createContext(latch, adapter)))
    latch.store.setState((state) => ({
      ...state,
      connectors: { ...state.connectors, [adapter.namespace]: adapter.getConnectors() },
    }))
  }
  latch._internal.teardown.push(
    watchWalletConnect(latch, (namespaces) => {
      for (const namespace of namespaces) {
        // The wagmi (or other adapter) side of the session ends too; its events then find nothing.
        void latch.adapters
          .get(namespace)
          ?.disconnect()
          .catch(() => {})
        endSession(latch, namespace)
      }
    }),
  )
  patchState(latch, { phase: 'syncing' })
  // Namespaces of a stored WalletConnect session come back together, from that session.
  const viaWalletConnect = latch.options.walletConnect
    ? Object.keys(latch.store.getState().namespaces).filter(
        (namespace) => latch.storage.getItem(STORAGE_KEYS.connectorId(namespace)) === WALLET_CONNECT_ID,
      )
    : []
  for (const namespace of viaWalletConnect)
    updateNamespace(latch, namespace, { account: { status: 'connecting' } })
  latch._internal.hydration = Promise.all([
    ...[...latch.adapters.values()]
      .filter((adapter) => !viaWalletConnect.includes(adapter.namespace))
      .map((adapter) => restore(latch, adapter)),
    ...(viaWalletConnect.length ? [restoreWalletConnect(latch, viaWalletConnect)] : []),
  ]).then(() => patchState(latch, { phase: 'ready' }))
  return latch._internal.hydration
}

/** Stops the adapters' subscriptions (tests, hot reload, unmount of the last provider). */
export function teardown(latch: Latch): void {
  for (const stop of latch._internal.teardown.splice(0)) stop()
  latch._internal.hydration = undefined
}

async function restore(latch: Latch, adapter: ChainAdapter): Promise<void> {
  const namespace = adapter.namespace
  const connectorId = latch.storage.getItem(STORAGE_KEYS.connectorId(namespace)) ?? undefined
  if (!connectorId) {
    updateNamespace(latch, namespace, { account: { status: 'disconnected' } })
    return
  }
  const generation = latch._internal.generation
  updateNamespace(latch, namespace, { account: { status: 'connecting' } })
  let result: ConnectResult | undefined
  try {
    result = await adapter.reconnect({ connectorId })
  } catch {
    result = undefined
  }
  // A connect or disconnect started meanwhile wins over the restore.
  if (generation !== latch._internal.generation) return
  if (result) applyConnected(latch, namespace, result)
  else forgetNamespace(latch, namespace)
}

function createContext(latch: Latch, adapter: ChainAdapter): AdapterContext {
  const namespace = adapter.namespace
  const isConnected = () => latch.store.getState().namespaces[namespace]?.account.status === 'connected'
  return {
    onAccountsChanged(accounts) {
      if (!isConnected()) return
      const [address] = accounts
      if (!address) {
        endSession(latch, namespace)
        return
      }
      const current = latch.store.getState().namespaces[namespace]
      if (current?.account.address === address) return
      const network = current?.network.caipNetwork
      updateNamespace(latch, namespace, {
        account: {
          address,
          allAccounts: accounts.map((a) => ({ address: a, type: 'eoa' as const })),
          caipAddress:
            network && !current?.network.unsupported
              ? (`${network.caipNetworkId}:${address}` as const)
              : undefined,
          balance: undefined,
          lastRetry: undefined,
        },
      })
      void fetchBalance(latch, { namespace }).catch(() => {})
    },
    onChainChanged(chainId) {
      if (!isConnected()) return
      applyChainChanged(latch, namespace, chainId)
    },
    onDisconnect() {
      if (isConnected()) endSession(latch, namespace)
    },
    onConnectorsChanged(connectors) {
      latch.store.setState((state) => ({
        ...state,
        connectors: { ...state.connectors, [namespace]: connectors },
      }))
    },
  }
}

/** The wallet ended the session on its side. */
function endSession(latch: Latch, namespace: string): void {
  latch._internal.generation++
  forgetNamespace(latch, namespace)
  const { modal, router } = latch.store.getState()
  const view = router.history.at(-1)?.view
  if (modal.open && (view === 'Account' || view === 'UnsupportedChain' || view === 'Networks'))
    closeModal(latch)
  latch.events.emit('DISCONNECT_SUCCESS', { namespaces: [namespace] })
}
