import type { Latch } from '../createLatch.js'
import type { ChainNamespace } from '../types.js'
import { resolveNamespace, withNamespace } from './_shared.js'

/** The Account view's tabs, in order: `currentTab` (spec §3) is an index into this list. */
export const ACCOUNT_TABS = ['tokens', 'nfts', 'activity'] as const

/**
 * Keeps the Account view's tab (spec §3 `currentTab`) in the namespace's account state, so the
 * view opens on it again. Indexes outside the tab list are ignored.
 *
 * @example
 * setCurrentTab(latch, { tab: 2 }) // Activity
 */
export function setCurrentTab(latch: Latch, parameters: { tab: number; namespace?: ChainNamespace }): void {
  const namespace = resolveNamespace(latch, parameters.namespace)
  const { tab } = parameters
  if (!namespace || !Number.isInteger(tab) || tab < 0 || tab >= ACCOUNT_TABS.length) return
  latch.store.setState((state) => {
    const ns = state.namespaces[namespace]
    if (!ns || ns.account.currentTab === tab) return state
    return withNamespace(state, namespace, { account: { currentTab: tab } })
  })
}
