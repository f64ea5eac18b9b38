import { describe, expect, it } from 'vitest'
import {
  DecodeError,
  decodeCalldata,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
  summarizeTypedData,
} from './decode.js'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const token = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

describe('given a personal_sign request', () => {
  it('then UTF-8 text is shown as text, and bytes that are not text as hex', () => {
    expect(decodePersonalSign(['0x48656c6c6f', owner]).text).toBe('Hello')
    expect(decodePersonalSign(['Hello', owner])).toMatchObject({ message: '0x48656c6c6f', text: 'Hello' })
    expect(decodePersonalSign(['0xff00ee', owner]).text).toBeUndefined()
    expect(decodePersonalSign(['0x0001', owner]).text).toBeUndefined()
  })
  it('then a missing address or message is refused', () => {
    expect(() => decodePersonalSign(['0x00', 'nope'])).toThrow(DecodeError)
    expect(() => decodePersonalSign([42, owner])).toThrow(DecodeError)
  })
})

describe('given typed data', () => {
  it('then an EIP-2612 Permit shows its spender, amount, deadline and token', () => {
    const request = decodeTypedDataRequest([
      owner,
      JSON.stringify({
        domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: token },
        types: {
          EIP712Domain: [{ name: 'name', type: 'string' }],
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'nonce', type: 'uint256' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: {
          owner,
          spender: spender.toLowerCase(),
          value: '1234500000000000000',
          nonce: 0,
          deadline: 4102444800,
        },
      }),
    ])
    expect(request.typedData.types.EIP712Domain).toBeUndefined()
    expect(summarizeTypedData(request.typedData)).toEqual({
      domainName: 'Dai Stablecoin',
      verifyingContract: token,
      domainChainId: 1n,
      primaryType: 'Permit',
      permit: {
        kind: 'EIP-2612',
        spender,
        amounts: [{ token, amount: 1234500000000000000n }],
        deadline: 4102444800n,
      },
    })
  })

  it('then a Permit2 PermitSingle and a PermitBatchTransferFrom show spender, each token amount and the deadline', () => {
    const single = summarizeTypedData({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      types: { PermitSingle: [] },
      primaryType: 'PermitSingle',
      message: {
        details: {
          token,
          amount: '1461501637330902918203684832716283019655932542975',
          expiration: 0,
          nonce: 0,
        },
        spender,
        sigDeadline: '1700000000',
      },
    })
    expect(single.permit).toEqual({
      kind: 'Permit2',
      spender,
      amounts: [{ token, amount: 2n ** 160n - 1n }],
      deadline: 1700000000n,
    })
    const batch = summarizeTypedData({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      types: { PermitBatchTransferFrom: [] },
      primaryType: 'PermitBatchTransferFrom',
      message: {
        permitted: [
          { token, amount: 5 },
          { token: owner, amount: '0x10' },
        ],
        spender,
        nonce: 1,
        deadline: 99,
      },
    })
    expect(batch.permit?.amounts).toEqual([
      { token, amount: 5n },
      { token: owner, amount: 16n },
    ])
    expect(batch.permit?.deadline).toBe(99n)
  })

  it('then malformed typed data is refused with a clear error', () => {
    expect(() => decodeTypedDataRequest([owner, '{not json'])).toThrow('Invalid typed data')
    expect(() => decodeTypedDataRequest([owner, { types: {}, primaryType: 'X', message: {} }])).toThrow(
      'Invalid typed data',
    )
    expect(() =>
      summarizeTypedData({
        domain: {},
        types: { Permit: [] },
        primaryType: 'Permit',
        message: { spender: 'x', value: 1 },
      }),
    ).toThrow('Invalid spender')
  })
})

describe('given a transaction', () => {
  it('then recipient, value, data and the fields given are decoded', () => {
    const tx = decodeTransactionRequest([
      { from: owner, to: spender.toLowerCase(), value: '0x2386f26fc10000', data: '0xa9059cbb' },
    ])
    expect(tx).toMatchObject({
      from: owner,
      to: spender,
      value: 10_000_000_000_000_000n,
      data: '0xa9059cbb',
      nonce: undefined,
    })
  })
  it('then odd calldata, a bad recipient or a negative value are refused', () => {
    expect(() => decodeTransactionRequest([{ from: owner, data: '0xabc' }])).toThrow(DecodeError)
    expect(() => decodeTransactionRequest([{ from: owner, to: '0x1234' }])).toThrow('Invalid recipient')
    expect(() => decodeTransactionRequest([{ from: owner, value: -1 }])).toThrow('Invalid value')
  })
  it('then an ERC-20 transfer’s selector, recipient and amount are decoded; unknown calldata shows its selector', () => {
    const data =
      `0xa9059cbb${spender.slice(2).toLowerCase().padStart(64, '0')}${255n.toString(16).padStart(64, '0')}` as const
    expect(decodeCalldata(data)).toEqual({
      selector: '0xa9059cbb',
      signature: 'transfer(address,uint256)',
      target: spender,
      amount: 255n,
    })
    expect(decodeCalldata('0xdeadbeef00')).toEqual({ selector: '0xdeadbeef', signature: undefined })
    expect(decodeCalldata(undefined)).toBeUndefined()
  })
})
