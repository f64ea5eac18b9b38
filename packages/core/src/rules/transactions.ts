import { s } from '../schema/s.js'

/** One movement of value in a transaction, as the transactions service describes it. */
export interface ActivityTransfer {
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155'
  direction: 'in' | 'out' | 'self'
  from: string
  to: string
  token?: string | undefined
  symbol: string
  quantity: { decimals: string; numeric: string; raw: string }
  tokenId?: string | undefined
  /** Set by services that know an NFT collection is spam (spec §3 `nft_info.flags.is_spam`). */
  nft_info?: { flags?: { is_spam?: boolean | undefined } | undefined } | undefined
}

/** A transaction of the account (spec §3): id, metadata (minedAt, chain), transfers. */
export interface ActivityTransaction {
  id: string
  metadata: {
    hash: string
    minedAt: string
    chain: string
    status: 'confirmed' | 'failed'
    sentFrom: string
    sentTo: string | null
  }
  transfers: ActivityTransfer[]
}

/** Transactions of one month, for the Activity list. */
export interface ActivityMonth {
  year: number
  /** 0 (January) to 11. */
  month: number
  transactions: ActivityTransaction[]
}

const nullableString = () =>
  s.custom<string | null>((v) => v === null || typeof v === 'string', 'Expected string or null')

// Built when a response is checked, not at import (see tokens.ts).
const transferSchema = () =>
  s.object({
    standard: s.enum(['native', 'erc20', 'erc721', 'erc1155']),
    direction: s.enum(['in', 'out', 'self']),
    from: s.string(),
    to: s.string(),
    token: s.string().optional(),
    symbol: s.string(),
    quantity: s.object({ decimals: s.string(), numeric: s.string(), raw: s.string() }),
    tokenId: s.string().optional(),
    nft_info: s.object({ flags: s.object({ is_spam: s.boolean().optional() }).optional() }).optional(),
  })

/** The transactions service's answer (spec §7): `data` and the `next` cursor. */
export const transactionsServiceSchema = () =>
  s.object({
    data: s.array(
      s.object({
        id: s.string(),
        metadata: s.object({
          hash: s.string(),
          minedAt: s.custom<string>(
            (v) => typeof v === 'string' && Number.isFinite(Date.parse(v)),
            'Invalid date',
          ),
          chain: s.string(),
          status: s.enum(['confirmed', 'failed']),
          sentFrom: s.string(),
          sentTo: nullableString(),
        }),
        transfers: s.array(transferSchema()),
      }),
    ),
    next: nullableString(),
  })

/**
 * Spec §5: only transactions on the connected chain are kept, and those whose transfers are all
 * spam NFTs are dropped.
 */
export function shownTransactions(
  transactions: readonly ActivityTransaction[],
  caipNetworkId: string,
): ActivityTransaction[] {
  return transactions.filter(
    (tx) =>
      tx.metadata.chain === caipNetworkId &&
      !(tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags?.is_spam === true)),
  )
}

/** Spec §3: transactions grouped by year and month of `minedAt` (UTC), newest first. */
export function groupTransactionsByMonth(transactions: readonly ActivityTransaction[]): ActivityMonth[] {
  const sorted = [...transactions].sort(
    (a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt),
  )
  const months: ActivityMonth[] = []
  for (const tx of sorted) {
    const date = new Date(tx.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const last = months.at(-1)
    if (last?.year === year && last.month === month) last.transactions.push(tx)
    else months.push({ year, month, transactions: [tx] })
  }
  return months
}
