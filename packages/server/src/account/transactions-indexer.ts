import { createPublicClient, http, type PublicClient } from 'viem'
import type { ActivityRepository, IndexedTransfer } from '../storage/activity.js'
import { nativeCoin } from './balances.js'
import { createRangeReader, type RpcBlock } from './transactions-indexer-read.js'
import {
  type ActivityPage,
  type ActivityTransaction,
  decodeCursor,
  encodeCursor,
  SourceError,
  type TransactionSource,
  transfer,
} from './transactions-shape.js'

/** Settings of the indexer over a plain JSON-RPC node (`account.transactions[chain]`, source 'rpc'). */
export interface RpcIndexerOptions {
  source: 'rpc'
  /** The node's JSON-RPC URL. */
  rpcUrl: string
  /** The first block to read (default 0). */
  startBlock?: number | undefined
  /** Blocks read at most while answering one request (default 500), so no request waits on a long catch-up. */
  maxBlocksPerRequest?: number | undefined
}

const isCursor = (v: unknown): v is [number, string] =>
  Array.isArray(v) &&
  v.length === 2 &&
  Number.isSafeInteger(v[0]) &&
  typeof v[1] === 'string' &&
  /^0x[0-9a-f]{64}$/.test(v[1])

// Rows of transfers, newest first, as a page of transactions; one row more than the page tells
// that a next page exists.
function toPage(
  chainId: string,
  address: string,
  rows: readonly IndexedTransfer[],
  limit: number,
): ActivityPage {
  const coin = nativeCoin(chainId)
  const data: ActivityTransaction[] = []
  const blocks = new Map<string, number>()
  for (const row of rows) {
    let tx = data.at(-1)
    if (tx?.id !== row.txHash) {
      tx = {
        id: row.txHash,
        metadata: {
          hash: row.txHash,
          minedAt: new Date(row.blockTime * 1000).toISOString(),
          chain: chainId,
          status: row.status === 1 ? 'confirmed' : 'failed',
          sentFrom: row.txFrom,
          sentTo: row.txTo,
        },
        transfers: [],
      }
      data.push(tx)
      blocks.set(row.txHash, row.blockNumber)
    }
    tx.transfers.push(
      transfer(address, {
        standard: row.standard,
        from: row.from,
        to: row.to,
        ...(row.token ? { token: `${chainId}:${row.token}` } : {}),
        symbol: row.standard === 'native' ? coin.symbol : (row.symbol ?? '?'),
        ...(row.tokenId !== null ? { tokenId: row.tokenId } : {}),
        raw: row.amount,
        decimals: row.standard === 'native' ? 18 : (row.decimals ?? 0),
      }),
    )
  }
  const page = data.slice(0, limit)
  const last = page.at(-1)
  return {
    data: page,
    next: data.length > limit && last ? encodeCursor([blocks.get(last.id), last.id]) : null,
  }
}

/**
 * The built-in transactions indexer over a plain JSON-RPC node (anvil, a self-hoster's node):
 * each request first reads at most `maxBlocksPerRequest` new blocks — their transactions with a
 * native value, and ERC-20/721/1155 `Transfer` logs — into the database with the chain's cursor,
 * then answers from the database. A chain whose block at the cursor changed hash (a restarted
 * local chain) is read again from the start.
 */
export function createRpcIndexer(
  chainId: string,
  options: RpcIndexerOptions,
  repository: ActivityRepository,
  timeoutMs: number,
): TransactionSource {
  const client = createPublicClient({
    transport: http(options.rpcUrl, { batch: { batchSize: 200 }, retryCount: 0, timeout: timeoutMs }),
  }) as PublicClient
  const maxBlocks = options.maxBlocksPerRequest ?? 500
  const startBlock = options.startBlock ?? 0
  const { readRange } = createRangeReader(client, chainId)
  // One catch-up at a time in this process; concurrent requests wait for it.
  let running: Promise<void> | undefined

  async function catchUp(): Promise<void> {
    let cursor = await repository.getCursor(chainId)
    if (cursor && cursor.nextBlock > startBlock && cursor.lastHash) {
      const last = (await client.request({
        method: 'eth_getBlockByNumber',
        params: [`0x${(cursor.nextBlock - 1).toString(16)}`, false],
      } as never)) as RpcBlock | null
      if (last?.hash !== cursor.lastHash) {
        await repository.resetChain(chainId)
        cursor = undefined
      }
    }
    const from = cursor?.nextBlock ?? startBlock
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    if (from > head) return
    const to = Math.min(head, from + maxBlocks - 1)
    const { transfers, lastHash } = await readRange(from, to)
    await repository.saveRange(chainId, transfers, { nextBlock: to + 1, lastHash })
  }

  return {
    async list(address, cursor, limit) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, isCursor)
      try {
        running ??= catchUp().finally(() => {
          running = undefined
        })
        await running
      } catch (error) {
        if (error instanceof SourceError) throw error
        throw new SourceError(
          'unavailable',
          `The node did not answer: ${(error as Error).message.split('\n', 1)[0]}`,
        )
      }
      const rows = await repository.listTransfers(
        chainId,
        address.toLowerCase(),
        limit + 1,
        before && { blockNumber: before[0], txHash: before[1] },
      )
      return toPage(chainId, address, rows, limit)
    },
  }
}
