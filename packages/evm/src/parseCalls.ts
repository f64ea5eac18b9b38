// What a wallet answers to the EIP-5792 methods, checked and turned into the kit's (viem's) shapes.
import type { CallsReceipt, CallsStatus, WalletCapabilities } from '@latch/core'
import { type Hex, hexToBigInt, hexToNumber, isHex, type TransactionReceipt } from 'viem'
import { invalidWalletResponse } from './errors.js'
import { parseTransactionHash } from './validate.js'

const MAX_ID_LENGTH = 4096
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function quantity(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw invalidWalletResponse(what, value)
  return value as Hex
}

/** `{ [hexChainId]: { [name]: capability } }` → capabilities per numeric chain id. */
export function parseCapabilities(raw: unknown): Record<number, WalletCapabilities> {
  if (!isObject(raw)) throw invalidWalletResponse('capabilities', raw)
  const result: Record<number, WalletCapabilities> = {}
  for (const [key, value] of Object.entries(raw)) {
    // Keys other than hex chain ids (EIP-5792 allows `0x0` for all chains) are not a chain's.
    if (!isHex(key) || !isObject(value)) continue
    const chainId = hexToNumber(key)
    if (Number.isSafeInteger(chainId)) result[chainId] = value
  }
  return result
}

/** EIP-5792 2.0.0 answers `{ id, capabilities? }`; 1.0 wallets answered the id alone. */
export function parseSendCallsResult(raw: unknown): { id: string; capabilities?: WalletCapabilities } {
  const id = isObject(raw) ? raw.id : raw
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH)
    throw invalidWalletResponse('batch id', id)
  const capabilities = isObject(raw) && isObject(raw.capabilities) ? raw.capabilities : undefined
  return capabilities ? { id, capabilities } : { id }
}

function parseReceipt(raw: unknown): CallsReceipt {
  if (!isObject(raw)) throw invalidWalletResponse('call receipt', raw)
  const logs = Array.isArray(raw.logs) ? raw.logs : []
  return {
    logs: logs.map((log: unknown) => {
      if (!isObject(log) || !isHex(log.address) || !isHex(log.data) || !Array.isArray(log.topics))
        throw invalidWalletResponse('call log', log)
      return { address: log.address, data: log.data, topics: log.topics.map((t) => quantity(t, 'log topic')) }
    }),
    status: raw.status === '0x1' || raw.status === 'success' ? 'success' : 'reverted',
    blockHash: parseTransactionHash(raw.blockHash),
    blockNumber: hexToBigInt(quantity(raw.blockNumber, 'block number')),
    gasUsed: hexToBigInt(quantity(raw.gasUsed, 'gas used')),
    transactionHash: parseTransactionHash(raw.transactionHash),
  }
}

/** `wallet_getCallsStatus`'s answer; `status` is read from the EIP-5792 code's hundreds. */
export function parseCallsStatus(raw: unknown): CallsStatus {
  if (!isObject(raw)) throw invalidWalletResponse('calls status', raw)
  const { id, version, chainId, status: code, atomic, receipts, capabilities } = raw
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 100 || code > 699)
    throw invalidWalletResponse('calls status code', code)
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH)
    throw invalidWalletResponse('batch id', id)
  if (receipts !== undefined && !Array.isArray(receipts))
    throw invalidWalletResponse('call receipts', receipts)
  return {
    id,
    version: typeof version === 'string' ? version : '2.0.0',
    chainId: hexToNumber(quantity(chainId, 'chain id')),
    atomic: atomic === true,
    statusCode: code,
    status: code < 200 ? 'pending' : code < 300 ? 'success' : 'failure',
    receipts: receipts?.map(parseReceipt),
    ...(isObject(capabilities) ? { capabilities } : {}),
  }
}

/** A node's receipt in the batch status's shape. */
export function toCallsReceipt(receipt: TransactionReceipt): CallsReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  }
}
