'use client'
import {
  type ActivityTransaction,
  type ActivityTransfer,
  type CaipNetwork,
  type Latch,
  transactionsQueryOptions,
} from '@latch/core'
import {
  forgetListedTransactions,
  formatBalance,
  groupTransactionsByMonth,
  localActivity,
  type OnrampPurchase,
  onrampPurchasesQueryOptions,
  pendingTransactionsQueryOptions,
  queryClientOf,
  watchPendingTransactions,
} from '@latch/core/internal'
import { useEffect, useId, useMemo, useState } from 'react'
import { useQuery } from '../../../hooks/useQuery.js'
import { type Translate, useLocale, useT } from '../../../i18n/context.js'
import type { MessageId } from '../../../i18n/en.js'

export interface ActivityTabProps {
  latch: Latch
  address: string
  /** The account's network; none while the wallet is on a chain the app did not configure. */
  caipNetwork: CaipNetwork | undefined
}

/**
 * The account's transactions on its network, grouped under their month, newest first (spec §3):
 * a skeleton while loading, the empty state, or 'Failed to fetch transactions' (spec §8).
 * Part of the Account tabs' chunk, loaded with import() when Account opens.
 */
export default function ActivityTab({ latch, address, caipNetwork }: ActivityTabProps) {
  const t = useT()
  if (!caipNetwork) return <p className="latch-muted">{t('account.activity.empty')}</p>
  return <Activity latch={latch} address={address} caipNetwork={caipNetwork} />
}

const short = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

const fungible = (transfer: ActivityTransfer) =>
  transfer.standard === 'native' || transfer.standard === 'erc20'

/** A swap: one token out of the account and another into it, in the same transaction. */
function swapSides(tx: ActivityTransaction): [ActivityTransfer, ActivityTransfer] | undefined {
  const out = tx.transfers.filter((x) => fungible(x) && x.direction === 'out')
  const into = tx.transfers.filter((x) => fungible(x) && x.direction === 'in')
  return out.length === 1 && into.length === 1 ? [out[0]!, into[0]!] : undefined
}

function label(tx: ActivityTransaction, first: ActivityTransfer | undefined, pending: boolean): MessageId {
  if (pending) return 'account.activity.pending'
  if (tx.metadata.status === 'failed') return 'account.activity.failed'
  if (swapSides(tx)) return 'swap.success'
  if (!first) return 'account.activity.interaction'
  return first.direction === 'in'
    ? 'account.activity.received'
    : first.direction === 'out'
      ? 'account.activity.sent'
      : 'account.activity.self'
}

function amount(t: Translate, transfer: ActivityTransfer): string {
  if (transfer.standard === 'erc721')
    return t('account.activity.nft', { symbol: transfer.symbol, id: transfer.tokenId ?? '' })
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
  return `${sign}${formatBalance(transfer.quantity.numeric)} ${transfer.symbol}`
}

function Row({
  tx,
  t,
  day,
  pending = false,
}: {
  tx: ActivityTransaction
  t: Translate
  day: Intl.DateTimeFormat
  pending?: boolean
}) {
  const first = tx.transfers[0]
  const sides = swapSides(tx)
  const counterparty = first ? (first.direction === 'in' ? first.from : first.to) : (tx.metadata.sentTo ?? '')
  return (
    <li
      className="latch-token"
      data-testid="latch-activity-item"
      data-hash={tx.id}
      data-pending={pending || undefined}
    >
      <span className="latch-token-name">
        <span data-testid="latch-activity-label">{t(label(tx, first, pending))}</span>
        <span className="latch-muted">
          {pending ? null : (
            <time dateTime={tx.metadata.minedAt}>{day.format(new Date(tx.metadata.minedAt))}</time>
          )}
          {counterparty ? `${pending ? '' : ' · '}${short(counterparty)}` : ''}
        </span>
      </span>
      {first && (
        <span className="latch-token-amount" data-testid="latch-activity-amount">
          {sides ? `${amount(t, sides[0])} → ${amount(t, sides[1])}` : amount(t, first)}
        </span>
      )}
    </li>
  )
}

// While a purchase waits for its provider, its status is read again this often.
const PURCHASE_POLL_MS = 5_000

/** An on-ramp purchase: "Bought 0.05 ETH", pending until the provider delivers, then its date. */
function PurchaseRow({
  purchase,
  t,
  day,
}: {
  purchase: OnrampPurchase
  t: Translate
  day: Intl.DateTimeFormat
}) {
  const amount = `${formatBalance(purchase.purchaseAmount.amount)} ${purchase.purchaseAmount.currency}`
  return (
    <li
      className="latch-token"
      data-testid="latch-activity-purchase"
      data-status={purchase.status}
      data-hash={purchase.txHash ?? undefined}
    >
      <span className="latch-token-name">
        <span data-testid="latch-activity-label">{t('account.activity.bought', { amount })}</span>
        <span className="latch-muted" data-testid="latch-activity-purchase-status">
          {purchase.status === 'completed' ? (
            <time dateTime={purchase.updatedAt}>{day.format(new Date(purchase.updatedAt))}</time>
          ) : (
            t(purchase.status === 'failed' ? 'account.activity.failed' : 'account.activity.pending')
          )}
        </span>
      </span>
      {purchase.status !== 'failed' && (
        <span className="latch-token-amount" data-testid="latch-activity-amount">{`+${amount}`}</span>
      )}
    </li>
  )
}

