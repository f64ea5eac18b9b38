// One namespace of a live WalletConnect session as a chain adapter takes its side (what
// `getProvider(namespace)` returns for every namespace but eip155): the approved accounts and
// methods, the wallet's account changes, and requests for a chain, answered by the wallet with
// that namespace's JSON-RPC (Solana's, Bitcoin's, Polkadot's…).

/** A session namespace as `attachSession` of `@latch/solana`, `@latch/bitcoin` and others reads it. */
export interface SessionNamespaceProvider {
  /** The session's accounts in this namespace, CAIP-10 (`namespace:reference:address`). */
  accounts(): string[]
  /** The methods the wallet approved in this namespace. */
  methods(): string[]
  /**
   * Follows the wallet's account changes in this namespace (a session update, an
   * `accountsChanged` event): `listener` gets the namespace's accounts, CAIP-10. Returns the
   * unsubscribe function.
   */
  onAccountsChanged(listener: (accounts: readonly string[]) => void): () => void
  /** Sends one method to the wallet for the chain `chainId` (CAIP-2); resolves with its result. */
  request(args: { method: string; params: unknown }, chainId: string): Promise<unknown>
}

/** The facade and what the connector tells it. */
export interface SessionNamespace extends SessionNamespaceProvider {
  /** Tells the listeners `accounts` (CAIP-10), or the session's current ones when not given. */
  notify(accounts?: readonly string[]): void
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

/**
 * The facade of `namespace`: `session()` reads the live session struct (undefined before one),
 * `request` sends through the universal provider. A namespace key may itself be a chain
 * (CAIP-25 `bip122:000000000019d6689c085ae165831e93`): such keys count for their namespace.
 */
export function createSessionNamespace(parameters: {
  namespace: string
  session: () => unknown
  request: (args: { method: string; params: unknown }, chainId: string) => Promise<unknown>
}): SessionNamespace {
  const { namespace } = parameters
  const listeners = new Set<(accounts: readonly string[]) => void>()
  const entries = () => {
    const namespaces = (parameters.session() as { namespaces?: unknown } | undefined)?.namespaces
    if (typeof namespaces !== 'object' || namespaces === null) return []
    return Object.entries(namespaces as Record<string, { accounts?: unknown; methods?: unknown }>)
      .filter(([key]) => key === namespace || key.startsWith(`${namespace}:`))
      .map(([, value]) => value ?? {})
  }
  const union = (pick: (value: { accounts?: unknown; methods?: unknown }) => unknown) => {
    const all: string[] = []
    for (const value of entries())
      for (const item of strings(pick(value))) if (!all.includes(item)) all.push(item)
    return all
  }
  const accounts = () => union((value) => value.accounts)
  return {
    accounts,
    methods: () => union((value) => value.methods),
    onAccountsChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    request: (args, chainId) => parameters.request(args, chainId),
    notify(given) {
      const next = given ?? accounts()
      for (const listener of [...listeners]) listener(next)
    },
  }
}
