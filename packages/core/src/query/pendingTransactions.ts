import { getAdapter } from '../actions/_shared.js'
import type { Latch } from '../createLatch.js'
import {
  type PendingTransaction,
  parsePendingTransactions,
  prunePendingTransactions,
} from '../rules/pendingTransactions.js'
import { STORAGE_KEYS } from '../storage.js'
import type { CaipNetwork, TransactionReceipt } from '../types.js'
import { queryClientOf } from './client.js'

/** The stable key of the transfers the kit keeps until the transactions service lists them. */
export const pendingTransactionsQueryKey = ['latch', 'pendingTransactions'] as const

// Read from the kit's storage each time, so another tab's writes and a reload are seen; a record
// that does not check is dropped, and a list that is no list is removed with a warning.
function readPending(latch: Latch): PendingTransaction[] {
  let raw: string | null
  try {
    raw = latch.storage.getItem(STORAGE_KEYS.pendingTransactions)
  } catch {
    return []
  }
  if (raw === null) return []
  const records = parsePendingTransactions(raw, Date.now())
  if (records) return records
  console.warn(`[latch] Ignored an invalid stored value for ${STORAGE_KEYS.pendingTransactions}.`)
  writePending(latch, () => [])
  return []
}

function writePending(
  latch: Latch,
  update: (records: PendingTransaction[]) => PendingTransaction[],
): PendingTransaction[] {
  let raw: string | null = null
  try {
    raw = latch.storage.getItem(STORAGE_KEYS.pendingTransactions)
  } catch {
    // A storage that fails reads as empty.
  }
  const before = (raw === null ? undefined : parsePendingTransactions(raw, Date.now())) ?? []
  const records = prunePendingTransactions(update(before), Date.now())
  try {
    if (records.length === 0) latch.storage.removeItem(STORAGE_KEYS.pendingTransactions)
    else latch.storage.setItem(STORAGE_KEYS.pendingTransactions, JSON.stringify(records))
  } catch {
    // Private mode or a full quota: shown until the page is left, then forgotten.
  }
  queryClientOf(latch).setQueryData(pendingTransactionsQueryKey, records)
  return records
}

/**
 * Query options for the transfers sent from the Account view that the transactions service does
 * not list yet (spec §9: at most 99), from the kit's storage.
 */
export function pendingTransactionsQueryOptions(latch: Latch) {
  return {
    queryKey: pendingTransactionsQueryKey,
    queryFn: async (): Promise<PendingTransaction[]> => readPending(latch),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  } as const
}

/** Keeps a transfer the wallet just sent, as pending. */
export function recordPendingTransaction(
  latch: Latch,
  record: Omit<PendingTransaction, 'status' | 'sentAt'>,
): void {
  writePending(latch, (records) => [
    { ...record, status: 'pending', sentAt: Date.now() },
    ...records.filter((r) => !(r.chain === record.chain && r.hash === record.hash)),
  ])
}

/** Marks a kept transfer as included (confirmed) or reverted (failed), once its receipt arrived. */
export function settlePendingTransaction(
  latch: Latch,
  { chain, hash, status }: { chain: string; hash: string; status: 'confirmed' | 'failed' },
): void {
  writePending(latch, (records) =>
    records.map((r) => (r.chain === chain && r.hash === hash ? { ...r, status, settledAt: Date.now() } : r)),
  )
}

/** Drops the kept transfers the transactions service now lists on that chain. */
export function forgetListedTransactions(
  latch: Latch,
  { chain, hashes }: { chain: string; hashes: Set<string> },
): void {
  const listed = (r: PendingTransaction) => r.chain === chain && hashes.has(r.hash.toLowerCase())
  if (!readPending(latch).some(listed)) return
  writePending(latch, (records) => records.filter((r) => !listed(r)))
}

const watching = new WeakMap<Latch, Set<string>>()

function watchedHashes(latch: Latch): Set<string> {
  let set = watching.get(latch)
  if (!set) {
    set = new Set()
    watching.set(latch, set)
  }
  return set
}

/**
 * Waits for a kept transfer's receipt and marks it sent (confirmed) or failed; the balances and
 * the transactions list are refreshed. While it waits, `watchPendingTransactions` leaves it be.
 */
export async function settleWhenIncluded(
  latch: Latch,
  {
    hash,
    caipNetwork,
    wait,
  }: { hash: string; caipNetwork: CaipNetwork; wait: () => Promise<TransactionReceipt> },
): Promise<TransactionReceipt> {
  const set = watchedHashes(latch)
  set.add(hash)
  try {
    const receipt = await wait()
    settlePendingTransaction(latch, {
      chain: caipNetwork.caipNetworkId,
      hash,
      status: receipt.status === 'success' ? 'confirmed' : 'failed',
    })
    const client = queryClientOf(latch)
    void client.invalidateQueries({ queryKey: ['latch', 'transactions'] })
    void client.invalidateQueries({ queryKey: ['latch', 'tokenBalances'] })
    return receipt
  } finally {
    set.delete(hash)
  }
}

/**
 * Waits for the receipts of the account's pending transfers on its network (those sent before a
 * reload too), and marks each sent or failed when it arrives. Each is waited for once at a time.
 */
export async function watchPendingTransactions(
  latch: Latch,
  { address, caipNetwork }: { address: string; caipNetwork: CaipNetwork },
): Promise<void> {
  const adapter = getAdapter(latch, caipNetwork.chainNamespace)
  const waitForTransaction = adapter.waitForTransaction
  if (!waitForTransaction) return
  const set = watchedHashes(latch)
  const waits = readPending(latch)
    .filter(
      (r) =>
        r.status === 'pending' &&
        r.chain === caipNetwork.caipNetworkId &&
        r.from.toLowerCase() === address.toLowerCase() &&
        !set.has(r.hash),
    )
    .map((r) =>
      settleWhenIncluded(latch, {
        hash: r.hash,
        caipNetwork,
        wait: () => waitForTransaction({ hash: r.hash, caipNetwork }),
      }).catch(() => {
        // No receipt yet (a node that is down, a wait that timed out): still pending, and
        // waited for again the next time Activity opens.
      }),
    )
  await Promise.all(waits)
}
