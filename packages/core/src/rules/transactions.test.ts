import { describe, expect, it } from 'vitest'
import {
  type ActivityTransaction,
  groupTransactionsByMonth,
  shownTransactions,
  transactionsServiceSchema,
} from './transactions.js'

const tx = (id: string, minedAt: string, chain = 'eip155:1', spam?: boolean[]): ActivityTransaction => ({
  id,
  metadata: { hash: id, minedAt, chain, status: 'confirmed', sentFrom: '0x1', sentTo: null },
  transfers: (spam ?? []).map((is_spam) => ({
    standard: 'erc721',
    direction: 'in',
    from: '0x1',
    to: '0x2',
    symbol: 'N',
    quantity: { decimals: '0', numeric: '1', raw: '1' },
    nft_info: { flags: { is_spam } },
  })),
})

describe('given transactions from the service', () => {
  it('then only the connected chain is kept and spam-only ones are dropped (spec §5)', () => {
    const list = [
      tx('a', '2026-11-02T00:00:00Z'),
      tx('b', '2026-11-02T00:00:00Z', 'eip155:8453'),
      tx('c', '2026-11-02T00:00:00Z', 'eip155:1', [true, true]),
      tx('d', '2026-11-02T00:00:00Z', 'eip155:1', [true, false]),
    ]
    expect(shownTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['a', 'd'])
  })

  it('then they are grouped by year and month, newest first, across a year boundary', () => {
    const months = groupTransactionsByMonth([
      tx('dec', '2025-12-31T23:59:59Z'),
      tx('nov-late', '2026-11-20T10:00:00Z'),
      tx('jan', '2026-01-01T00:00:00Z'),
      tx('nov-early', '2026-11-01T00:00:00Z'),
    ])
    expect(months.map((m) => [m.year, m.month, m.transactions.map((t) => t.id)])).toEqual([
      [2026, 10, ['nov-late', 'nov-early']],
      [2026, 0, ['jan']],
      [2025, 11, ['dec']],
    ])
  })

  it('then an answer without data, or with a bad date, is refused', () => {
    expect(transactionsServiceSchema().safeParse({ next: null }).success).toBe(false)
    const bad = { data: [{ ...tx('a', 'yesterday') }], next: null }
    expect(transactionsServiceSchema().safeParse(bad).success).toBe(false)
    expect(
      transactionsServiceSchema().safeParse({ data: [tx('a', '2026-11-02T00:00:00Z')], next: 'x' }).success,
    ).toBe(true)
  })
})
