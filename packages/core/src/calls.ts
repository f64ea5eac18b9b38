// EIP-5792 batched calls: the shapes the kit passes between its actions and an adapter, with the
// same fields as viem's `sendCalls` / `getCallsStatus` / `getCapabilities` types (the EVM
// adapter's type tests hold them to viem's).
import type { CaipNetwork, Hex } from './types.js'

/** One call of a batch (viem's `Call` without an ABI). */
export interface Call {
  to: Hex
  data?: Hex | undefined
  /** In wei. */
  value?: bigint | undefined
}

/** A capability the wallet reports, keyed by its name (`atomic`, `paymasterService`, …). */
export type WalletCapabilities = Record<string, unknown>

/** One receipt of a batch's status (viem's `WalletCallReceipt<bigint, 'success' | 'reverted'>`). */
export interface CallsReceipt {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: 'success' | 'reverted'
  blockHash: Hex
  blockNumber: bigint
  gasUsed: bigint
  transactionHash: Hex
}

/**
 * A batch's status (viem's `GetCallsStatusReturnType`): `statusCode` is EIP-5792's (100 pending,
 * 200 confirmed, 400 failed off-chain, 500 reverted, 600 partly reverted or partly sent) and
 * `status` its reading.
 */
export interface CallsStatus {
  id: string
  version: string
  chainId: number
  atomic: boolean
  status: 'pending' | 'success' | 'failure' | undefined
  statusCode: number
  receipts?: CallsReceipt[] | undefined
  capabilities?: WalletCapabilities | undefined
}

/** What an adapter that sends batches implements (the EVM adapter does). */
export interface CallsAdapterMethods {
  /** Sends the batch with the wallet's `wallet_sendCalls`, or the adapter's documented fallback. */
  sendCalls?(parameters: {
    calls: readonly Call[]
    address: string
    caipNetwork: CaipNetwork
    forceAtomic: boolean
    capabilities?: WalletCapabilities | undefined
    id?: string | undefined
  }): Promise<{ id: string; capabilities?: WalletCapabilities | undefined }>
  getCallsStatus?(parameters: { id: string }): Promise<CallsStatus>
  /** The wallet's capabilities per chain id. */
  getCapabilities?(parameters: {
    address: string
    chainIds?: readonly number[] | undefined
  }): Promise<Record<number, WalletCapabilities>>
  showCallsStatus?(parameters: { id: string }): Promise<void>
}
