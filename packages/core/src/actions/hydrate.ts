import { projectRpcUrl } from '../api/rpcEndpoint.js'
import { applyStoredState, type Latch } from '../createLatch.js'
import { accountReducer, isNamespaceAddress } from '../rules/account.js'
import { readStored, STORED_VALUES } from '../storage.js'
import type {
  AdapterContext,
  ChainAdapter,
  ChainNamespace,
  ConnectedAccount,
  SessionConnector,
  SessionConnectorEvent,
} from '../types.js'
import { afterConnect, forgetNamespaces, releaseNamespaces } from './_connection.js'
import { patchSession } from './_session.js'
import { explorerAddressUrl, isConnected, nextAttempt, patchState, withNamespace } from './_shared.js'
import { closeModal } from './close.js'
import { fetchBalance } from './fetchBalance.js'
import { applyChainChanged } from './handleChainChanged.js'
import { pushTransaction, pushView, settleTransaction } from './navigate.js'
import { openModal } from './open.js'
import { restoreNamespace, restoreSession } from './restore.js'

/**
 * Starts the adapters (wallet discovery, wallet events) and the session connectors' event
 * subscriptions, then restores every namespace's previous session without prompting (spec §4
 * startup: connecting → connected or disconnected). Resolves when every restore has settled.
 * Safe to call many times; the work runs once per instance until `teardown`. The React
 * provider calls it on mount; headless apps call it once after `createLatch`.
 *
 * @example
 * const latch = createLatch(options)
 * await hydrate(latch)
 */
export function hydrate(latch: Latch): Promise<void> {
  if (latch._internal.hydration) return latch._internal.hydration
  // The first render showed the server's view (or nothing remembered); now the browser's own,
  // unless the React provider has read it before paint already.
  if (!latch._internal.storedStateApplied) applyStoredState(latch)
  for (const adapter of latch.adapters.values()) {
    latch._internal.teardown.push(adapter.setup(createContext(latch, adapter)))
    setConnectors(latch, adapter.namespace, adapter.getConnectors())
  }
  for (const connector of latch.sessionConnectors.values()) {
    latch._internal.teardown.push(watchSession(latch, connector))
    if (connector.syncTheme)
      latch._internal.teardown.push(
        latch.store.subscribe(
          (s) => ({ themeMode: s.themeMode, themeVariables: s.themeVariables }),
          (theme) => connector.syncTheme?.(theme),
          {
            equalityFn: (a, b) => a.themeMode === b.themeMode && a.themeVariables === b.themeVariables,
            fireImmediately: true,
          },
        ),
      )
  }
  latch._internal.teardown.push(
    latch.events.on('SESSION_VIEW_REQUEST', ({ connectorId: _connectorId, ...route }) => {
      if (latch.store.getState().modal.open) pushView(latch, route)
      else openModal(latch, route)
    }),
  )
  patchState(latch, { phase: 'syncing' })

  const restores: Promise<void>[] = []
  const bySession = new Map<SessionConnector, ChainNamespace[]>()
  const forget: ChainNamespace[] = []
  const idle: ChainNamespace[] = []
  for (const namespace of Object.keys(latch.store.getState().namespaces)) {
    const connectorId = readStored(latch.storage, STORED_VALUES.connectorId(namespace))
    const session = connectorId ? latch.sessionConnectors.get(connectorId) : undefined
    const adapter = latch.adapters.get(namespace)
    if (!connectorId) idle.push(namespace)
    else if (session) bySession.set(session, [...(bySession.get(session) ?? []), namespace])
    else if (adapter) restores.push(restoreNamespace(latch, adapter, connectorId))
    // Remembered with a connector this app no longer has: nothing can bring it back.
    else forget.push(namespace)
  }
  releaseNamespaces(
    latch,
    idle.filter((n) => latch.store.getState().namespaces[n]?.account.status === 'connecting'),
  )
  forgetNamespaces(latch, forget)
  for (const [connector, namespaces] of bySession) restores.push(restoreSession(latch, connector, namespaces))
  latch._internal.hydration = Promise.all(restores).then(() => patchState(latch, { phase: 'ready' }))
  return latch._internal.hydration
}

