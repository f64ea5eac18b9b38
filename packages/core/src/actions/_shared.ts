import type { Latch } from '../createLatch.js'
import { ChainAdapterNotFoundError } from '../internal.js'
import type { LatchState } from '../state.js'
import type { AccountState, ChainAdapter, ChainNamespace, NamespaceState, NetworkState } from '../types.js'

/** Immutable update of one namespace's account and/or network state. */
export function updateNamespace(
  latch: Latch,
  namespace: ChainNamespace,
  patch: { account?: Partial<AccountState>; network?: Partial<NetworkState> },
): void {
  latch.store.setState((state) => {
    const current = state.namespaces[namespace]
    if (!current) return state
    const next: NamespaceState = {
      account: patch.account ? { ...current.account, ...patch.account } : current.account,
      network: patch.network ? { ...current.network, ...patch.network } : current.network,
    }
    return { ...state, namespaces: { ...state.namespaces, [namespace]: next } }
  })
}

export function patchState(latch: Latch, patch: Partial<LatchState>): void {
  latch.store.setState((state) => ({ ...state, ...patch }))
}

export function getAdapter(latch: Latch, namespace: ChainNamespace | undefined): ChainAdapter {
  const adapter = namespace ? latch.adapters.get(namespace) : undefined
  if (!adapter) throw new ChainAdapterNotFoundError()
  return adapter
}

/** The namespace actions default to: the explicit one, else the active one. */
export function resolveNamespace(latch: Latch, namespace?: ChainNamespace): ChainNamespace | undefined {
  return namespace ?? latch.store.getState().activeNamespace
}

export function toCaipAddress(caipNetworkId: string, address: string): `${string}:${string}:${string}` {
  return `${caipNetworkId}:${address}` as `${string}:${string}:${string}`
}

export function explorerAddressUrl(
  latch: Latch,
  namespace: ChainNamespace,
  address: string,
): string | undefined {
  const base = latch.store.getState().namespaces[namespace]?.network.caipNetwork?.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
}
