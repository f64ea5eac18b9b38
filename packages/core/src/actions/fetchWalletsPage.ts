import { WALLETS_PAGE_SIZE } from '../constants.js'
import type { Latch } from '../createLatch.js'
import {
  queryWithFallback,
  type RegistryEnvironment,
  registryContext,
  withListOptions,
} from '../registry/context.js'

export type FetchWalletsPageParameters = RegistryEnvironment
/** True when a page was added. */
export type FetchWalletsPageReturnType = boolean
/** Never thrown: a failing server falls back to the snapshot. */
export type FetchWalletsPageErrorType = never

/**
 * Appends the next page (40 wallets) of the registry to `state.registry.wallets`. Does nothing
 * while a load runs or once every page is loaded. When the server stops answering, the list is
 * rebuilt from the bundled snapshot up to the same page, so it never mixes two sources.
 *
 * @example
 * // AllWallets: the user scrolled to the end of the list
 * await fetchWalletsPage(latch)
 */
export async function fetchWalletsPage(
  latch: Latch,
  parameters: FetchWalletsPageParameters = {},
): Promise<FetchWalletsPageReturnType> {
  const registry = latch.store.getState().registry
  if (registry.status === 'loading') return false
  if (registry.page > 0 && registry.page * WALLETS_PAGE_SIZE >= registry.count) return false
  const page = registry.page + 1
  latch.store.setState((state) => ({ ...state, registry: { ...state.registry, status: 'loading' } }))

  const context = registryContext(latch, parameters)
  const alsoExclude = context.featuredIds
  const query = (n: number) => withListOptions(context, { page: n, entries: WALLETS_PAGE_SIZE, alsoExclude })
  const next = await queryWithFallback(context, query(page), registry.source === 'snapshot')

  if (next.source === registry.source || registry.page === 0) {
    latch.store.setState((state) => ({
      ...state,
      registry: {
        ...state.registry,
        status: 'ready',
        source: next.source,
        wallets: [...state.registry.wallets, ...context.visible(next.data)],
        count: next.count,
        page,
      },
    }))
    return true
  }
  // The server failed after earlier pages came from it: rebuild every page from the snapshot.
  const pages = await Promise.all(
    Array.from({ length: page - 1 }, (_, index) => context.snapshot(query(index + 1))),
  )
  latch.store.setState((state) => ({
    ...state,
    registry: {
      ...state.registry,
      status: 'ready',
      source: 'snapshot',
      wallets: [...pages, next].flatMap((result) => context.visible(result.data)),
      count: next.count,
      page,
    },
  }))
  return true
}
