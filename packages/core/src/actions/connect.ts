import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace, ConnectResult } from '../types.js'
import {
  afterConnect,
  commitConnections,
  markConnecting,
  releaseNamespaces,
  validateResult,
} from './_connection.js'
import type { ConnectFlow } from './_session.js'
import { cancelLateRestore, getAdapter, isCurrentAttempt, nextAttempt, resolveNamespace } from './_shared.js'
import { connectSession } from './connectSession.js'

export interface ConnectParameters {
  /** An adapter's connector (an EIP-6963 rdns, …) or a session connector's id (`walletConnect`). */
  connectorId: string
  /** The namespace of an adapter's connector; defaults to the active namespace. */
  namespace?: ChainNamespace | undefined
  /** Connector-specific parameters, passed to the connector unchanged. */
  params?: Readonly<Record<string, unknown>> | undefined
}
export interface ConnectReturnType {
  /** Every namespace the connection covers (several for a session connector). */
  namespaces: ChainNamespace[]
  /** The active namespace's account after the connection. */
  address: string
  chainId: number | string
  connectorId: string
}
export type ConnectErrorType = BaseError

/**
 * Connects a wallet: one of an adapter's connectors on its namespace, or a session connector
 * (WalletConnect) on every namespace its wallet approves. The visitor's network on that
 * namespace is the one the wallet is asked to start on. On failure the namespace is left
 * disconnected (never half-way) and the error is thrown. Does not open, move or close the modal.
 *
 * @example
 * await connect(latch, { connectorId: 'io.metamask' })
 */
export async function connect(latch: Latch, parameters: ConnectParameters): Promise<ConnectReturnType> {
  return connectWith(latch, parameters, {})
}

export async function connectWith(
  latch: Latch,
  parameters: ConnectParameters,
  flow: ConnectFlow,
): Promise<ConnectReturnType> {
  if (latch.sessionConnectors.has(parameters.connectorId))
    return connectSession(latch, { connectorId: parameters.connectorId, params: parameters.params }, flow)
  const adapter = getAdapter(latch, resolveNamespace(latch, parameters.namespace))
  const namespace = adapter.namespace
  const attempt = nextAttempt(latch, namespace)
  cancelLateRestore(latch, namespace)
  const before = latch.store.getState().namespaces[namespace]
  markConnecting(latch, [namespace])
  const network = before?.network.unsupported ? undefined : before?.network.caipNetwork
  let result: ConnectResult
  try {
    result = validateResult(
      await adapter.connect({
        connectorId: parameters.connectorId,
        caipNetwork: network,
        params: parameters.params,
      }),
    )
  } catch (raw) {
    const error = toWalletError(raw)
    if (isCurrentAttempt(latch, namespace, attempt)) {
      // A failed connect leaves nothing half-way; a previous session stays remembered.
      releaseNamespaces(latch, [namespace])
    }
    latch.events.emit('CONNECT_ERROR', {
      namespace,
      connectorId: parameters.connectorId,
      message: error.shortMessage,
    })
    throw error
  }
  const outcome: ConnectReturnType = {
    namespaces: [namespace],
    address: result.address,
    chainId: result.chainId,
    connectorId: result.connectorId,
  }
  // A newer connect or a disconnect started meanwhile: it owns the namespace now.
  if (!isCurrentAttempt(latch, namespace, attempt)) return outcome
  commitConnections(latch, [{ namespace, result }], {
    activate: namespace,
    recentWalletId: result.connectorId,
  })
  latch.events.emit('CONNECT_SUCCESS', {
    namespace,
    connectorId: result.connectorId,
    address: result.address,
  })
  await afterConnect(latch, [namespace], { reason: 'connect', navigate: flow.navigate })
  return outcome
}
