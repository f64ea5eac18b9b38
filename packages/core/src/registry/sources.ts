import type { HttpClient } from '../api/http.js'
import { SchemaError } from '../schema/schema.js'
import { fromServerWallet } from './map.js'
import { querySnapshot, type WalletPage, type WalletQuery } from './query.js'
import { walletsResponseSchema } from './schemas.js'

/** A place wallet lists come from: the app's server or the bundled snapshot. */
export type WalletSource = (query: WalletQuery) => Promise<WalletPage>

/** `/getWallets` on the app's server. A malformed answer rejects with a `SchemaError`. */
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
      },
    })
    const parsed = walletsResponseSchema.safeParse(body)
    if (!parsed.success) throw new SchemaError({ issues: parsed.issues })
    return {
      count: parsed.data.count,
      data: parsed.data.data.map((wallet) => fromServerWallet(wallet, context)),
    }
  }
}

/** The bundled snapshot, loaded on first use so apps with a server never download it. */
export const snapshotSource: WalletSource = async (query) => {
  const { walletSnapshot } = await import('./snapshot.js')
  return querySnapshot(walletSnapshot, query)
}
