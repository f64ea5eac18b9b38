import { nativeCoin } from './balances.js'
import { getJson, isRecord } from './transactions-http.js'
import {
  type ActivityTransaction,
  addressOf,
  addressOrNull,
  decimalsOf,
  decodeCursor,
  encodeCursor,
  hashOf,
  integerOf,
  mergeByHash,
  SourceError,
  symbolOf,
  type TransactionSource,
  transfer,
} from './transactions-shape.js'

/** Settings of the Blockscout adapter (`account.transactions[chain]`, source 'blockscout'). */
export interface BlockscoutOptions {
  source: 'blockscout'
  /** The instance's URL, e.g. https://eth.blockscout.com (its REST API v2 is under /api/v2). */
  url: string
}

// Blockscout's `next_page_params`: a flat object of scalars, sent back as the query of the next
// page. `false` marks a list that has no further page.
type PageParams = Record<string, string | number | boolean | null>
type Cursor = { t: PageParams | false; x: PageParams | false }

function isPageParams(v: unknown): v is PageParams {
  return (
    isRecord(v) &&
    Object.keys(v).length <= 12 &&
    Object.values(v).every(
      (x) =>
        x === null ||
        typeof x === 'boolean' ||
        typeof x === 'number' ||
        (typeof x === 'string' && x.length <= 200),
    )
  )
}
const isCursor = (v: unknown): v is Cursor =>
  isRecord(v) && (v.t === false || isPageParams(v.t)) && (v.x === false || isPageParams(v.x))

function page(body: unknown): { items: unknown[]; next: PageParams | false } {
  if (!isRecord(body) || !Array.isArray(body.items))
    throw new SourceError('invalid_response', 'The Blockscout answer has no items')
  const next = body.next_page_params
  if (next !== null && next !== undefined && !isPageParams(next))
    throw new SourceError('invalid_response', 'The Blockscout page parameters are malformed')
  return { items: body.items, next: next ?? false }
}

const hashField = (item: Record<string, unknown>, key: string) =>
  isRecord(item[key]) ? (item[key] as Record<string, unknown>).hash : undefined

function minedAt(value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (!Number.isFinite(time)) throw new SourceError('invalid_response', 'A Blockscout timestamp is malformed')
  return new Date(time).toISOString()
}

function fromTransaction(chainId: string, address: string, item: unknown): ActivityTransaction {
  if (!isRecord(item)) throw new SourceError('invalid_response', 'A Blockscout transaction is not an object')
  const hash = hashOf(item.hash)
  const from = addressOf(hashField(item, 'from'))
  const to = addressOrNull(hashField(item, 'to'))
  const value = integerOf(item.value ?? '0')
  return {
    id: hash,
    metadata: {
      hash,
      minedAt: minedAt(item.timestamp),
      chain: chainId,
      status: item.status === 'error' ? 'failed' : 'confirmed',
      sentFrom: from,
      sentTo: to,
    },
    transfers:
      BigInt(value) > 0n
        ? [
            transfer(address, {
              standard: 'native',
              from,
              to: to ?? '',
              symbol: nativeCoin(chainId).symbol,
              raw: value,
              decimals: 18,
            }),
          ]
        : [],
  }
}

const standards: Record<string, 'erc20' | 'erc721' | 'erc1155'> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
}

function fromTokenTransfer(chainId: string, address: string, item: unknown): ActivityTransaction | undefined {
  if (!isRecord(item) || !isRecord(item.token) || !isRecord(item.total))
    throw new SourceError('invalid_response', 'A Blockscout token transfer is malformed')
  const standard = standards[String(item.token.type)]
  // Other token kinds (ERC-404, ERC-7802) are not transfers this service describes.
  if (!standard) return undefined
  const hash = hashOf(item.transaction_hash ?? item.tx_hash)
  const from = addressOf(hashField(item, 'from'))
  const to = addressOf(hashField(item, 'to'))
  const token = addressOf(item.token.address_hash ?? item.token.address)
  const tokenId = item.total.token_id
  return {
    id: hash,
    metadata: {
      hash,
      minedAt: minedAt(item.timestamp),
      chain: chainId,
      status: 'confirmed',
      sentFrom: from,
      sentTo: token,
    },
    transfers: [
      transfer(address, {
        standard,
        from,
        to,
        token: `${chainId}:${token}`,
        symbol: symbolOf(item.token.symbol),
        ...(standard !== 'erc20' && tokenId !== undefined && tokenId !== null
          ? { tokenId: integerOf(tokenId) }
          : {}),
        raw: standard === 'erc721' ? '1' : integerOf(item.total.value),
        decimals: standard === 'erc20' ? decimalsOf(item.total.decimals ?? item.token.decimals, 0) : 0,
      }),
    ],
  }
}

/**
 * Transactions from a Blockscout instance's REST API v2: the address's transactions (native
 * value, status) and its token transfers, one page of each, merged by hash, newest first. The
 * cursor carries each list's own `next_page_params`.
 */
export function createBlockscoutSource(
  chainId: string,
  options: BlockscoutOptions,
  timeoutMs: number,
): TransactionSource {
  const base = options.url.replace(/\/$/, '')
  const get = async (path: string, params: PageParams, limit: number) => {
    const url = new URL(`${base}/api/v2/addresses/${path}`)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value))
    url.searchParams.set('items_count', String(limit))
    return page(await getJson(url, timeoutMs))
  }
  return {
    async list(address, cursor, limit) {
      const at: Cursor = cursor === undefined ? { t: {}, x: {} } : decodeCursor(cursor, isCursor)
      const none = { items: [], next: false as const }
      const [txs, transfers] = await Promise.all([
        at.t === false ? none : get(`${address}/transactions`, at.t, limit),
        at.x === false ? none : get(`${address}/token-transfers`, at.x, limit),
      ])
      const data = mergeByHash([
        ...txs.items.slice(0, limit).map((item) => fromTransaction(chainId, address, item)),
        ...transfers.items.slice(0, limit).flatMap((item) => fromTokenTransfer(chainId, address, item) ?? []),
      ])
      return {
        data,
        next:
          txs.next === false && transfers.next === false
            ? null
            : encodeCursor({ t: txs.next, x: transfers.next }),
      }
    },
  }
}
