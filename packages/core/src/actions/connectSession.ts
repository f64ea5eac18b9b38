import type { Latch } from '../createLatch.js'
import { createSessionState } from '../createLatch.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import { SessionNetworksRejectedError } from '../errors/connection.js'
import { isUserRejection, toWalletError } from '../errors/toWalletError.js'
import { currentEnvironment } from '../rules/platform.js'
import { shouldReusePairing } from '../rules/walletConnect.js'
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
import type { ConnectFlow, ConnectReturnType } from './connect.js'

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

export function sessionConnectorOf(latch: Latch, connectorId: string): SessionConnector {
  const connector = latch.sessionConnectors.get(connectorId)
  if (!connector) throw new AdapterOrConnectorNotFoundError({ namespace: connectorId })
  return connector
}

function nextSessionAttempt(latch: Latch, connectorId: string): number {
  const attempt = (latch._internal.sessionAttempts.get(connectorId) ?? 0) + 1
  latch._internal.sessionAttempts.set(connectorId, attempt)
  return attempt
}

const isCurrentSessionAttempt = (latch: Latch, connectorId: string, attempt: number) =>
  (latch._internal.sessionAttempts.get(connectorId) ?? 0) === attempt

function parseCaip10(account: string): { namespace: string; reference: string; address: string } | undefined {
  const parts = account.split(':')
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  return { namespace, reference, address }
}

/**
 * Turns an approved session into per-namespace connections: each configured namespace gets the
 * approved chain the visitor last used there (else the first approved account's chain), and its
 * adapter attaches to the session's provider so the usual actions sign through it.
 */
