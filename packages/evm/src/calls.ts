// EIP-5792 batched calls on the EVM adapter, loaded with import() on first use. A wallet that
// reports the `atomic` capability for the chain (EIP-5792 2.0.0 makes it mandatory) sends the
// batch itself with `wallet_sendCalls`; any other wallet gets the kit's fallback: each call sent
// as its own transaction, in order, each mined before the next (a later call may need an earlier
// one's effect, as a transfer needs its approve), under one batch id that carries the hashes, so
// its status is read from the chain, also after a reload. Never atomic: `forceAtomic` refuses it.
import {
  type CallsAdapterMethods,
  CallsError,
  CallsPartlySentError,
  CallsStatusNotShownError,
  type WalletCapabilities,
} from '@latch/core'
import {
  type Config,
  getPublicClient,
  sendTransaction as wagmiSendTransaction,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { type Hex, numberToHex, TransactionReceiptNotFoundError } from 'viem'
import { toCodedError } from './errors.js'
import { connectedProvider } from './evmActions.js'
import { decodeFallbackId, encodeFallbackId } from './fallbackId.js'
import { toEvmChainId } from './network.js'
import { parseCallsStatus, parseCapabilities, parseSendCallsResult, toCallsReceipt } from './parseCalls.js'
import { assertAddressArgument, parseTransactionHash } from './validate.js'

type Method<K extends keyof CallsAdapterMethods> = NonNullable<CallsAdapterMethods[K]>
type Args<K extends keyof CallsAdapterMethods> = Parameters<Method<K>>[0]
type Result<K extends keyof CallsAdapterMethods> = ReturnType<Method<K>>
type Eip1193 = Awaited<ReturnType<typeof connectedProvider>>

const VERSION = '2.0.0'
// Codes a wallet answers for a method it does not have (EIP-1193 4200, JSON-RPC -32601) or for
// batches on a chain it cannot send them on (EIP-5792 5710): nothing was sent, the fallback may.
const NOT_SUPPORTED: readonly number[] = [4200, -32601, 5710]

/**
 * The wallet's capabilities, or undefined for a wallet that does not answer
 * `wallet_getCapabilities` (one without EIP-5792: many throw their own kind of error for it).
 */
async function walletCapabilities(
  wallet: Eip1193,
  address: Hex,
  chainIds: readonly number[] | undefined,
): Promise<Record<number, WalletCapabilities> | undefined> {
  let raw: unknown
  try {
    raw = await wallet.request({
      method: 'wallet_getCapabilities',
      params: chainIds ? [address, chainIds.map((id) => numberToHex(id))] : [address],
    })
  } catch {
    return undefined
  }
  return parseCapabilities(raw)
}

/** Whether the wallet sends batches itself on the chain (it reports `atomic`, or 1.0's `atomicBatch`). */
function sendsBatches(capabilities: WalletCapabilities | undefined): boolean {
  return capabilities !== undefined && ('atomic' in capabilities || 'atomicBatch' in capabilities)
}

function canBeAtomic(capabilities: WalletCapabilities): boolean {
  const atomic = capabilities.atomic as { status?: unknown } | undefined
  const legacy = capabilities.atomicBatch as { supported?: unknown } | undefined
  return atomic?.status === 'supported' || atomic?.status === 'ready' || legacy?.supported === true
}

const notAtomic = (details: string) => new CallsError(5760, { details })

export async function sendCalls(
  config: Config,
  { calls, address, caipNetwork, forceAtomic, capabilities, id }: Args<'sendCalls'>,
): Result<'sendCalls'> {
  const chainId = toEvmChainId(caipNetwork)
  const from = assertAddressArgument(address, 'sender')
  // Every call's address is checked before anything is sent: a bad one found half-way through
  // the fallback would leave the calls before it sent.
  const checked = calls.map((call) => ({ ...call, to: assertAddressArgument(call.to, 'call') }))
  const wallet = await connectedProvider(config)
  const own = (await walletCapabilities(wallet, from, [chainId]))?.[chainId]
  if (sendsBatches(own)) {
    if (forceAtomic && !canBeAtomic(own as WalletCapabilities))
      throw notAtomic(`The wallet reports no atomic batches on chain ${chainId}.`)
    try {
      const raw = await wallet.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: VERSION,
            ...(id === undefined ? {} : { id }),
            from,
            chainId: numberToHex(chainId),
            atomicRequired: forceAtomic,
            calls: checked.map(({ to, data, value }) => ({
              to,
              ...(data === undefined ? {} : { data }),
              ...(value === undefined ? {} : { value: numberToHex(value) }),
            })),
            ...(capabilities === undefined ? {} : { capabilities }),
          },
        ],
      })
      return parseSendCallsResult(raw)
    } catch (error) {
      const coded = toCodedError(error, 'The wallet did not send the calls.')
      if (coded.code === undefined || !NOT_SUPPORTED.includes(coded.code)) throw coded
    }
  }
  if (forceAtomic)
    throw notAtomic('The wallet has no wallet_sendCalls; sent one by one, the calls would not be atomic.')
  // The fallback has no capabilities of its own: one the app requires (not `optional`) refuses
  // the batch (EIP-5792 5700) rather than being dropped.
  const required = Object.entries(capabilities ?? {}).find(
    ([, capability]) => (capability as { optional?: unknown } | null)?.optional !== true,
  )
  if (required)
    throw new CallsError(5700, { details: `The wallet has no wallet_sendCalls to honour ${required[0]}.` })
  return sendOneByOne(config, from, chainId, checked)
}

