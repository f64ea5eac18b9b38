import { describe, expect, it } from 'vitest'
import { BaseError } from './base.js'
import { TransactionRefusedError } from './chainTransaction.js'
import { CallsError, InternalRpcError, JsonRpcVersionUnsupportedError, ParseRpcError } from './jsonRpc.js'
import { SwitchNetworkNotFoundError } from './network.js'
import {
  InvalidMethodError,
  LibraryUserRejectedError,
  UnknownWalletError,
  UnrecognizedChainError,
  UnsupportedChainsError,
  UserDisconnectedError,
  UserRejectedRequestError,
  WalletRpcError,
} from './rpc.js'
import { findErrorCodes, isUserRejection, toWalletError } from './toWalletError.js'

describe('given a raw error from a wallet', () => {
  it.each([
    [4001, 'UserRejectedRequestError'],
    [4100, 'UnauthorizedProviderError'],
    [4200, 'UnsupportedProviderMethodError'],
    [4900, 'ProviderDisconnectedError'],
    [4901, 'ChainDisconnectedError'],
    [4902, 'UnrecognizedChainError'],
    [1001, 'InvalidMethodError'],
    [5000, 'LibraryUserRejectedError'],
    [5100, 'UnsupportedChainsError'],
    [6000, 'UserDisconnectedError'],
    [-32700, 'ParseRpcError'],
    [-32600, 'InvalidRequestRpcError'],
    [-32601, 'MethodNotFoundRpcError'],
    [-32602, 'InvalidParamsRpcError'],
    [-32603, 'InternalRpcError'],
    [-32000, 'InvalidInputRpcError'],
    [-32001, 'ResourceNotFoundRpcError'],
    [-32002, 'ResourceUnavailableRpcError'],
    [-32003, 'TransactionRejectedRpcError'],
    [-32004, 'MethodNotSupportedRpcError'],
    [-32005, 'LimitExceededRpcError'],
    [-32006, 'JsonRpcVersionUnsupportedError'],
    [5700, 'CallsError'],
    [5760, 'CallsError'],
  ])('when it carries code %i, then it becomes %s with that code and keeps the raw error', (code, name) => {
    const raw = { code, message: 'wallet said no' }
    const error = toWalletError(raw)
    expect(error.name).toBe(name)
    expect(error).toBeInstanceOf(WalletRpcError)
    expect((error as WalletRpcError).code).toBe(code)
    expect(error.cause).toBe(raw)
  })

  it('then every class exposes its code statically', () => {
    expect([
      UserRejectedRequestError.code,
      UnrecognizedChainError.code,
      LibraryUserRejectedError.code,
      UnsupportedChainsError.code,
      UserDisconnectedError.code,
      InvalidMethodError.code,
      ParseRpcError.code,
      InternalRpcError.code,
      JsonRpcVersionUnsupportedError.code,
    ]).toEqual([4001, 4902, 5000, 5100, 6000, 1001, -32700, -32603, -32006])
    expect(CallsError.codes).toEqual([5700, 5710, 5720, 5730, 5740, 5750, 5760])
  })

  it('when the code is nested in cause, then the nested code is used', () => {
    const raw = new Error('wrapped', { cause: { code: 4902 } })
    expect(toWalletError(raw)).toBeInstanceOf(UnrecognizedChainError)
  })

  it('when a generic -32603 wraps data.originalError with 4902, then the wallet code wins', () => {
    const raw = { code: -32603, message: 'Internal', data: { originalError: { code: 4902 } } }
    expect(findErrorCodes(raw)).toEqual([-32603, 4902])
    expect(toWalletError(raw)).toBeInstanceOf(UnrecognizedChainError)
  })

  it('when the code is unknown, then an UnknownWalletError keeps the raw message and code', () => {
    const error = toWalletError({ code: 12345, message: 'Exotic failure' })
    expect(error).toBeInstanceOf(UnknownWalletError)
    expect(error.shortMessage).toBe('Exotic failure')
    expect((error as UnknownWalletError).code).toBe(12345)
  })

  it('when the wallet throws garbage, then the result is still an UnknownWalletError', () => {
    expect(toWalletError(undefined)).toBeInstanceOf(UnknownWalletError)
    expect(toWalletError('nope').shortMessage).toBe('nope')
    expect(toWalletError({ code: 'ACTION_REJECTED' })).toBeInstanceOf(UnknownWalletError)
  })

  it('when it is already a kit error, then it is returned as it is', () => {
    const ours = new SwitchNetworkNotFoundError()
    expect(toWalletError(ours)).toBe(ours)
    const rpc = new UserRejectedRequestError()
    expect(toWalletError(rpc)).toBe(rpc)
  })
})

describe('given a transaction the chain refused (spec §8)', () => {
  it('when an adapter raised TransactionRefusedError, then it passes unchanged with its reason and code', () => {
    const refused = new TransactionRefusedError({ reason: 'nonce', code: -32000, cause: { code: -32000 } })
    expect(toWalletError(refused)).toBe(refused)
    expect(refused).toMatchObject({ reason: 'nonce', code: -32000 })
    expect(refused).toBeInstanceOf(WalletRpcError)
  })
})

describe('given a rejected request', () => {
  it('when the wallet answers 4001 or 5000, then it is recognised as a user rejection', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection({ code: 5000 })).toBe(true)
    expect(isUserRejection(toWalletError({ code: 4001 }))).toBe(true)
    expect(isUserRejection(new BaseError('outer', { cause: { code: 4001 } }))).toBe(true)
  })

  it('when the wallet answers another code, then it is not a user rejection', () => {
    expect(isUserRejection({ code: 4902 })).toBe(false)
    expect(isUserRejection(new Error('User rejected'))).toBe(false)
    expect(isUserRejection(null)).toBe(false)
  })
})
