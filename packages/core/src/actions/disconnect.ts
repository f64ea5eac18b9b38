import type { Latch } from '../createLatch.js'
import type { DisconnectChainError, DisconnectChainsError } from '../errors/connection.js'
import {
  collectDisconnectErrors,
  type NamespaceConnection,
  namespacesToDisconnect,
} from '../rules/disconnect.js'
import type { ChainNamespace } from '../types.js'
import { forgetNamespaces } from './_connection.js'
import { patchSession } from './_session.js'
import { cancelLateRestore, nextAttempt } from './_shared.js'

export interface DisconnectParameters {
  /** One namespace, or 'all'. Defaults to the active namespace. */
  namespace?: ChainNamespace | 'all' | undefined
}
export type DisconnectReturnType = undefined
export type DisconnectErrorType = DisconnectChainError | DisconnectChainsError

/**
 * Disconnects (spec §4). A session connector's session (WalletConnect, the embedded wallet) is
 * ended once and every namespace on it is disconnected; an injected wallet's other namespaces
 * stay connected; 'all' goes through every namespace. Every namespace ends disconnected and
 * forgotten even when a wallet fails to answer; the failures are then thrown together. Does not
 * move the modal.
 *
 * @example
 * await disconnect(latch)
 * await disconnect(latch, { namespace: 'all' })
 */
export async function disconnect(
  latch: Latch,
  parameters: DisconnectParameters = {},
): Promise<DisconnectReturnType> {
  const state = latch.store.getState()
  const target = parameters.namespace ?? state.activeNamespace ?? 'all'
  const connections: Record<string, NamespaceConnection | undefined> = {}
  for (const [namespace, ns] of Object.entries(state.namespaces)) {
    const { connectorId, status } = ns.account
    connections[namespace] =
      connectorId && status !== 'disconnected'
        ? { connectorId, shared: latch.sessionConnectors.has(connectorId) }
        : undefined
  }
  const namespaces = namespacesToDisconnect({ target, connections })
  // Namespaces still waiting for a remembered wallet are forgotten too.
  const waiting = (target === 'all' ? Object.keys(state.namespaces) : [target]).filter((namespace) =>
    latch._internal.lateRestores.has(namespace),
  )
  for (const namespace of [...namespaces, ...waiting]) {
    nextAttempt(latch, namespace)
    cancelLateRestore(latch, namespace)
  }
  const failures: { namespace: ChainNamespace; error: unknown }[] = []
  // Each session behind several namespaces is ended once.
  const sessions = new Set(
    namespaces
      .map((n) => connections[n])
      .filter((c) => c?.shared)
      .map((c) => c?.connectorId as string),
  )
  for (const id of sessions) {
    const connector = latch.sessionConnectors.get(id)
    try {
      await connector?.disconnect()
    } catch (error) {
      failures.push({
        namespace: namespaces.find((n) => connections[n]?.connectorId === id) as string,
        error,
      })
    }
    patchSession(latch, id, {
      status: 'disconnected',
      wallet: undefined,
      user: undefined,
      pairing: undefined,
    })
  }
  await Promise.all(
    namespaces.map(async (namespace) => {
      try {
        await latch.adapters.get(namespace)?.disconnect()
      } catch (error) {
        failures.push({ namespace, error })
      }
    }),
  )
  forgetNamespaces(latch, [...new Set([...namespaces, ...waiting])])
  latch.events.emit('DISCONNECT_SUCCESS', { namespaces })
  const error = collectDisconnectErrors(failures)
  if (error) {
    latch.events.emit('DISCONNECT_ERROR', { message: error.shortMessage })
    throw error
  }
}
