import type { HttpClient } from '../api/http.js'
import { SchemaError } from '../schema/schema.js'
import { fromServerWallet } from './map.js'
import { querySnapshot, type WalletPage, type WalletQuery } from './query.js'
import { MAX_PAGE_BYTES, walletsResponseSchema } from './schemas.js'

/** A place wallet lists come from: the app's server or the bundled snapshot. */
export type WalletSource = (query: WalletQuery) => Promise<WalletPage>

/**
 * `/getWallets` on the app's server. A malformed answer rejects with a `SchemaError`, one over
 * 256 KiB with a `ResponseTooLargeError`. The count is believed only as far as the pages bear it
 * out: a page shorter than asked for is the last one, so paging always ends.
 */
export function serverSource(
  client: HttpClient,
  context: { apiUrl: string; projectId?: string | undefined },
): WalletSource {
  return async (query) => {
    const body = await client.get('/getWallets', {
      params: {
        page: query.page,
        entries: query.entries,
        search: query.search || undefined,
        include: query.include,
        exclude: query.exclude,
        chains: query.chains,
        badge_type: query.badgeType,
      },
      maxBytes: MAX_PAGE_BYTES,
    })
    const parsed = walletsResponseSchema.safeParse(body)
    if (!parsed.success) throw new SchemaError({ issues: parsed.issues })
    const { count } = parsed.data
    const data = parsed.data.data.slice(0, query.entries)
    const seen = (query.page - 1) * query.entries + data.length
    return {
      count: data.length < query.entries ? Math.min(count, seen) : Math.max(count, seen),
      data: parsed.data.data.map((wallet) => fromServerWallet(wallet, context)),
    }
  }
}

/**
 * The bundled snapshot and its logos, loaded on first use (in parallel) so apps with a server
 * never download them.
 */
export const snapshotSource: WalletSource = async (query) => {
  const [{ walletSnapshot }, { walletLogos }] = await Promise.all([
    import('./snapshot.js'),
    import('./snapshotLogos.js'),
  ])
  return querySnapshot(walletSnapshot, query, walletLogos)
}
