import { DisconnectChainError, DisconnectChainsError } from '../errors/connection.js'
import type { ChainNamespace } from '../types.js'

export interface NamespaceConnection {
  connectorId: string
  /** Connected through a session connector, whose one session spans namespaces. */
  shared: boolean
}

/**
 * Namespaces a disconnect must go through (spec §4). 'all' goes through every connected
 * namespace. For a session connector (WalletConnect, the embedded wallet) the other namespaces on
 * the same connector are disconnected too, since they share one session; an injected wallet's
 * other namespaces stay connected.
 */
export function namespacesToDisconnect({
  target,
  connections,
}: {
  target?: ChainNamespace | 'all' | undefined
  connections: Readonly<Record<string, NamespaceConnection | undefined>>
}): ChainNamespace[] {
  const connected = Object.keys(connections).filter((namespace) => connections[namespace] !== undefined)
  if (target === undefined || target === 'all') return connected
  const connection = connections[target]
  if (!connection?.shared) return [target]
  const cascade = connected.filter((namespace) => {
    const other = connections[namespace]
    return namespace !== target && other?.shared === true && other.connectorId === connection.connectorId
  })
  return [target, ...cascade]
}

/**
 * One failing namespace gives 'Failed to disconnect chain {ns}: {message}', several give
 * 'Failed to disconnect chains: {messages}', none gives undefined.
 */
export function collectDisconnectErrors(
  failures: readonly { namespace: ChainNamespace; error: unknown }[],
): DisconnectChainError | DisconnectChainsError | undefined {
  const errors = failures.map(({ namespace, error }) => new DisconnectChainError({ namespace, cause: error }))
  if (errors.length === 0) return undefined
  if (errors.length === 1) return errors[0]
  return new DisconnectChainsError({ errors })
}
