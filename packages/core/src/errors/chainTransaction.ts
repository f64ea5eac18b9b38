import { WalletRpcError } from './rpc.js'

/**
 * Why the chain refused a transaction (spec §8 blockchain transaction errors): its nonce, its max
 * fee per gas, the account's funds, its gas limit below the intrinsic cost, a priority fee above
 * the max fee, a revert, or a transaction type the chain does not take.
 */
export type TransactionRefusalReason =
  | 'nonce'
  | 'feeCap'
  | 'insufficientFunds'
  | 'intrinsicGas'
  | 'tipAboveFeeCap'
  | 'executionReverted'
  | 'unsupportedType'

const MESSAGES: Readonly<Record<TransactionRefusalReason, string>> = {
  nonce: 'The transaction nonce is not the account’s next one.',
  feeCap: 'The max fee per gas is out of the chain’s range.',
  insufficientFunds: 'The account cannot pay for the transaction and its fee.',
  intrinsicGas: 'The gas limit is out of the transaction’s range.',
  tipAboveFeeCap: 'The priority fee is above the max fee per gas.',
  executionReverted: 'The transaction reverted.',
  unsupportedType: 'The chain does not support this transaction type.',
}

export type TransactionRefusedErrorType = TransactionRefusedError & { name: 'TransactionRefusedError' }
/**
 * The chain refused the transaction; `reason` says why (spec §8), `code` is the JSON-RPC code the
 * wallet answered with (a generic -32000 or -32003). Adapters raise it where their chain library
 * has told the node's refusal apart.
 */
export class TransactionRefusedError extends WalletRpcError {
  override name = 'TransactionRefusedError' as const
  readonly reason: TransactionRefusalReason
  constructor({ reason, code, cause }: { reason: TransactionRefusalReason; code: number; cause?: unknown }) {
    super(MESSAGES[reason], code, { cause })
    this.reason = reason
  }
}