// The pages after the first, loaded with "Load more" (spec §4: the next cursor). A failure empties
// the list and drops the cursor, as the spec says, and shows why.
function useMorePages(latch: Latch, address: string, caipNetwork: CaipNetwork) {
  const [pages, setPages] = useState<{ transactions: ActivityTransaction[]; next: string | null }[]>([])
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const load = async (cursor: string) => {
    setState('loading')
    try {
      const page = await queryClientOf(latch).fetchQuery(
        transactionsQueryOptions(latch, { address, caipNetwork, cursor }),
      )
      setPages((before) => [...before, page])
      setState('idle')
    } catch {
      setPages([])
      setState('failed')
    }
  }
  return { pages, state, load }
}

function Activity({ latch, address, caipNetwork }: ActivityTabProps & { caipNetwork: CaipNetwork }) {
  const t = useT()
  const { locale } = useLocale()
  const id = useId()
  const query = useQuery(transactionsQueryOptions(latch, { address, caipNetwork }), { latch })
  const kept = useQuery(pendingTransactionsQueryOptions(latch), { latch })
  const more = useMorePages(latch, address, caipNetwork)
  // The account's on-ramp purchases (when the project offers Buy), read again while one is pending.
  const purchases = useQuery(
    {
      ...onrampPurchasesQueryOptions(latch, { address, caipNetwork }),
      refetchInterval: (q: { state: { data?: OnrampPurchase[] | undefined } }) =>
        q.state.data?.some((p) => p.status === 'pending') ? PURCHASE_POLL_MS : false,
    },
    { latch },
  )
  const chain = caipNetwork.caipNetworkId
  // The transfers sent from Account wait for their receipts here too (after a reload as well).
  const waiting = (kept.data ?? [])
    .filter((r) => r.status === 'pending')
    .map((r) => r.hash)
    .join(',')
  useEffect(() => {
    if (waiting) void watchPendingTransactions(latch, { address, caipNetwork }).catch(() => {})
  }, [latch, address, caipNetwork, waiting])
  const listed = useMemo(
    () =>
      new Set(
        [query.data, ...more.pages].flatMap(
          (page) => page?.transactions.map((tx) => tx.id.toLowerCase()) ?? [],
        ),
      ),
    [query.data, more.pages],
  )
  // Once the transactions service lists a kept transfer, the kit forgets it.
  useEffect(() => {
    if (listed.size > 0) forgetListedTransactions(latch, { chain, hashes: listed })
  }, [latch, chain, listed])
  if (query.isError || more.state === 'failed')
    return (
      <p className="latch-muted" role="alert" data-testid="latch-activity-unavailable">
        {t('account.activity.unavailable')}
      </p>
    )
  if (!query.data)
    return (
      <ul
        className="latch-list"
        aria-busy="true"
        aria-label={t('account.activity.loading')}
        data-testid="latch-activity-loading"
      >
        {[0, 1, 2].map((n) => (
          <li key={n} className="latch-skeleton" />
        ))}
      </ul>
    )
  const pages = [query.data, ...more.pages]
  const local = localActivity(kept.data ?? [], listed, { chain, address })
  const bought = purchases.data ?? []
  // A delivered purchase stands for its transaction: the transfer is not listed twice.
  const seen = new Set<string>(bought.flatMap((p) => (p.txHash ? [p.txHash.toLowerCase()] : [])))
  const all = [...local.settled, ...pages.flatMap((page) => page.transactions)].filter(
    (tx) => !seen.has(tx.id) && seen.add(tx.id),
  )
  const next = pages.at(-1)?.next ?? null
  const months = groupTransactionsByMonth(all)
  if (months.length === 0 && local.pending.length === 0 && bought.length === 0 && !next)
    return <p className="latch-muted">{t('account.activity.empty')}</p>
  // Months and days in the visitor's language; UTC, as the grouping is.
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  return (
    <div data-testid="latch-activity">
      {bought.length > 0 && (
        <ul className="latch-list" data-testid="latch-activity-purchases">
          {bought.map((purchase) => (
            <PurchaseRow key={purchase.id} purchase={purchase} t={t} day={day} />
          ))}
        </ul>
      )}
      {local.pending.length > 0 && (
        <ul className="latch-list" data-testid="latch-activity-pending">
          {local.pending.map((tx) => (
            <Row key={tx.id} tx={tx} t={t} day={day} pending />
          ))}
        </ul>
      )}
      {months.map(({ year, month, transactions }) => (
        <section
          key={`${year}-${month}`}
          aria-labelledby={`${id}-${year}-${month}`}
          data-testid="latch-activity-month"
        >
          <h3 id={`${id}-${year}-${month}`} className="latch-muted" data-testid="latch-activity-month-title">
            {monthFormat.format(new Date(Date.UTC(year, month, 1)))}
          </h3>
          <ul className="latch-list">
            {transactions.map((tx) => (
              <Row key={tx.id} tx={tx} t={t} day={day} />
            ))}
          </ul>
        </section>
      ))}
      {next && (
        <button
          type="button"
          className="latch-text-button"
          data-testid="latch-activity-more"
          aria-busy={more.state === 'loading'}
          disabled={more.state === 'loading'}
          onClick={() => void more.load(next)}
        >
          {t('account.activity.more')}
        </button>
      )}
    </div>
  )
}
