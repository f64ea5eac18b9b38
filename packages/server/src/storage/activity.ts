import type { SqlDriver, SqlValue } from './driver.js'

/** One transfer the transactions indexer found: a native value or a token `Transfer` log. */
export interface IndexedTransfer {
  chainId: string
  txHash: string
  /** -1 for the transaction's native value; for a log, its index × 1000 + its place in a batch. */
  seq: number
  blockNumber: number
  /** Seconds since 1970, the block's timestamp. */
  blockTime: number
  /** 1 succeeded, 0 reverted. */
  status: number
  txFrom: string
  txTo: string | null
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155'
  token: string | null
  symbol: string | null
  decimals: number | null
  /** Lower-case addresses, so lookups need no case folding. */
  from: string
  to: string
  /** The raw amount, a decimal integer. */
  amount: string
  tokenId: string | null
}

/** Where the indexer stands on one chain. */
export interface IndexerCursor {
  nextBlock: number
  lastHash: string | null
}

/** The transactions indexer's storage: its cursor per chain and the transfers it found. */
export interface ActivityRepository {
  getCursor(chainId: string): Promise<IndexerCursor | undefined>
  /**
   * Stores a range's transfers and moves the cursor in one transaction, so a crash never leaves
   * transfers without their cursor or the reverse. Transfers already stored are kept.
   */
  saveRange(chainId: string, transfers: readonly IndexedTransfer[], cursor: IndexerCursor): Promise<void>
  /** Forgets a chain's transfers and cursor (its node was restarted or reorganised). */
  resetChain(chainId: string): Promise<void>
  /**
   * The transfers touching an address in its newest transactions, after `before` (block, hash)
   * when given, newest first: at most `limit` transactions.
   */
  listTransfers(
    chainId: string,
    address: string,
    limit: number,
    before?: { blockNumber: number; txHash: string },
  ): Promise<IndexedTransfer[]>
}

interface TransferRow {
  chain_id: string
  tx_hash: string
  seq: number | string
  block_number: number | string
  block_time: number | string
  status: number | string
  tx_from: string
  tx_to: string | null
  standard: IndexedTransfer['standard']
  token: string | null
  symbol: string | null
  decimals: number | string | null
  from_addr: string
  to_addr: string
  amount: string
  token_id: string | null
}

const columns =
  'chain_id, tx_hash, seq, block_number, block_time, status, tx_from, tx_to, standard, token, symbol, decimals, from_addr, to_addr, amount, token_id'

function toTransfer(row: TransferRow): IndexedTransfer {
  return {
    chainId: row.chain_id,
    txHash: row.tx_hash,
    seq: Number(row.seq),
    blockNumber: Number(row.block_number),
    blockTime: Number(row.block_time),
    status: Number(row.status),
    txFrom: row.tx_from,
    txTo: row.tx_to,
    standard: row.standard,
    token: row.token,
    symbol: row.symbol,
    decimals: row.decimals === null ? null : Number(row.decimals),
    from: row.from_addr,
    to: row.to_addr,
    amount: row.amount,
    tokenId: row.token_id,
  }
}

/** The activity part of the repository over any {@link SqlDriver}. */
export function createActivityRepository(driver: SqlDriver): ActivityRepository {
  return {
    async getCursor(chainId) {
      const [row] = await driver.all<{ next_block: number | string; last_hash: string | null }>(
        'SELECT next_block, last_hash FROM activity_cursors WHERE chain_id = ?',
        [chainId],
      )
      return row === undefined ? undefined : { nextBlock: Number(row.next_block), lastHash: row.last_hash }
    },
    async saveRange(chainId, transfers, cursor) {
      await driver.transaction(async (tx) => {
        for (const t of transfers)
          await tx.run(
            `INSERT INTO activity_transfers (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
            [
              chainId,
              t.txHash,
              t.seq,
              t.blockNumber,
              t.blockTime,
              t.status,
              t.txFrom,
              t.txTo,
              t.standard,
              t.token,
              t.symbol,
              t.decimals,
              t.from,
              t.to,
              t.amount,
              t.tokenId,
            ],
          )
        // Two instances reading the same range write the same rows; the cursor only moves forward.
        await tx.run(
          `INSERT INTO activity_cursors (chain_id, next_block, last_hash, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (chain_id) DO UPDATE SET next_block = excluded.next_block, last_hash = excluded.last_hash,
           updated_at = excluded.updated_at WHERE activity_cursors.next_block < excluded.next_block`,
          [chainId, cursor.nextBlock, cursor.lastHash, new Date().toISOString()],
        )
      })
    },
    async resetChain(chainId) {
      await driver.transaction(async (tx) => {
        await tx.run('DELETE FROM activity_transfers WHERE chain_id = ?', [chainId])
        await tx.run('DELETE FROM activity_cursors WHERE chain_id = ?', [chainId])
      })
    },
    async listTransfers(chainId, address, limit, before) {
      const match = '(from_addr = ? OR to_addr = ?)'
      const after = before ? ' AND (block_number < ? OR (block_number = ? AND tx_hash < ?))' : ''
      const params: SqlValue[] = [chainId, address, address]
      if (before) params.push(before.blockNumber, before.blockNumber, before.txHash)
      const page = await driver.all<{ block_number: number | string; tx_hash: string }>(
        `SELECT DISTINCT block_number, tx_hash FROM activity_transfers WHERE chain_id = ? AND ${match}${after}
         ORDER BY block_number DESC, tx_hash DESC LIMIT ?`,
        [...params, limit],
      )
      if (page.length === 0) return []
      const hashes = new Set(page.map((p) => p.tx_hash))
      const newest = Number(page[0]!.block_number)
      const oldest = Number(page.at(-1)!.block_number)
      const rows = await driver.all<TransferRow>(
        `SELECT ${columns} FROM activity_transfers WHERE chain_id = ? AND ${match}
         AND block_number BETWEEN ? AND ? ORDER BY block_number DESC, tx_hash DESC, seq`,
        [chainId, address, address, oldest, newest],
      )
      return rows.filter((r) => hashes.has(r.tx_hash)).map(toTransfer)
    },
  }
}
