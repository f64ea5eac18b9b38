// EIP-5792 in the test wallet: `wallet_sendCalls` approved once for the whole batch, then each
// call sent as its own transaction in order, each mined before the next (an EOA cannot run a
// batch atomically, so the wallet reports `atomic: unsupported` and refuses `atomicRequired`),
// and `wallet_getCallsStatus` read from the chain's receipts.
import { type Address, type Hex, isAddress, isHex, type LocalAccount } from 'viem'
import { parseHexChainId, toHexChainId, type WalletChain } from './chains.js'
import { invalidParams, ProviderRpcError } from './errors.js'
import type { ParsedTransaction } from './requests.js'
import { paramList } from './requests.js'
import { forwardRpc } from './rpc.js'

/** What the wallet lends its batches: its chains, its account check, its prompt and its send. */
export interface BatchHost {
  chain(chainId: number): WalletChain | undefined
  requireAccount(address: Address): LocalAccount
  shownAddress(): Address
  prompt(): void
  send(signer: LocalAccount, chain: WalletChain, tx: ParsedTransaction): Promise<Hex>
}

interface Batch {
  chain: WalletChain
  total: number
  hashes: Hex[]
  done: boolean
}

const MAX_CALLS = 100
const RECEIPT_WAIT_MS = 30_000
const callsError = (code: number, message: string) => new ProviderRpcError(code, message)

async function receiptOf(chain: WalletChain, hash: Hex): Promise<Record<string, unknown> | undefined> {
  const receipt = await forwardRpc(chain.rpcUrl, 'eth_getTransactionReceipt', [hash])
  return typeof receipt === 'object' && receipt !== null ? (receipt as Record<string, unknown>) : undefined
}

async function mined(chain: WalletChain, hash: Hex): Promise<Record<string, unknown>> {
  const end = Date.now() + RECEIPT_WAIT_MS
  for (;;) {
    const receipt = await receiptOf(chain, hash)
    if (receipt) return receipt
    if (Date.now() > end) throw new Error(`Transaction ${hash} was not mined in time.`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function parseCalls(value: unknown): { to: Address; data?: Hex; value?: bigint }[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidParams('calls must be a non-empty list.')
  if (value.length > MAX_CALLS) throw callsError(5740, `A batch holds at most ${MAX_CALLS} calls.`)
  return value.map((call: unknown, index) => {
    const { to, data, value: amount } = (call ?? {}) as Record<string, unknown>
    if (typeof to !== 'string' || !isAddress(to, { strict: false }))
      throw invalidParams(`call ${index} needs a 'to' address.`)
    if (data !== undefined && (typeof data !== 'string' || !isHex(data)))
      throw invalidParams(`call ${index}'s data must be hex.`)
    if (amount !== undefined && (typeof amount !== 'string' || !/^0x[0-9a-fA-F]+$/.test(amount)))
      throw invalidParams(`call ${index}'s value must be a hex quantity.`)
    return {
      to,
      ...(data === undefined ? {} : { data: data as Hex }),
      ...(amount === undefined ? {} : { value: BigInt(amount) }),
    }
  })
}

/** A required capability the wallet does not know refuses the batch (EIP-5792 5700). */
function checkCapabilities(value: unknown): void {
  if (value === undefined) return
  if (typeof value !== 'object' || value === null) throw invalidParams('capabilities must be an object.')
  for (const [name, capability] of Object.entries(value)) {
    if ((capability as { optional?: unknown } | null)?.optional !== true)
      throw callsError(5700, `The wallet does not support the ${name} capability.`)
  }
}

/** The EIP-5792 status code of a batch from its receipts (see the kit's fallback: same reading). */
function statusCode(batch: Batch, receipts: readonly Record<string, unknown>[]): number {
  if (!batch.done || receipts.length < batch.hashes.length) return 100
  if (batch.hashes.length === 0) return 400
  const complete = batch.hashes.length === batch.total
  if (complete && receipts.every((r) => r.status === '0x1')) return 200
  if (complete && receipts.every((r) => r.status !== '0x1')) return 500
  return 600
}

export function createBatches(host: BatchHost) {
  const batches = new Map<string, Batch>()

  async function run(
    batch: Batch,
    signer: LocalAccount,
    from: Address,
    calls: ReturnType<typeof parseCalls>,
  ) {
    try {
      for (const call of calls) {
        const hash = await host.send(signer, batch.chain, { from, ...call })
        batch.hashes.push(hash)
        if ((await mined(batch.chain, hash)).status !== '0x1') break
      }
    } catch {
      // The status reports what went out; the rest was not sent.
    } finally {
      batch.done = true
    }
  }

  return {
    sendCalls(params: unknown): { id: string } {
      const [request] = paramList(params)
      if (typeof request !== 'object' || request === null)
        throw invalidParams('wallet_sendCalls expects [request].')
      const r = request as Record<string, unknown>
      if (typeof r.version !== 'string') throw invalidParams('the request needs a version.')
      const chain = host.chain(parseHexChainId(r.chainId))
      if (!chain) throw callsError(5710, 'The wallet does not support calls on this chain.')
      const from = r.from === undefined ? host.shownAddress() : (r.from as Address)
      const signer = host.requireAccount(from)
      if (r.atomicRequired === true) throw callsError(5760, 'The wallet cannot run these calls atomically.')
      const calls = parseCalls(r.calls)
      checkCapabilities(r.capabilities)
      const id =
        typeof r.id === 'string' && r.id !== '' ? r.id : `0x${crypto.randomUUID().replaceAll('-', '')}`
      if (id.length > 4096) throw invalidParams('the id is longer than 4096 characters.')
      if (batches.has(id)) throw callsError(5720, 'A batch with this id already exists.')
      host.prompt()
      const batch: Batch = { chain, total: calls.length, hashes: [], done: false }
      batches.set(id, batch)
      void run(batch, signer, from, calls)
      return { id }
    },

    async getCallsStatus(params: unknown): Promise<Record<string, unknown>> {
      const [id] = paramList(params)
      const batch = typeof id === 'string' ? batches.get(id) : undefined
      if (!batch) throw callsError(5730, 'No batch with this id is known.')
      const found = await Promise.all(batch.hashes.map((hash) => receiptOf(batch.chain, hash)))
      const receipts = found.filter((r): r is Record<string, unknown> => r !== undefined)
      return {
        version: '2.0.0',
        id,
        chainId: toHexChainId(batch.chain.id),
        status: statusCode(batch, receipts),
        atomic: false,
        receipts: receipts.map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
          logs,
          status,
          blockHash,
          blockNumber,
          gasUsed,
          transactionHash,
        })),
      }
    },

    /** The test wallet has no window to show: it checks the id and answers. */
    showCallsStatus(params: unknown): null {
      const [id] = paramList(params)
      if (typeof id !== 'string' || !batches.has(id))
        throw callsError(5730, 'No batch with this id is known.')
      return null
    },
  }
}
