import type { Latch } from '../createLatch.js'
import { logAlert } from '../createLatch.js'
import { AdapterForNamespaceNotFoundError, ChainAdapterNotFoundError } from '../errors/adapter.js'
import { ALERTS, type Alert, type AlertId } from '../errors/alerts.js'
import { InvalidWalletResponseError } from '../errors/connection.js'
import type { LatchState } from '../state.js'
import type { AccountState, ChainAdapter, ChainNamespace, NamespaceState, NetworkState } from '../types.js'

/** The state with one namespace patched (for composing a single store update). */
export function withNamespace(
  state: LatchState,
  namespace: ChainNamespace,
  patch: { account?: Partial<AccountState>; network?: Partial<NetworkState> },
): LatchState {
  const current = state.namespaces[namespace]
  if (!current) return state
  const next: NamespaceState = {
    account: patch.account ? { ...current.account, ...patch.account } : current.account,
    network: patch.network ? { ...current.network, ...patch.network } : current.network,
  }
  return { ...state, namespaces: { ...state.namespaces, [namespace]: next } }
}

export function patchState(latch: Latch, patch: Partial<LatchState>): void {
  latch.store.setState((state) => ({ ...state, ...patch }))
}

/**
 * @throws ChainAdapterNotFoundError ('Chain adapter not found') when there is no namespace to act on;
 * AdapterForNamespaceNotFoundError ("Adapter for namespace {ns} doesn't exist") when the namespace
 * has no adapter.
 */
export function getAdapter(latch: Latch, namespace: ChainNamespace | undefined): ChainAdapter {
  if (!namespace) throw new ChainAdapterNotFoundError()
  const adapter = latch.adapters.get(namespace)
  if (!adapter) throw new AdapterForNamespaceNotFoundError({ namespace })
  return adapter
}

/** The namespace actions default to: the explicit one, else the active one. */
export function resolveNamespace(latch: Latch, namespace?: ChainNamespace): ChainNamespace | undefined {
  return namespace ?? latch.store.getState().activeNamespace
}

/** Starts a new attempt on the namespace; older attempts' late answers are ignored from now on. */
export function nextAttempt(latch: Latch, namespace: ChainNamespace): number {
  const attempt = (latch._internal.attempts.get(namespace) ?? 0) + 1
  latch._internal.attempts.set(namespace, attempt)
  return attempt
}

export function isCurrentAttempt(latch: Latch, namespace: ChainNamespace, attempt: number): boolean {
  return (latch._internal.attempts.get(namespace) ?? 0) === attempt
}

/** Stops waiting for a remembered wallet to announce itself (the visitor chose otherwise). */
export function cancelLateRestore(latch: Latch, namespace: ChainNamespace): void {
  latch._internal.lateRestores.get(namespace)?.()
  latch._internal.lateRestores.delete(namespace)
}

export function isConnected(state: LatchState, namespace: ChainNamespace | undefined): boolean {
  return namespace ? state.namespaces[namespace]?.account.status === 'connected' : false
}

export function explorerAddressUrl(
  network: NetworkState['caipNetwork'],
  address: string,
): string | undefined {
  const base = network?.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
}

/** Shows one of the spec's alerts in the modal (once per id), and logs it while `debug` is on. */
export function raiseAlert(latch: Latch, id: AlertId): void {
  const alert: Alert = { ...ALERTS[id] }
  const { alerts } = latch.store.getState()
  if (alerts.some((a) => a.id === id)) return
  patchState(latch, { alerts: [...alerts, alert] })
  latch.events.emit('ALERT', { id: alert.id, message: alert.message })
  if (latch.options.debug) logAlert(alert)
}

const HEX = /^0x[0-9a-fA-F]+$/

/**
 * What an eip155 wallet returns (a signature, a transaction hash) must be 0x-hex: the actions
 * type it `0x…` so it passes to viem and wagmi as it is. Other namespaces' values pass unchanged.
 * @throws InvalidWalletResponseError when an eip155 value is not 0x-hex.
 */
export function checkWalletHex(namespace: ChainNamespace, value: string, what: string): string {
  if (namespace === 'eip155' && !HEX.test(value)) throw new InvalidWalletResponseError({ what })
  return value
}
