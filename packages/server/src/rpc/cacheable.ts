/**
 * Which answers the proxy may keep, and why each is safe to reuse.
 *
 * An answer is kept only when no later block can change it:
 * - the chain's identity (`eth_chainId`, `net_version`, Solana's `getGenesisHash`);
 * - anything named by a block hash (the block, its transaction count, a transaction at an index,
 *   logs of that block, state at that block per EIP-1898 `{ blockHash }`): a hash fixes the content;
 * - anything named by a block number at or below the upstream's `finalized` block, which no
 *   reorganisation undoes. Above it (and for `latest`, `safe`, `pending`, `earliest` and missing
 *   block parameters) nothing is kept.
 * Never kept: errors, `null` (a block or transaction the node does not know yet may appear), and
 * by-transaction-hash lookups (a transaction's block changes when it is mined or reorganised).
 */

type Params = readonly unknown[]

/** A block the answer depends on: fixed by hash, or by a number that must be final. */
export type BlockPin = { kind: 'fixed' } | { kind: 'number'; number: bigint }

const quantity = /^0x(?:0|[1-9a-f][0-9a-f]*)$/i
const hash32 = /^0x[0-9a-f]{64}$/i

function numberPin(value: unknown): BlockPin | undefined {
  return typeof value === 'string' && quantity.test(value) && value.length <= 18
    ? { kind: 'number', number: BigInt(value) }
    : undefined
}

/** A block parameter: a number, or an EIP-1898 object with a hash or a number. */
function blockPin(value: unknown): BlockPin | undefined {
  if (typeof value === 'string') return numberPin(value)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { blockHash, blockNumber } = value as Record<string, unknown>
  if (typeof blockHash === 'string' && hash32.test(blockHash)) return { kind: 'fixed' }
  return blockNumber === undefined ? undefined : numberPin(blockNumber)
}

function hashPin(value: unknown): BlockPin | undefined {
  return typeof value === 'string' && hash32.test(value) ? { kind: 'fixed' } : undefined
}

/** The block of an `eth_getLogs` filter: its `blockHash`, or a closed range of numbers. */
function logsPin(filter: unknown): BlockPin | undefined {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return undefined
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>
  if (blockHash !== undefined) return hashPin(blockHash)
  const from = numberPin(fromBlock)
  const to = numberPin(toBlock)
  return from !== undefined && to !== undefined ? to : undefined
}

/** Where each cacheable method keeps its block, with the exact number of params it must have. */
const eip155Rules: Record<string, { count: number; pin: (params: Params) => BlockPin | undefined }> = {
  eth_chainId: { count: 0, pin: () => ({ kind: 'fixed' }) },
  net_version: { count: 0, pin: () => ({ kind: 'fixed' }) },
  eth_getBlockByHash: { count: 2, pin: (p) => hashPin(p[0]) },
  eth_getBlockByNumber: { count: 2, pin: (p) => numberPin(p[0]) },
  eth_getBlockTransactionCountByHash: { count: 1, pin: (p) => hashPin(p[0]) },
  eth_getBlockTransactionCountByNumber: { count: 1, pin: (p) => numberPin(p[0]) },
  eth_getTransactionByBlockHashAndIndex: { count: 2, pin: (p) => hashPin(p[0]) },
  eth_getTransactionByBlockNumberAndIndex: { count: 2, pin: (p) => numberPin(p[0]) },
  eth_getBlockReceipts: { count: 1, pin: (p) => blockPin(p[0]) },
  eth_getBalance: { count: 2, pin: (p) => blockPin(p[1]) },
  eth_getCode: { count: 2, pin: (p) => blockPin(p[1]) },
  eth_getTransactionCount: { count: 2, pin: (p) => blockPin(p[1]) },
  eth_getStorageAt: { count: 3, pin: (p) => blockPin(p[2]) },
  // Without a state override: an override is part of the question, but keeps the key unbounded.
  eth_call: { count: 2, pin: (p) => blockPin(p[1]) },
  eth_getLogs: { count: 1, pin: (p) => logsPin(p[0]) },
}

/** The block an answer depends on when it may be cached, else `undefined`. */
export function cachePin(chainId: string, method: string, params: unknown): BlockPin | undefined {
  const list: Params = params === undefined ? [] : Array.isArray(params) ? params : [params]
  if (chainId.startsWith('solana:'))
    return method === 'getGenesisHash' && list.length === 0 ? { kind: 'fixed' } : undefined
  const rule = eip155Rules[method]
  if (rule === undefined || list.length !== rule.count) return undefined
  return rule.pin(list)
}
