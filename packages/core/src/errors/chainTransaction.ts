import { BaseError } from './base.js'

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
  nonce: 'The transaction nonce is not the one the account is at.',
  feeCap: 'The max fee per gas is outside what the chain accepts.',
  insufficientFunds: 'The account cannot pay for the transaction and its fee.',
  intrinsicGas: 'The gas limit is outside what the transaction needs.',
  tipAboveFeeCap: 'The priority fee is higher than the max fee per gas.',
  executionReverted: 'The transaction reverted.',
  unsupportedType: 'The chain does not support this transaction type.',
}

/**
 * The error classes chain libraries (viem) give a node's refusal, by `name`, and the reason each
 * stands for. Names, not messages: the library has read the node's text already.
 */
const REASON_BY_NAME: Readonly<Record<string, TransactionRefusalReason>> = {
  NonceTooLowError: 'nonce',
  NonceTooHighError: 'nonce',
  NonceMaxValueError: 'nonce',
  FeeCapTooLowError: 'feeCap',
  FeeCapTooHighError: 'feeCap',
  InsufficientFundsError: 'insufficientFunds',
  IntrinsicGasTooLowError: 'intrinsicGas',
  IntrinsicGasTooHighError: 'intrinsicGas',
  TipAboveFeeCapError: 'tipAboveFeeCap',
  ExecutionRevertedError: 'executionReverted',
  TransactionTypeNotSupportedError: 'unsupportedType',
}

export type TransactionRefusedErrorType = TransactionRefusedError & { name: 'TransactionRefusedError' }
/** The chain refused the transaction; `reason` says why (spec §8). */
export class TransactionRefusedError extends BaseError {
  override name = 'TransactionRefusedError' as const
  readonly reason: TransactionRefusalReason
  constructor({ reason, cause }: { reason: TransactionRefusalReason; cause?: unknown }) {
    super(MESSAGES[reason], { cause })
    this.reason = reason
  }
}

const MAX_DEPTH = 8

/** The first refusal a chain library named in the error's `cause` chain, outermost first. */
export function findTransactionRefusal(raw: unknown): TransactionRefusalReason | undefined {
  let node: unknown = raw
  for (let depth = 0; depth <= MAX_DEPTH && typeof node === 'object' && node !== null; depth++) {
    const { name } = node as { name?: unknown }
    if (typeof name === 'string' && Object.hasOwn(REASON_BY_NAME, name)) return REASON_BY_NAME[name]
    node = (node as { cause?: unknown }).cause
  }
  return undefined
}