/** The fallback: one transaction per call, each mined before the next; a stop is reported with what went out. */
async function sendOneByOne(
  config: Config,
  from: Hex,
  chainId: number,
  calls: Args<'sendCalls'>['calls'],
): Result<'sendCalls'> {
  const hashes: Hex[] = []
  for (const [index, call] of calls.entries()) {
    try {
      const hash = parseTransactionHash(
        await wagmiSendTransaction(config, {
          account: from,
          to: call.to,
          data: call.data,
          value: call.value,
          chainId,
        }),
      )
      hashes.push(hash)
      const receipt = await waitForTransactionReceipt(config, { hash, chainId })
      if (receipt.status === 'reverted' && index < calls.length - 1)
        throw new Error(`Call ${index} reverted on chain; the calls after it were not sent.`)
    } catch (error) {
      const cause = toCodedError(error, 'The transaction was not sent.')
      if (hashes.length === 0) throw cause
      const id = encodeFallbackId({ chainId, total: calls.length, hashes })
      throw new CallsPartlySentError({ id, sent: hashes.length, total: calls.length, cause })
    }
  }
  return { id: encodeFallbackId({ chainId, total: calls.length, hashes }) }
}

/**
 * The fallback batch's EIP-5792 status, read from the chain: pending (100) until every sent call
 * is mined; then confirmed (200) when all calls went out and succeeded, reverted (500) when all
 * went out and reverted, and partial (600) otherwise (some reverted, or the batch stopped early).
 */
async function fallbackStatus(config: Config, id: string): Result<'getCallsStatus'> {
  const batch = decodeFallbackId(id)
  if (!batch) throw new CallsError(5730)
  const client = getPublicClient(config, { chainId: batch.chainId })
  if (!client) throw new CallsError(5710, { details: `The app has no RPC for chain ${batch.chainId}.` })
  const found = await Promise.all(
    batch.hashes.map((hash) =>
      client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        throw error
      }),
    ),
  )
  const receipts = found.flatMap((receipt) => (receipt ? [toCallsReceipt(receipt)] : []))
  const complete = batch.hashes.length === batch.total
  let statusCode = 600
  if (receipts.length < batch.hashes.length) statusCode = 100
  else if (complete && receipts.every((r) => r.status === 'success')) statusCode = 200
  else if (complete && receipts.every((r) => r.status === 'reverted')) statusCode = 500
  return {
    id,
    version: VERSION,
    chainId: batch.chainId,
    atomic: false,
    statusCode,
    status: statusCode === 100 ? 'pending' : statusCode === 200 ? 'success' : 'failure',
    receipts,
  }
}

export async function getCallsStatus(
  config: Config,
  { id }: Args<'getCallsStatus'>,
): Result<'getCallsStatus'> {
  if (decodeFallbackId(id)) return fallbackStatus(config, id)
  const wallet = await connectedProvider(config)
  let raw: unknown
  try {
    raw = await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })
  } catch (error) {
    throw toCodedError(error, 'The wallet did not report the calls.')
  }
  return parseCallsStatus(raw)
}

/**
 * The wallet's capabilities per chain; on a chain where the wallet does not send batches itself
 * the kit's fallback does, which is not atomic: `atomic: { status: 'unsupported' }`.
 */
export async function getCapabilities(
  config: Config,
  { address, chainIds }: Args<'getCapabilities'>,
): Result<'getCapabilities'> {
  const wallet = await connectedProvider(config)
  const own = (await walletCapabilities(wallet, assertAddressArgument(address, 'account'), chainIds)) ?? {}
  const ids = chainIds ?? [
    ...new Set([...config.chains.map((chain) => chain.id), ...Object.keys(own).map(Number)]),
  ]
  return Object.fromEntries(
    ids.map((chainId) => {
      const capabilities = own[chainId] ?? {}
      return [
        chainId,
        sendsBatches(capabilities) ? capabilities : { ...capabilities, atomic: { status: 'unsupported' } },
      ]
    }),
  )
}

export async function showCallsStatus(
  config: Config,
  { id }: Args<'showCallsStatus'>,
): Result<'showCallsStatus'> {
  if (decodeFallbackId(id)) throw new CallsStatusNotShownError()
  const wallet = await connectedProvider(config)
  try {
    await wallet.request({ method: 'wallet_showCallsStatus', params: [id] })
  } catch (error) {
    throw toCodedError(error, 'The wallet did not show the calls.')
  }
}
