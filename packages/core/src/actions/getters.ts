import type { Latch } from '../createLatch.js'
import type { LatchState } from '../state.js'
import type { AccountState, CaipNetwork, ChainNamespace, ModalState, ThemeMode } from '../types.js'
import { patchState } from './_shared.js'

export interface GetAccountReturnType extends AccountState {
  namespace: ChainNamespace | undefined
  isConnected: boolean
}

const ACCOUNT_VIEWS = new WeakMap<AccountState, GetAccountReturnType>()

/**
 * The account of the active namespace (or of `namespace`). The returned object is stable while
 * the account does not change, so it can back `useSyncExternalStore` directly.
 */
export function getAccount(
  latch: Latch,
  parameters: { namespace?: ChainNamespace } = {},
): GetAccountReturnType | undefined {
  const state = latch.store.getState()
  const namespace = parameters.namespace ?? state.activeNamespace
  const account = namespace ? state.namespaces[namespace]?.account : undefined
  if (!account) return undefined
  let value = ACCOUNT_VIEWS.get(account)
  if (!value || value.namespace !== namespace) {
    value = { ...account, namespace, isConnected: account.status === 'connected' }
    ACCOUNT_VIEWS.set(account, value)
  }
  return value
}

/** Calls `onChange` whenever `getAccount` would return something new. */
export function watchAccount(
  latch: Latch,
  parameters: { namespace?: ChainNamespace; onChange(account: GetAccountReturnType | undefined): void },
): () => void {
  return latch.store.subscribe(
    () => getAccount(latch, parameters.namespace ? { namespace: parameters.namespace } : {}),
    (account) => parameters.onChange(account),
  )
}

export interface GetNetworkReturnType {
  caipNetwork: CaipNetwork | undefined
  /** The wallet is on a chain the app did not configure. */
  unsupported: boolean
  networks: readonly CaipNetwork[]
}

const NETWORKS = new WeakMap<object, GetNetworkReturnType>()

/** The network of the active namespace (or of `namespace`) and the configured networks. */
export function getNetwork(
  latch: Latch,
  parameters: { namespace?: ChainNamespace } = {},
): GetNetworkReturnType {
  const state = latch.store.getState()
  const namespace = parameters.namespace ?? state.activeNamespace
  const network = namespace ? state.namespaces[namespace]?.network : undefined
  const key = network ?? latch.options
  let value = NETWORKS.get(key)
  if (!value) {
    value = {
      caipNetwork: network?.caipNetwork,
      unsupported: network?.unsupported ?? false,
      networks: latch.options.networks,
    }
    NETWORKS.set(key, value)
  }
  return value
}

export function watchNetwork(
  latch: Latch,
  parameters: { namespace?: ChainNamespace; onChange(network: GetNetworkReturnType): void },
): () => void {
  return latch.store.subscribe(
    () => getNetwork(latch, parameters.namespace ? { namespace: parameters.namespace } : {}),
    (network) => parameters.onChange(network),
  )
}

export function getModalState(latch: Latch): ModalState {
  return latch.store.getState().modal
}

export function watchModalState(latch: Latch, parameters: { onChange(modal: ModalState): void }): () => void {
  return latch.store.subscribe(
    (s: LatchState) => s.modal,
    (modal) => parameters.onChange(modal),
  )
}

/** Switches light/dark mode. */
export function setThemeMode(latch: Latch, themeMode: ThemeMode): void {
  if (themeMode !== 'light' && themeMode !== 'dark') {
    throw new TypeError(`Theme mode must be 'light' or 'dark', received '${String(themeMode)}'.`)
  }
  patchState(latch, { themeMode })
}
