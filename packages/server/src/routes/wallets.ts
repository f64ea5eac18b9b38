import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { errorResponse, walletItem, walletsQuery } from '../http/schemas.js'
import type { RegistryWallet } from '../registry/types.js'
import type { Repository, WalletQuery } from '../storage/types.js'

interface WalletsQuerystring {
  page: string
  entries: string
  search?: string
  badge_type?: 'certified' | 'none'
  include?: string
  exclude?: string
  chains?: string
}

const splitList = (value: string | undefined): string[] | undefined => {
  const items = value?.split(',').filter((item) => item.length > 0)
  return items?.length ? [...new Set(items)] : undefined
}

/** A 400 with the documented body, for checks the schema cannot express. */
class QueryError extends Error {
  readonly statusCode = 400
}

function boundedInt(value: string, name: string, max: number): number {
  const n = Number.parseInt(value, 10)
  if (n < 1) throw new QueryError(`Query parameter ${name} must be >= 1`)
  if (n > max) throw new QueryError(`Query parameter ${name} must be <= ${max}`)
  return n
}

/** Parse the validated querystring into a repository query. */
function toWalletQuery(query: WalletsQuerystring): WalletQuery {
  const search = query.search?.trim()
  const chains = splitList(query.chains)
  const result: WalletQuery = {
    page: boundedInt(query.page, 'page', 10_000),
    entries: boundedInt(query.entries, 'entries', 100),
  }
  if (search) result.search = search
  if (query.badge_type === 'certified') result.certifiedOnly = true
  const include = splitList(query.include)
  const exclude = splitList(query.exclude)
  if (include) result.include = include
  if (exclude) result.exclude = exclude
  // `eip155:1` and `eip155` both select wallets of the eip155 namespace.
  if (chains) result.namespaces = [...new Set(chains.map((chain) => chain.split(':', 1)[0] ?? chain))]
  return result
}

const toItem = (wallet: RegistryWallet) => ({
  ...wallet,
  image_id: wallet.id,
  badge_type: wallet.badge_type ?? 'none',
})

/** `GET /getWallets`: the registry, filtered and paged. */
export function registerWalletRoutes(
  app: FastifyInstance,
  repository: Repository,
  requireProject: preHandlerAsyncHookHandler,
): void {
  app.get<{ Querystring: WalletsQuerystring }>(
    '/getWallets',
    {
      preHandler: requireProject,
      schema: {
        querystring: walletsQuery,
        response: {
          200: {
            type: 'object',
            properties: { count: { type: 'integer' }, data: { type: 'array', items: walletItem } },
          },
          400: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const page = await repository.queryWallets(toWalletQuery(request.query))
      return { count: page.count, data: page.data.map(toItem) }
    },
  )
}
