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

/** Settings of the Etherscan API v2 adapter (`account.transactions[chain]`, source 'etherscan'). */
export interface EtherscanOptions {
  source: 'etherscan'
  /** The API key; sent to Etherscan only, never to a visitor. */
  apiKey: string
  /** The API's URL (default https://api.etherscan.io/v2/api). */
  url?: string | undefined
}

const defaultUrl = 'https://api.etherscan.io/v2/api'
// Etherscan answers at most 10,000 records (page × offset) for a query.
const maxPage = 100
const actions = ['txlist', 'tokentx', 'tokennfttx', 'token1155tx'] as const
type Action = (typeof actions)[number]

const isCursor = (v: unknown): v is { p: number } =>
  isRecord(v) && Number.isSafeInteger(v.p) && (v.p as number) >= 2 && (v.p as number) <= maxPage

// The `result` list of an answer; "No transactions found" is an empty list, a rate limit or any
// other refusal an error.
function resultList(body: unknown): unknown[] {
  if (!isRecord(body)) throw new SourceError('invalid_response', 'The Etherscan answer is not an object')
  if (body.status === '1' && Array.isArray(body.result)) return body.result
  if (body.status === '0' && Array.isArray(body.result) && body.result.length === 0) return []
  if (body.status === '0' && typeof body.result === 'string') {
    if (/rate limit/i.test(body.result))
      throw new SourceError('rate_limited', 'Etherscan limits our requests')
    throw new SourceError('unavailable', `Etherscan refused: ${body.result.slice(0, 100)}`)
  }
  throw new SourceError('invalid_response', 'The Etherscan answer has no result list')
}

function toTransaction(chainId: string, address: string, action: Action, item: unknown): ActivityTransaction {
  if (!isRecord(item)) throw new SourceError('invalid_response', 'An Etherscan record is not an object')
  const hash = hashOf(item.hash)
  const from = addressOf(item.from)
  const to = addressOrNull(item.to)
  const seconds = Number(integerOf(item.timeStamp))
  const token = action === 'txlist' ? undefined : addressOf(item.contractAddress)
  const base = {
    standard: action === 'tokentx' ? 'erc20' : action === 'tokennfttx' ? 'erc721' : 'erc1155',
    from,
    to: to ?? '',
    ...(token ? { token: `${chainId}:${token}` } : {}),
    symbol: symbolOf(item.tokenSymbol),
  } as const
  const transfers =
    action === 'txlist'
      ? BigInt(integerOf(item.value)) > 0n
        ? [
            transfer(address, {
              standard: 'native',
              from,
              to: to ?? '',
              symbol: nativeCoin(chainId).symbol,
              raw: integerOf(item.value),
              decimals: 18,
            }),
          ]
        : []
      : action === 'tokentx'
        ? [
            transfer(address, {
              ...base,
              raw: integerOf(item.value),
              decimals: decimalsOf(item.tokenDecimal, 0),
            }),
          ]
        : [
            transfer(address, {
              ...base,
              tokenId: integerOf(item.tokenID),
              raw: action === 'tokennfttx' ? '1' : integerOf(item.tokenValue),
              decimals: 0,
            }),
          ]
  return {
    id: hash,
    metadata: {
      hash,
      minedAt: new Date(seconds * 1000).toISOString(),
      chain: chainId,
      status: item.isError === '1' || item.txreceipt_status === '0' ? 'failed' : 'confirmed',
      sentFrom: from,
      sentTo: action === 'txlist' ? to : (token ?? null),
    },
    transfers,
  }
}

/**
 * Transactions from Etherscan API v2 (one URL for every chain it covers, `chainid` selects one):
 * each page reads the normal transactions and the ERC-20, ERC-721 and ERC-1155 transfers of the
 * address at the same page number, newest first, and merges them by hash.
 */
export function createEtherscanSource(
  chainId: string,
  options: EtherscanOptions,
  timeoutMs: number,
): TransactionSource {
  const base = options.url ?? defaultUrl
  const chain = chainId.split(':')[1]!
  return {
    async list(address, cursor, limit) {
      const page = cursor === undefined ? 1 : decodeCursor(cursor, isCursor).p
      const lists = await Promise.all(
        actions.map(async (action) => {
          const url = new URL(base)
          url.search = new URLSearchParams({
            chainid: chain,
            module: 'account',
            action,
            address,
            page: String(page),
            offset: String(limit),
            sort: 'desc',
            apikey: options.apiKey,
          }).toString()
          const items = resultList(await getJson(url, timeoutMs))
          if (items.length > limit)
            throw new SourceError('invalid_response', 'Etherscan sent more than a page')
          return {
            full: items.length === limit,
            txs: items.map((item) => toTransaction(chainId, address, action, item)),
          }
        }),
      )
      return {
        data: mergeByHash(lists.flatMap((l) => l.txs)),
        next: page < maxPage && lists.some((l) => l.full) ? encodeCursor({ p: page + 1 }) : null,
      }
    },
  }
}