/** Stops the adapters' and connectors' subscriptions (tests, hot reload, provider unmount). */
export function teardown(latch: Latch): void {
  for (const stop of latch._internal.teardown.splice(0)) stop()
  latch._internal.lateRestores.clear()
  latch._internal.hydration = undefined
  latch._internal.storedStateApplied = false
}

function setConnectors(
  latch: Latch,
  namespace: ChainNamespace,
  connectors: readonly AdapterConnector[],
): void {
  // With EIP-6963 off, announced wallets are not offered (the generic injected one still is).
  const shown = latch.options.enableEIP6963 ? connectors : connectors.filter((c) => c.type !== 'ANNOUNCED')
  latch.store.setState((state) => ({ ...state, connectors: { ...state.connectors, [namespace]: shown } }))
}
type AdapterConnector = ReturnType<ChainAdapter['getConnectors']>[number]

function toAccounts(
  namespace: ChainNamespace,
  accounts: readonly (string | ConnectedAccount)[],
): ConnectedAccount[] {
  return accounts
    .map((a) => (typeof a === 'string' ? { address: a, type: 'eoa' as const } : a))
    .filter(
      (a) =>
        typeof a?.address === 'string' && isNamespaceAddress(namespace, a.address) && a.address.length > 0,
    )
}

/** Applies an account change on a connected namespace, then balance and the sign-in gate. */
function applyAccountsChanged(latch: Latch, namespace: ChainNamespace, accounts: ConnectedAccount[]): void {
  const [first] = accounts
  if (!first) {
    endSession(latch, [namespace])
    return
  }
  const current = latch.store.getState().namespaces[namespace]
  if (!current || current.account.address === first.address) return
  const network = current.network.unsupported ? undefined : current.network.caipNetwork
  latch.store.setState((state) =>
    withNamespace(state, namespace, {
      account: accountReducer(current.account, {
        type: 'accountsChanged',
        accounts,
        caipNetworkId: network?.caipNetworkId,
        addressExplorerUrl: explorerAddressUrl(network, first.address),
      }),
    }),
  )
  void afterConnect(latch, [namespace], { reason: 'change' })
}

function createContext(latch: Latch, adapter: ChainAdapter): AdapterContext {
  const namespace = adapter.namespace
  return {
    onAccountsChanged(accounts) {
      if (isConnected(latch.store.getState(), namespace))
        applyAccountsChanged(latch, namespace, toAccounts(namespace, accounts))
    },
    onChainChanged(chainId) {
      if (isConnected(latch.store.getState(), namespace)) applyChainChanged(latch, namespace, chainId)
    },
    onDisconnect() {
      if (isConnected(latch.store.getState(), namespace)) endSession(latch, [namespace])
    },
    onConnectorsChanged(connectors) {
      setConnectors(latch, namespace, connectors)
    },
    projectRpcUrl: (caipNetworkId) => projectRpcUrl(latch.options, caipNetworkId),
  }
}

/** Namespaces connected through this session connector right now. */
function onSession(latch: Latch, connectorId: string): ChainNamespace[] {
  return Object.entries(latch.store.getState().namespaces)
    .filter(([, ns]) => ns.account.status === 'connected' && ns.account.connectorId === connectorId)
    .map(([namespace]) => namespace)
}

