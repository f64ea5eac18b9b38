import { describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.js'
import { hydrate, teardown } from '../actions/hydrate.js'
import { confirmSend, reviewSend, setSendForm } from '../actions/send.js'
import { createLatch } from '../createLatch.js'
import {
  localActivity,
  PENDING_TRANSACTION_MAX_AGE_MS,
  type PendingTransaction,
  parsePendingTransactions,
} from '../rules/pendingTransactions.js'
import type { TokenBalance } from '../rules/tokens.js'
import { createMemoryStorage, type LatchStorage, STORAGE_KEYS } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork, TransactionReceipt } from '../types.js'
import { queryClientOf } from './client.js'
import {
  forgetListedTransactions,
  pendingTransactionsQueryOptions,
  watchPendingTransactions,
} from './pendingTransactions.js'

const mainnet = network('eip155', 1, 'Ethereum')
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}`
const ltt: TokenBalance = {
  name: 'Latch Test Token',
  symbol: 'LTT',
  chainId: 'eip155:1',
  address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 0,
  price: 0,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: '',
}

// A wallet whose transfers are included only when the test says so (a chain that does not mine).
async function wallet(storage: LatchStorage) {
  const evm = memoryAdapter('eip155', [mainnet])
  let include: (receipt: TransactionReceipt) => void = () => {}
  const waits: string[] = []
  Object.assign(evm.adapter, {
    parseRecipient: (address: string) => address,
    prepareTransfer: async ({ to, amount }: { to: string; amount: bigint }) => ({
      transaction: { to, value: amount },
      fee: 1n,
    }),
    sendTransaction: async () => HASH,
    waitForTransaction: ({ hash }: { hash: string }) => {
      waits.push(hash)
      return new Promise<TransactionReceipt>((resolve) => {
        include = resolve
      })
    },
  })
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage,
  })
  await hydrate(latch)
  await connect(latch, { connectorId: 'memory.wallet' })
  const address = latch.store.getState().namespaces.eip155!.account.address!
  const kept = () => queryClientOf(latch).fetchQuery(pendingTransactionsQueryOptions(latch))
  return { latch, address, waits, kept, include: (receipt: TransactionReceipt) => include(receipt) }
}

const record = (patch: Partial<PendingTransaction> = {}): PendingTransaction => ({
  hash: HASH,
  chain: 'eip155:1',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: RECIPIENT,
  symbol: 'ETH',
  quantity: { decimals: '18', numeric: '0.01', raw: '10000000000000000' },
  status: 'pending',
  sentAt: Date.now(),
  ...patch,
})

describe('given a transfer sent from the Account view on a chain that has not included it yet', () => {
  it('when the wallet answers with its hash, then it is kept as pending, survives a reload, and is sent once its receipt arrives', async () => {
    const storage = createMemoryStorage()
    const first = await wallet(storage)
    setSendForm(first.latch, { token: ltt.address, to: RECIPIENT, amount: '12.5' })
    await reviewSend(first.latch, { token: ltt })
    const sending = confirmSend(first.latch, { token: ltt })
    await vi.waitFor(() => expect(first.waits).toEqual([HASH]))
    expect(await first.kept()).toEqual([
      expect.objectContaining({
        hash: HASH,
        status: 'pending',
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        symbol: 'LTT',
        quantity: { decimals: '6', numeric: '12.5', raw: '12500000' },
      }),
    ])
    teardown(first.latch)

    // A reload: a new instance on the same storage still shows it, and waits for it itself.
    const second = await wallet(storage)
    const kept = await second.kept()
    expect(kept).toEqual([expect.objectContaining({ hash: HASH, status: 'pending' })])
    const { pending } = localActivity(kept, new Set(), { chain: 'eip155:1', address: second.address })
    expect(pending.map((tx) => tx.id)).toEqual([HASH])
    const watched = watchPendingTransactions(second.latch, { address: second.address, caipNetwork: mainnet })
    // A second look while it waits does not wait twice.
    void watchPendingTransactions(second.latch, { address: second.address, caipNetwork: mainnet })
    await vi.waitFor(() => expect(second.waits).toEqual([HASH]))
    second.include({ status: 'reverted' } as TransactionReceipt)
    await watched
    expect(await second.kept()).toEqual([expect.objectContaining({ hash: HASH, status: 'failed' })])
    const { settled } = localActivity(await second.kept(), new Set(), {
      chain: 'eip155:1',
      address: second.address,
    })
    expect(settled.map((tx) => tx.metadata.status)).toEqual(['failed'])

    // Once the transactions service lists it, the kit forgets it.
    forgetListedTransactions(second.latch, { chain: 'eip155:1', hashes: new Set([HASH]) })
    expect(storage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull()
    expect(await second.kept()).toEqual([])
    teardown(second.latch)
    first.include({ status: 'success' } as TransactionReceipt)
    await sending
  })
})

describe('given what the storage holds under the pending transactions key', () => {
  const now = Date.now()
  it('when it is not a JSON list, then there is no list', () => {
    expect(parsePendingTransactions('{', now)).toBeUndefined()
    expect(parsePendingTransactions('{"hash":"0x"}', now)).toBeUndefined()
  })

  it('when a record is tampered with, then that record alone is dropped', () => {
    const good = record()
    const bad = [
      record({ hash: '0x1234' }),
      record({ symbol: '' }),
      record({ status: 'mined' as 'pending' }),
      { ...record(), extra: 1 },
      record({ quantity: { decimals: '6', numeric: '1e5', raw: '1' } }),
      record({ from: 'javascript:alert(1)' }),
      'text',
      null,
    ]
    expect(parsePendingTransactions(JSON.stringify([...bad, good]), now)).toEqual([good])
  })

  it('when records are older than a day, from the future, repeated or above 99, then those are dropped', () => {
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
    const many = Array.from({ length: 120 }, (_, n) => record({ hash: hash(n), sentAt: now - n }))
    const old = record({ hash: hash(500), sentAt: now - PENDING_TRANSACTION_MAX_AGE_MS - 1 })
    const future = record({ hash: hash(501), sentAt: now + 3_600_000 })
    const kept = parsePendingTransactions(JSON.stringify([old, future, many[0], ...many]), now)!
    expect(kept).toHaveLength(99)
    expect(kept[0]).toEqual(many[0])
    expect(kept.at(-1)).toEqual(many[98])
  })

  it('when the list is corrupt, then reading it removes it with a warning', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.pendingTransactions]: 'not json' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { latch, kept } = await wallet(storage)
    expect(await kept()).toEqual([])
    expect(storage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('pending-transactions'))
    warn.mockRestore()
    teardown(latch)
  })

  it('when Activity looks at another chain or another account, then the record is not theirs', () => {
    const records = [record(), record({ hash: `0x${'cd'.repeat(32)}`, chain: 'eip155:8453' })]
    const other = localActivity(records, new Set(), {
      chain: 'eip155:1',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect(other).toEqual({ pending: [], settled: [] })
    const mine = localActivity(records, new Set(), {
      chain: 'eip155:1',
      address: record().from.toLowerCase(),
    })
    expect(mine.pending).toEqual([
      expect.objectContaining({
        id: HASH,
        transfers: [expect.objectContaining({ direction: 'out', standard: 'native', symbol: 'ETH' })],
      }),
    ])
  })

  it('when the record is a swap, then Activity shows what it sold and what it is to receive, and a received side that does not check drops the record', () => {
    const swap = record({
      to: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
      received: {
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        symbol: 'LTT',
        quantity: { decimals: '6', numeric: '12.5', raw: '12500000' },
      },
    })
    const parsed = parsePendingTransactions(JSON.stringify([swap]), Date.now())
    expect(parsed).toEqual([swap])
    const { pending } = localActivity(parsed!, new Set(), { chain: 'eip155:1', address: swap.from })
    expect(pending[0]?.transfers).toEqual([
      expect.objectContaining({ direction: 'out', standard: 'native', symbol: 'ETH' }),
      expect.objectContaining({
        direction: 'in',
        standard: 'erc20',
        symbol: 'LTT',
        from: swap.to,
        to: swap.from,
      }),
    ])
    const tampered = {
      ...swap,
      received: { ...swap.received, quantity: { decimals: '6', numeric: '<b>', raw: '1' } },
    }
    expect(parsePendingTransactions(JSON.stringify([tampered]), Date.now())).toEqual([])
  })
})