export async function sessionConnections(
  latch: Latch,
  connector: SessionConnector,
  approved: ApprovedSession,
): Promise<NamespaceConnection[]> {
  const connections: NamespaceConnection[] = []
  for (const [namespace, approval] of Object.entries(approved.namespaces)) {
    if (!latch.store.getState().namespaces[namespace]) continue
    const accounts = approval.accounts
      .map(parseCaip10)
      .filter((a) => a !== undefined && a.namespace === namespace)
    const first = accounts[0]
    if (!first) continue
    const lastUsed = readStored(latch.storage, STORED_VALUES.lastUsedNetwork(namespace))
    const preferred = lastUsed && approval.chains.includes(lastUsed) ? lastUsed.split(':')[1] : undefined
    const reference = preferred ?? first.reference
    const onChain = accounts.filter((a) => a?.reference === reference)
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
            accounts: [...new Set(onChain.map((a) => a?.address as string))].map((a) => ({
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

/**
 * Connects through a session connector (the modal's WalletConnect view calls it): its pairing
 * URI is in `state.sessions[id].pairing` as soon as it exists, and again on every refresh. When
 * the wallet approves, every approved namespace the app configured is connected. A declined or
 * failed proposal leaves everything disconnected and the error in the session's state.
 */
export async function connectSession(
  latch: Latch,
  parameters: {
    connectorId: string
    params?: Readonly<Record<string, unknown>> | undefined
    walletId?: string | undefined
  },
  flow: ConnectFlow = {},
): Promise<ConnectReturnType> {
  const connector = sessionConnectorOf(latch, parameters.connectorId)
  const id = connector.id
  // Telegram and iOS Safari: coming back from the wallet app must find the same pairing.
  const pending = latch._internal.pendingSessions.get(id)
  const pairing = latch.store.getState().sessions[id]?.pairing
  if (pending && shouldReusePairing({ pairing, now: Date.now(), ...currentEnvironment() })) return pending
  const run = startSession(latch, connector, parameters, flow)
  latch._internal.pendingSessions.set(id, run)
  const forget = () => {
    if (latch._internal.pendingSessions.get(id) === run) latch._internal.pendingSessions.delete(id)
  }
  run.then(forget, forget)
  return run
}

async function startSession(
  latch: Latch,
  connector: SessionConnector,
  parameters: { params?: Readonly<Record<string, unknown>> | undefined; walletId?: string | undefined },
  flow: ConnectFlow,
): Promise<ConnectReturnType> {
  const id = connector.id
  const attempt = nextSessionAttempt(latch, id)
  patchSession(latch, id, { status: 'connecting', pairing: undefined, error: undefined })
  let approved: ApprovedSession
  try {
    approved = await connector.connect({
      networks: latch.options.networks.filter((network) => connector.supports(network)),
      metadata: latch.options.metadata,
      params: parameters.params,
      onEvent(event) {
        if (!isCurrentSessionAttempt(latch, id, attempt)) return
        if (event.type === 'pairing')
          patchSession(latch, id, { pairing: { uri: event.uri, expiresAt: event.expiresAt } })
        else
          latch.events.emit('SESSION_VIEW_REQUEST', {
            connectorId: id,
            view: event.view,
            params: event.params,
          })
      },
    })
  } catch (raw) {
    const error = toWalletError(raw)
    if (isCurrentSessionAttempt(latch, id, attempt)) {
      patchSession(latch, id, {
        status: latch.store.getState().sessions[id]?.wallet ? 'connected' : 'disconnected',
        pairing: undefined,
        error: {
          code: isUserRejection(error)
            ? 'user-rejected'
            : /expired/i.test(error.shortMessage)
              ? 'expired'
              : 'failed',
          name: error.name,
          message: error.shortMessage,
        },
      })
    }
    latch.events.emit('CONNECT_ERROR', { namespace: 'all', connectorId: id, message: error.shortMessage })
    throw error
  }
  const current = isCurrentSessionAttempt(latch, id, attempt)
  if (!current && !isStillWanted(latch, connector, approved)) {
    // The visitor left this pairing and connected something else (or started another): the
    // wallet must learn that the session it approved is not used.
    await connector.disconnect().catch(() => {})
    return { namespaces: [], address: '', chainId: '', connectorId: id }
  }
  const namespaces = await applySession(latch, connector, approved, {
    reason: 'connect',
    recentWalletId: parameters.walletId ?? id,
    // Navigation belongs to the flow that is still showing this pairing.
    flow: current ? flow : {},
  })
  if (namespaces.length === 0) {
    await connector.disconnect().catch(() => {})
    const error = new SessionNetworksRejectedError()
    patchSession(latch, id, {
      status: 'disconnected',
      pairing: undefined,
      error: { code: 'failed', name: error.name, message: error.shortMessage },
    })
    throw error
  }
  const active = latch.store.getState().namespaces[namespaces[0] as string]
  return {
    namespaces,
    address: active?.account.address ?? '',
    chainId: active?.network.caipNetwork?.id ?? '',
    connectorId: id,
  }
}

/**
 * A session approved after its pairing was left is still wanted when no newer attempt runs and
 * none of the namespaces it would connect is connected through something else meanwhile.
 */
function isStillWanted(latch: Latch, connector: SessionConnector, approved: ApprovedSession): boolean {
  const state = latch.store.getState()
  if (state.sessions[connector.id]?.status === 'connecting') return false
  return Object.keys(approved.namespaces).every((namespace) => {
    const account = state.namespaces[namespace]?.account
    return account?.status !== 'connected' || account.connectorId === connector.id
  })
}

/**
 * The visitor left the pairing view: stop refreshing its URI (a late approval is still handled).
 * In Telegram and iOS Safari an unexpired pairing is kept (`shouldReusePairing`), since leaving
 * for the wallet app looks the same and the visitor comes back to it (spec §4).
 */
export function cancelSession(latch: Latch, parameters: { connectorId: string }): void {
  const session = latch.store.getState().sessions[parameters.connectorId]
  if (session?.status !== 'connecting') return
  if (shouldReusePairing({ pairing: session.pairing, now: Date.now(), ...currentEnvironment() })) return
  sessionConnectorOf(latch, parameters.connectorId).cancel()
  nextSessionAttempt(latch, parameters.connectorId)
  latch._internal.pendingSessions.delete(parameters.connectorId)
  patchSession(latch, parameters.connectorId, {
    status: session.wallet ? 'connected' : 'disconnected',
    pairing: undefined,
  })
}

/** Remembers the wallet app a deep link opened (spec §3 wcLinking). */
export function setSessionLinking(
  latch: Latch,
  parameters: { connectorId: string; linking: SessionState['linking'] },
): void {
  patchSession(latch, parameters.connectorId, { linking: parameters.linking })
}
