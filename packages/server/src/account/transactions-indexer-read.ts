import { decodeAbiParameters, erc20Abi, type PublicClient, parseAbiItem, toEventSelector } from 'viem'
import type { IndexedTransfer } from '../storage/activity.js'
import { SourceError, symbolOf } from './transactions-shape.js'

const transferTopic = toEventSelector(
  parseAbiItem('event Transfer(address indexed, address indexed, uint256)'),
)
const singleTopic = toEventSelector(
  parseAbiItem('event TransferSingle(address indexed, address indexed, address indexed, uint256, uint256)'),
)
const batchTopic = toEventSelector(
  parseAbiItem(
    'event TransferBatch(address indexed, address indexed, address indexed, uint256[], uint256[])',
  ),
)
const symbolAbi = [
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const

interface RpcLog {
  address: string
  topics: string[]
  data: `0x${string}`
  transactionHash: string
  logIndex: string
  blockNumber: string
}
interface RpcTransaction {
  hash: string
  from: string
  to: string | null
  value: string
}
export interface RpcBlock {
  number: string
  hash: string
  timestamp: string
  transactions: RpcTransaction[]
}

const topicAddress = (topic: string | undefined) => `0x${(topic ?? '').slice(26)}`.toLowerCase()
// The transfers of one token log; an ERC-20 and an ERC-721 Transfer differ by their topic count.
function logTransfers(
  log: RpcLog,
): Omit<IndexedTransfer, 'chainId' | 'blockTime' | 'status' | 'txFrom' | 'txTo' | 'symbol' | 'decimals'>[] {
  const base = {
    txHash: log.transactionHash.toLowerCase(),
    blockNumber: Number(log.blockNumber),
    token: log.address.toLowerCase(),
  }
  const seq = Number(log.logIndex) * 1000
  const [topic0, t1, t2, t3] = log.topics
  if (topic0 === transferTopic && log.topics.length === 3 && log.data.length === 66)
    return [
      {
        ...base,
        seq,
        standard: 'erc20',
        from: topicAddress(t1),
        to: topicAddress(t2),
        amount: BigInt(log.data).toString(),
        tokenId: null,
      },
    ]
  if (topic0 === transferTopic && log.topics.length === 4)
    return [
      {
        ...base,
        seq,
        standard: 'erc721',
        from: topicAddress(t1),
        to: topicAddress(t2),
        amount: '1',
        tokenId: BigInt(t3 ?? '0x0').toString(),
      },
    ]
  if (topic0 === singleTopic && log.topics.length === 4 && log.data.length === 130) {
    const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
    return [
      {
        ...base,
        seq,
        standard: 'erc1155',
        from: topicAddress(t2),
        to: topicAddress(t3),
        amount: value.toString(),
        tokenId: id.toString(),
      },
    ]
  }
  if (topic0 === batchTopic && log.topics.length === 4) {
    try {
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
      return ids.slice(0, 999).map((id, i) => ({
        ...base,
        seq: seq + i,
        standard: 'erc1155' as const,
        from: topicAddress(t2),
        to: topicAddress(t3),
        amount: (values[i] ?? 0n).toString(),
        tokenId: id.toString(),
      }))
    } catch {
      return []
    }
  }
  // A log with the Transfer topic that fits no standard is not a token transfer.
  return []
}

interface CallFrame {
  type?: string
  from?: string
  to?: string
  value?: string
  calls?: CallFrame[]
}

/** The native coin a transaction's inner calls moved (a router paying out ETH), in call order. */
function innerValueCalls(
  frame: CallFrame,
  depth = 0,
  found: { from: string; to: string; value: bigint }[] = [],
) {
  // DELEGATECALL and STATICCALL move no coin of their own.
  const value = frame.value && /^0x[0-9a-fA-F]{1,64}$/.test(frame.value) ? BigInt(frame.value) : 0n
  if (depth > 0 && frame.type === 'CALL' && value > 0n && frame.from && frame.to)
    found.push({ from: frame.from.toLowerCase(), to: frame.to.toLowerCase(), value })
  for (const call of (frame.calls ?? []).slice(0, 1000))
    if (found.length < 1000) innerValueCalls(call, depth + 1, found)
  return found
}

/**
 * Reads a range of blocks of one chain: its transactions with a native value (with their
 * receipts' status), its token transfer logs, with each new token's symbol and decimals read
 * once (one deployless Multicall3 call) and kept for the process's life, and the native coin
 * the inner calls of those token-moving transactions paid (a swap's ETH out of a router), from
 * the node's call tracer where it has one (`debug_traceTransaction`, as anvil and geth do).
 */
export function createRangeReader(client: PublicClient, chainId: string) {
  const tokens = new Map<string, { symbol: string; decimals: number | null }>()
  // Cleared when the node says it has no call tracer: not asked again in this process.
  let tracing = true

  async function innerTransfers(hashes: string[]) {
    if (!tracing || hashes.length === 0) return new Map<string, ReturnType<typeof innerValueCalls>>()
    const traces = await Promise.all(
      hashes.map((hash) =>
        (
          client.request({
            method: 'debug_traceTransaction',
            params: [hash, { tracer: 'callTracer' }],
          } as never) as Promise<CallFrame>
        ).catch((error: { code?: number; details?: string }) => {
          // -32601 method not found (and nodes that say so in words): no tracer here.
          if (error.code === -32601 || /not (found|available|supported)/i.test(error.details ?? ''))
            tracing = false
          return undefined
        }),
      ),
    )
    return new Map(hashes.map((hash, i) => [hash, traces[i] ? innerValueCalls(traces[i]) : []]))
  }

  async function tokenInfo(addresses: string[], logsByToken: Map<string, IndexedTransfer['standard']>) {
    const unknown = addresses.filter((a) => !tokens.has(a))
    if (unknown.length === 0) return
    const calls = unknown.flatMap((address) => [
      { address: address as `0x${string}`, abi: symbolAbi, functionName: 'symbol' } as const,
      { address: address as `0x${string}`, abi: erc20Abi, functionName: 'decimals' } as const,
    ])
    const answers = await client.multicall({
      contracts: calls,
      allowFailure: true,
      deployless: true,
      batchSize: 0,
    })
    unknown.forEach((address, i) => {
      const [symbol, decimals] = [answers[2 * i], answers[2 * i + 1]]
      const fungible = logsByToken.get(address) === 'erc20'
      const d = decimals?.status === 'success' && typeof decimals.result === 'number' ? decimals.result : null
      tokens.set(address, {
        symbol: symbolOf(symbol?.status === 'success' ? symbol.result : undefined),
        decimals: fungible ? d : 0,
      })
    })
  }

  async function readRange(
    from: number,
    to: number,
  ): Promise<{ transfers: IndexedTransfer[]; lastHash: string }> {
    const hex = (n: number) => `0x${n.toString(16)}` as const
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const [logs, ...blocks] = (await Promise.all([
      client.request({
        method: 'eth_getLogs',
        params: [
          { fromBlock: hex(from), toBlock: hex(to), topics: [[transferTopic, singleTopic, batchTopic]] },
        ],
      } as never),
      ...numbers.map((n) =>
        client.request({ method: 'eth_getBlockByNumber', params: [hex(n), true] } as never),
      ),
    ])) as [RpcLog[], ...(RpcBlock | null)[]]
    const txs = new Map<string, { tx: RpcTransaction; block: RpcBlock }>()
    for (const block of blocks) {
      if (!block) throw new SourceError('unavailable', 'The node skipped a block')
      for (const tx of block.transactions) txs.set(tx.hash.toLowerCase(), { tx, block })
    }
    const valued = [...txs.values()].filter(({ tx }) => BigInt(tx.value) > 0n)
    const receipts = (await Promise.all(
      valued.map(({ tx }) =>
        client.request({ method: 'eth_getTransactionReceipt', params: [tx.hash] } as never),
      ),
    )) as ({ status: string } | null)[]
    const found = logs.flatMap(logTransfers)
    const standards = new Map(found.map((t) => [t.token!, t.standard]))
    await tokenInfo([...standards.keys()], standards)
    const facts = (hash: string, status: number) => {
      const { tx, block } = txs.get(hash)!
      return {
        chainId,
        blockTime: Number(block.timestamp),
        status,
        txFrom: tx.from.toLowerCase(),
        txTo: tx.to?.toLowerCase() ?? null,
      }
    }
    const transfers: IndexedTransfer[] = valued.map(({ tx, block }, i) => ({
      ...facts(tx.hash.toLowerCase(), receipts[i]?.status === '0x1' ? 1 : 0),
      txHash: tx.hash.toLowerCase(),
      seq: -1,
      blockNumber: Number(block.number),
      standard: 'native',
      token: null,
      symbol: null,
      decimals: null,
      from: tx.from.toLowerCase(),
      to: (tx.to ?? '').toLowerCase(),
      amount: BigInt(tx.value).toString(),
      tokenId: null,
    }))
    const inner = await innerTransfers([...new Set(found.map((t) => t.txHash))].filter((h) => txs.has(h)))
    for (const [hash, calls] of inner)
      calls.forEach((call, i) => {
        const { block } = txs.get(hash)!
        transfers.push({
          ...facts(hash, 1),
          txHash: hash,
          // After the transaction's own value (-1), before its logs (≥ 0).
          seq: -2 - i,
          blockNumber: Number(block.number),
          standard: 'native',
          token: null,
          symbol: null,
          decimals: null,
          from: call.from,
          to: call.to,
          amount: call.value.toString(),
          tokenId: null,
        })
      })
    for (const t of found) {
      // Logs exist only for transactions that succeeded.
      if (!txs.has(t.txHash)) continue
      const info = tokens.get(t.token!)
      transfers.push({
        ...facts(t.txHash, 1),
        ...t,
        symbol: info?.symbol ?? '?',
        decimals: info?.decimals ?? null,
      })
    }
    return {
      transfers: transfers.filter((t) => t.standard !== 'erc20' || t.decimals !== null),
      lastHash: blocks.at(-1)!.hash,
    }
  }

  return { readRange }
}
