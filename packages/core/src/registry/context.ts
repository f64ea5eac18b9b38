import { createHttpClient, type HttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { isMobileBrowser } from '../rules/platform.js'
import type { RegistryWallet } from '../types.js'
import { filterLinkedWallets, filterMobileWallets } from './filters.js'
import type { WalletPage, WalletQuery } from './query.js'
import { serverSource, snapshotSource, type WalletSource } from './sources.js'

/** What every registry action derives from the instance: sources, filters and list options. */
export interface RegistryContext {
  /** Undefined without `apiUrl`: the kit then never touches the network. */
  client: HttpClient | undefined
  server: WalletSource | undefined
  snapshot: WalletSource
  /** Namespaces of the app's networks: lists only show wallets that support one of them. */
  namespaces: readonly string[]
  include: readonly string[]
  exclude: readonly string[]
  featuredIds: readonly string[]
  /** Drops the wallets this browser cannot use (spec §5). */
  visible(wallets: readonly RegistryWallet[]): RegistryWallet[]
}

export interface RegistryEnvironment {
  /** Defaults to a user-agent check. */
  isMobile?: boolean | undefined
  fetch?: typeof fetch | undefined
}

export function registryContext(latch: Latch, environment: RegistryEnvironment = {}): RegistryContext {
  const { options } = latch
  const apiUrl = options.apiUrl
  const client = apiUrl
    ? createHttpClient({ baseUrl: apiUrl, projectId: options.projectId, fetch: environment.fetch })
    : undefined
  const namespaces = [...new Set(options.networks.map((network) => network.chainNamespace))]
  const isMobile = environment.isMobile ?? isMobileBrowser()
  // Without adapters (or with manual control) every registry wallet connects through the
  // universal provider, which needs a link to reach it.
  const universalOnly = latch.adapters.size === 0 || options.manualWCControl
  return {
    client,
    server: client && apiUrl ? serverSource(client, { apiUrl, projectId: options.projectId }) : undefined,
    snapshot: snapshotSource,
    namespaces,
    include: options.includeWalletIds,
    exclude: options.excludeWalletIds,
    featuredIds: options.featuredWalletIds,
    visible(wallets) {
      const linked = universalOnly ? filterLinkedWallets(wallets) : [...wallets]
      return isMobile ? filterMobileWallets(linked, { namespaces }) : linked
    },
  }
}

/** A query with the app's include/exclude lists and namespaces applied. */
export function withListOptions(
  context: RegistryContext,
  query: WalletQuery & { alsoExclude?: readonly string[] | undefined },
): WalletQuery {
  const { alsoExclude, ...rest } = query
  const include = context.include.length
    ? query.include
      ? query.include.filter((id) => context.include.includes(id))
      : context.include
    : query.include
  return {
    ...rest,
    include,
    exclude: [...new Set([...context.exclude, ...(query.exclude ?? []), ...(alsoExclude ?? [])])],
    chains: context.namespaces,
  }
}

/** Queries the server, and the snapshot when there is none or it fails. */
export async function queryWithFallback(
  context: RegistryContext,
  query: WalletQuery,
  preferSnapshot = false,
): Promise<WalletPage & { source: 'server' | 'snapshot' }> {
  if (context.server && !preferSnapshot) {
    try {
      return { ...(await context.server(query)), source: 'server' }
    } catch {
      // Server down, refused, slow or malformed: the bundled list keeps the modal usable.
    }
  }
  return { ...(await context.snapshot(query)), source: 'snapshot' }
}