/** A live session's events, reflected in state. Namespaces whose adapter attached to the session follow through it. */
function watchSession(latch: Latch, connector: SessionConnector): () => void {
  const follows = (namespace: ChainNamespace) =>
    onSession(latch, connector.id).includes(namespace) && !latch.adapters.get(namespace)?.attachSession
  /** The alerts this connector raised: they go once it answers again. */
  const raised = new Set<string>()
  return connector.subscribe({
    onAccountsChanged(namespace, accounts) {
      if (follows(namespace)) applyAccountsChanged(latch, namespace, toAccounts(namespace, accounts))
    },
    onChainChanged(namespace, reference) {
      if (follows(namespace)) applyChainChanged(latch, namespace, reference)
    },
    onSessionEnded() {
      patchSession(latch, connector.id, { status: 'disconnected', wallet: undefined, user: undefined })
      const namespaces = onSession(latch, connector.id)
      for (const namespace of namespaces) {
        // The adapter's side of the session ends too; its own events then find nothing.
        void latch.adapters
          .get(namespace)
          ?.disconnect()
          .catch(() => {})
      }
      if (namespaces.length) endSession(latch, namespaces)
    },
    onEvent(event) {
      if (event.type === 'approval') {
        followApproval(latch, connector, event)
        return
      }
      if (event.type !== 'view') return
      const { type: _type, ...route } = event
      latch.events.emit('SESSION_VIEW_REQUEST', { connectorId: connector.id, ...route })
    },
    onUserChanged(user) {
      if (latch.store.getState().sessions[connector.id]?.status === 'connected')
        patchSession(latch, connector.id, { user })
    },
    onToast(toast) {
      latch.events.emit('TOAST', toast)
    },
    onAlert(alert) {
      raised.add(alert.id)
      latch.store.setState((state) =>
        state.alerts.some((existing) => existing.id === alert.id)
          ? state
          : { ...state, alerts: [...state.alerts, alert] },
      )
    },
    onFlowChanged(flows) {
      patchSession(latch, connector.id, flows)
    },
    onReachable(reachable) {
      patchSession(latch, connector.id, { offline: !reachable })
      if (!reachable) return
      latch.store.setState((state) => ({ ...state, alerts: state.alerts.filter((a) => !raised.has(a.id)) }))
      raised.clear()
    },
  })
}

/** The wallet ended the session on its side: forget it, and leave views that showed it. */
function endSession(latch: Latch, namespaces: ChainNamespace[]): void {
  for (const namespace of namespaces) nextAttempt(latch, namespace)
  forgetNamespaces(latch, namespaces)
  const { modal, router, activeNamespace } = latch.store.getState()
  const view = router.history.at(-1)?.view
  if (
    modal.open &&
    activeNamespace &&
    namespaces.includes(activeNamespace) &&
    (view === 'Account' || view === 'UnsupportedChain' || view === 'Networks')
  )
    closeModal(latch)
  latch.events.emit('DISCONNECT_SUCCESS', { namespaces })
}

/** Pending approvals of session connectors: request id → transaction-stack entry id. */
const approvals = new WeakMap<Latch, Map<string, number | 'inline'>>()

/**
 * ApproveTransaction for an unsafe request the wallet's own window approves (spec §2, §4): opened
 * on `start` (the modal opens if closed); the view's Cancel aborts the connector's pending
 * requests. `end` pops it or closes the modal, and a success refreshes the native balance. While
 * the sign-in view waits for its signature, that view stays and says where to confirm.
 */
function followApproval(
  latch: Latch,
  connector: SessionConnector,
  event: Extract<SessionConnectorEvent, { type: 'approval' }>,
): void {
  const pending = approvals.get(latch) ?? new Map<string, number | 'inline'>()
  approvals.set(latch, pending)
  if (event.phase === 'start') {
    const state = latch.store.getState()
    if (state.modal.open && state.router.history.at(-1)?.view === 'SIWXSignMessage') {
      pending.set(event.requestId, 'inline')
      return
    }
    const route = {
      view: 'ApproveTransaction' as const,
      params: { connectorId: connector.id, ...(event.request ? { request: event.request } : {}) },
    }
    const wasOpen = state.modal.open
    if (!wasOpen) openModal(latch, route)
    const id = pushTransaction(latch, {
      ...route,
      replace: !wasOpen,
      goBack: true,
      onCancel: () => connector.abortRequests?.(),
    })
    pending.set(event.requestId, id)
    return
  }
  const id = pending.get(event.requestId)
  pending.delete(event.requestId)
  if (event.outcome === 'success') {
    const { activeNamespace } = latch.store.getState()
    void fetchBalance(latch, { namespace: activeNamespace, force: true }).catch(() => {})
  }
  if (id === undefined || id === 'inline') return
  if (latch.store.getState().router.transactionStack.at(-1)?.id !== id) return
  settleTransaction(latch, event.outcome)
}
