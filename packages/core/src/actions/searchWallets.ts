import { SEARCH_MIN_WAIT_MS, SEARCH_PAGE_SIZE } from '../constants.js'
import type { Latch } from '../createLatch.js'
import {
  queryWithFallback,
  type RegistryEnvironment,
  registryContext,
  withListOptions,
} from '../registry/context.js'
import type { RegistryWallet } from '../types.js'

/** The server accepts search text up to this length. */
const SEARCH_MAX_LENGTH = 100

export interface SearchWalletsParameters extends RegistryEnvironment {
  query: string
}
/** The results shown, or undefined when a newer search replaced this one. */
export type SearchWalletsReturnType = readonly RegistryWallet[] | undefined
/** Never thrown: a failing server falls back to the snapshot. */
export type SearchWalletsErrorType = never

/**
 * Searches the registry by wallet name (spec §5: the text is trimmed). Sets the search status
 * to loading at once and resolves no sooner than 300 ms later with up to 100 results; an empty
 * query clears the search. When the user keeps typing, only the latest query's results land in
 * state.
 *
 * @example
 * await searchWallets(latch, { query: ' rain ' })
 * latch.store.getState().registry.search // → { query: 'rain', status: 'ready', results: [Rainbow…] }
 */
export async function searchWallets(
  latch: Latch,
  parameters: SearchWalletsParameters,
): Promise<SearchWalletsReturnType> {
  const query = parameters.query.trim().slice(0, SEARCH_MAX_LENGTH)
  if (!query) {
    latch.store.setState((state) => ({
      ...state,
      registry: { ...state.registry, search: { query: '', status: 'idle', results: [] } },
    }))
    return []
  }
  latch.store.setState((state) => ({
    ...state,
    registry: { ...state.registry, search: { ...state.registry.search, query, status: 'loading' } },
  }))
  const context = registryContext(latch, parameters)
  const search = withListOptions(context, { page: 1, entries: SEARCH_PAGE_SIZE, search: query })
  const preferSnapshot = latch.store.getState().registry.source === 'snapshot'
  const [page] = await Promise.all([
    queryWithFallback(context, search, preferSnapshot),
    new Promise((resolve) => setTimeout(resolve, SEARCH_MIN_WAIT_MS)),
  ])
  // A newer query (or a cleared field) owns the state now; these results are stale.
  const current = latch.store.getState().registry.search
  if (current.query !== query || current.status !== 'loading') return undefined
  const results = context.visible(page.data)
  latch.store.setState((state) => ({
    ...state,
    registry: { ...state.registry, search: { query, status: 'ready', results } },
  }))
  return results
}
