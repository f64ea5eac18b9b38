import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { InvalidWalletResponseError } from '../errors/connection.js'
import { toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace, ConnectedAccount, ConnectResult } from '../types.js'
import { afterConnect, commitConnections, releaseNamespaces } from './_connection.js'
import { cancelLateRestore, getAdapter, isCurrentAttempt, nextAttempt, resolveNamespace } from './_shared.js'
import { connectSession } from './connectSession.js'
import { markConnecting } from './restore.js'

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

/** @internal how a modal flow hears that the connection is applied (after the sign-in gate). */
export interface ConnectFlow {
  navigate?: (() => void) | undefined
}

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

/** What an adapter returned, checked for shape (the adapter checks its chain's formats). */
export function validateResult(result: unknown): ConnectResult {
  const r = result as Partial<ConnectResult> | null | undefined
  if (!r || typeof r !== 'object') throw new InvalidWalletResponseError({ what: 'connection' })
  if (typeof r.address !== 'string' || r.address.length === 0 || r.address.length > 256)
    throw new InvalidWalletResponseError({ what: 'account' })
  if (
    !(typeof r.chainId === 'number' && Number.isSafeInteger(r.chainId)) &&
    !(typeof r.chainId === 'string' && /^[-_a-zA-Z0-9]{1,64}$/.test(r.chainId))
  )
    throw new InvalidWalletResponseError({ what: 'chain id' })
  if (typeof r.connectorId !== 'string' || r.connectorId.length === 0)
    throw new InvalidWalletResponseError({ what: 'connector' })
  if (r.accounts !== undefined && (!Array.isArray(r.accounts) || !r.accounts.every(isAccount)))
    throw new InvalidWalletResponseError({ what: 'accounts' })
  return r as ConnectResult
}

function isAccount(value: unknown): value is ConnectedAccount {
  const a = value as ConnectedAccount
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.address === 'string' &&
    a.address.length > 0 &&
    ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'].includes(a.type)
  )
}
