import { TransactionRefusedError } from '@latch/core'
import { InvalidInputRpcError, RpcRequestError } from 'viem'
import { getTransactionError } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import { toCodedError } from './errors.js'
import { toSendError } from './refusal.js'

describe('given an error from a wallet or from wagmi/viem', () => {
  it('when the wallet threw a plain object nesting its answer in data.originalError, then code and data reach the top', () => {
    const raw = { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4001 } } }
    const error = toCodedError(raw, 'fallback')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: -32603, data: { originalError: { code: 4001 } }, cause: raw })
  })

  it('when a library wrapped the wallet error in a cause, then the wallet code and data are lifted', () => {
    const wallet = { code: -32603, data: { originalError: { code: 4902 } } }
    const error = toCodedError(new Error('Request failed', { cause: wallet }), 'fallback')
    expect(error).toMatchObject({ code: -32603, data: { originalError: { code: 4902 } } })
  })

  it('when the wallet threw an Error with its code, then it passes unchanged (its cause included)', () => {
    const wallet = Object.assign(new Error('declined', { cause: { code: -32603 } }), { code: 4001 })
    expect(toCodedError(wallet, 'fallback')).toBe(wallet)
  })
})

describe('given a transaction the node refused, as viem reports it', () => {
  const refusal = (message: string) =>
    getTransactionError(
      new InvalidInputRpcError(
        new RpcRequestError({ body: {}, url: 'http://127.0.0.1:8545', error: { code: -32000, message } }),
      ),
      { account: undefined, chain: undefined },
    )

  it.each([
    ['nonce too low: next nonce 5, tx nonce 3', 'nonce'],
    ['max fee per gas less than block base fee', 'feeCap'],
    ['insufficient funds for gas * price + value', 'insufficientFunds'],
    ['intrinsic gas too low', 'intrinsicGas'],
    ['max priority fee per gas higher than max fee per gas', 'tipAboveFeeCap'],
    ['execution reverted', 'executionReverted'],
    ['transaction type not valid', 'unsupportedType'],
  ] as const)(
    "when the node said '%s', then it is a TransactionRefusedError for %s with the wallet's code",
    (message, reason) => {
      const error = toSendError(refusal(message), 'fallback')
      expect(error).toBeInstanceOf(TransactionRefusedError)
      expect(error).toMatchObject({ reason, code: -32000 })
    },
  )

  it('when the wallet declined (4001), then it stays the wallet error with its code', () => {
    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(toSendError(declined, 'fallback')).toMatchObject({ code: 4001 })
    expect(toSendError(declined, 'fallback')).not.toBeInstanceOf(TransactionRefusedError)
  })
})
