import { s } from '../schema/s.js'
import type { ActivityTransaction } from './transactions.js'

/**
 * A transfer the visitor sent from the Account view, kept by the kit until the transactions
 * service lists it: shown at once as pending, then as sent or failed when its receipt arrives.
 */
export interface PendingTransaction {
  hash: string
  /** CAIP-2 id of the chain it was sent on. */
  chain: string
  from: string
  to: string
  /** The token's contract; none for the network's coin. */
  token?: string | undefined
  symbol: string
  quantity: { decimals: string; numeric: string; raw: string }
  status: 'pending' | 'confirmed' | 'failed'
  /**
   * A swap's side the account is to receive (the quote's amount out), shown beside what it sold;
   * none for a plain transfer.
   */
  received?: PendingSide | undefined
  /** Unix milliseconds when the wallet sent it. */
  sentAt: number
  /** Unix milliseconds when its receipt arrived. */
  settledAt?: number | undefined
}

/** One token and amount of a kept transaction. */
export interface PendingSide {
  /** The token's contract; none for the network's coin. */
  token?: string | undefined
  symbol: string
  quantity: { decimals: string; numeric: string; raw: string }
}

/** Spec §9: at most 99 pending transactions are kept. */
export const PENDING_TRANSACTIONS_LIMIT = 99
/** A record the transactions service never lists (an indexer that lags or is off) is kept a day. */
export const PENDING_TRANSACTION_MAX_AGE_MS = 24 * 60 * 60 * 1000

const digits = /^\d{1,80}$/
// A token and an amount: the sold side's fields, and the received side's.
const side = () => ({
  token: s
    .string()
    .regex(/^[0-9a-zA-Z]{20,64}$/)
    .optional(),
  symbol: s.string().regex(/^.{1,32}$/u),
  quantity: s
    .object({
      decimals: s.string().regex(/^\d{1,2}$/),
      numeric: s.string().regex(/^\d{1,80}(\.\d{1,80})?$/),
      raw: s.string().regex(digits),
    })
    .strict(),
})

// Built when a stored value is read, not at import (see tokens.ts).
const pendingTransactionSchema = () =>
  s
    .object({
      hash: s.string().regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/),
      chain: s.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/),
      from: s.string().regex(/^[0-9a-zA-Z]{20,64}$/),
      to: s.string().regex(/^[0-9a-zA-Z]{20,64}$/),
      ...side(),
      status: s.enum(['pending', 'confirmed', 'failed']),
      received: s.object(side()).strict().optional(),
      sentAt: s.number().int(),
      settledAt: s.number().int().optional(),
    })
    .strict()

/**
 * The newest first, at most the limit, none older than the bound. A record of the future (a
 * clock set back, or a tampered value) is dropped too.
 */
export function prunePendingTransactions(
  records: readonly PendingTransaction[],
  now: number,
): PendingTransaction[] {
  const seen = new Set<string>()
  return [...records]
    .filter((r) => r.sentAt <= now + 60_000 && now - r.sentAt <= PENDING_TRANSACTION_MAX_AGE_MS)
    .sort((a, b) => b.sentAt - a.sentAt)
    .filter((r) => !seen.has(`${r.chain}|${r.hash}`) && seen.add(`${r.chain}|${r.hash}`))
    .slice(0, PENDING_TRANSACTIONS_LIMIT)
}

/**
 * Reads the stored list: JSON of an array of records. A record that does not check is dropped
 * alone; anything else than an array is no list at all.
 */
export function parsePendingTransactions(raw: string, now: number): PendingTransaction[] | undefined {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!Array.isArray(value)) return undefined
  const schema = pendingTransactionSchema()
  const records: PendingTransaction[] = []
  for (const item of value.slice(0, 4 * PENDING_TRANSACTIONS_LIMIT)) {
    const parsed = schema.safeParse(item)
    if (parsed.success) records.push(parsed.data)
  }
  return prunePendingTransactions(records, now)
}

/**
 * What Activity shows for the account on its chain: the records still pending (newest first),
 * and those settled that the transactions service does not list yet, as its own transactions.
 */
export function localActivity(
  records: readonly PendingTransaction[],
  listed: ReadonlySet<string>,
  { chain, address }: { chain: string; address: string },
): { pending: ActivityTransaction[]; settled: ActivityTransaction[] } {
  const mine = records.filter(
    (r) =>
      r.chain === chain &&
      r.from.toLowerCase() === address.toLowerCase() &&
      !listed.has(r.hash.toLowerCase()),
  )
  const toActivity = (r: PendingTransaction): ActivityTransaction => ({
    id: r.hash,
    metadata: {
      hash: r.hash,
      minedAt: new Date(r.settledAt ?? r.sentAt).toISOString(),
      chain: r.chain,
      status: r.status === 'failed' ? 'failed' : 'confirmed',
      sentFrom: r.from,
      sentTo: r.to,
    },
    transfers: [
      {
        standard: r.token ? 'erc20' : 'native',
        direction: 'out',
        from: r.from,
        to: r.to,
        ...(r.token ? { token: r.token } : {}),
        symbol: r.symbol,
        quantity: r.quantity,
      },
      // A swap's other side: what the account is to receive, as the quote said.
      ...(r.received
        ? [
            {
              standard: r.received.token ? ('erc20' as const) : ('native' as const),
              direction: 'in' as const,
              from: r.to,
              to: r.from,
              ...(r.received.token ? { token: r.received.token } : {}),
              symbol: r.received.symbol,
              quantity: r.received.quantity,
            },
          ]
        : []),
    ],
  })
  return {
    pending: mine.filter((r) => r.status === 'pending').map(toActivity),
    settled: mine.filter((r) => r.status !== 'pending').map(toActivity),
  }
}
