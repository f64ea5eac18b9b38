import { type TransactionRefusalReason, TransactionRefusedError } from '@latch/core'
import {
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  TipAboveFeeCapError,
  TransactionTypeNotSupportedError,
} from 'viem'
import { toCodedError } from './errors.js'

/** viem's classes for a node's refusal of a transaction, and the kit's reason for each (spec §8). */
const REASONS: readonly [abstract new (...args: never[]) => Error, TransactionRefusalReason][] = [
  [NonceTooLowError, 'nonce'],
  [NonceTooHighError, 'nonce'],
  [NonceMaxValueError, 'nonce'],
  [FeeCapTooLowError, 'feeCap'],
  [FeeCapTooHighError, 'feeCap'],
  [InsufficientFundsError, 'insufficientFunds'],
  [IntrinsicGasTooLowError, 'intrinsicGas'],
  [IntrinsicGasTooHighError, 'intrinsicGas'],
  [TipAboveFeeCapError, 'tipAboveFeeCap'],
  [ExecutionRevertedError, 'executionReverted'],
  [TransactionTypeNotSupportedError, 'unsupportedType'],
]

/**
 * A failed send as the kit's error: `TransactionRefusedError` when viem told the node's refusal
 * apart somewhere in the `cause` chain (it reads the node's own words), else the wallet's error
 * with its code (`toCodedError`).
 */
export function toSendError(error: unknown, fallbackMessage: string): Error {
  const coded = toCodedError(error, fallbackMessage)
  let node: unknown = error
  for (let depth = 0; depth < 10 && node instanceof Error; depth++) {
    const found = REASONS.find(([errorClass]) => node instanceof errorClass)
    if (found)
      return new TransactionRefusedError({ reason: found[1], code: coded.code ?? -32000, cause: error })
    node = node.cause
  }
  return coded
}
