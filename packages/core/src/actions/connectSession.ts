import { projectRpcUrl } from '../api/rpcEndpoint.js'
import type { Latch } from '../createLatch.js'
import { AdapterOrConnectorNotFoundError } from '../errors/adapter.js'
import { SessionNetworksRejectedError } from '../errors/connection.js'
import { isUserRejection, toWalletError } from '../errors/toWalletError.js'
import { currentEnvironment } from '../rules/platform.js'
import { shouldReusePairing } from '../rules/walletConnect.js'
import type { SessionState } from '../state.js'
import type { ApprovedSession, SessionConnector } from '../types.js'
import { applySession, type ConnectFlow, patchSession } from './_session.js'
import type { ConnectReturnType } from './connect.js'

function sessionConnectorOf(latch: Latch, connectorId: string): SessionConnector {
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
  const networks = latch.options.networks.filter((network) => connector.supports(network))
  try {
    const signIn = await latch._internal.sessionSignIn?.request(networks)
    // Left or started again while the sign-in request was prepared (a view mounted twice does
    // this): nothing was proposed yet, and a second proposal beside the live one must not start.
    if (!isCurrentSessionAttempt(latch, id, attempt))
      return { namespaces: [], address: '', chainId: '', connectorId: id }
    approved = await connector.connect({
      networks,
      metadata: latch.options.metadata,
      params: parameters.params,
      signIn,
      projectRpcUrl: (caipNetworkId) => projectRpcUrl(latch.options, caipNetworkId),
      onEvent(event) {
        if (!isCurrentSessionAttempt(latch, id, attempt)) return
        if (event.type === 'pairing')
          patchSession(latch, id, { pairing: { uri: event.uri, expiresAt: event.expiresAt } })
        else if (event.type === 'view') {
          const { type: _type, ...route } = event
          latch.events.emit('SESSION_VIEW_REQUEST', { connectorId: id, ...route })
        }
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
  // Signed with the approval: kept before the sign-in gate, which then asks nothing.
  if (approved.signIn) await latch._internal.sessionSignIn?.keep(approved.signIn)
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
