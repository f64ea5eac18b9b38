import { describe, expect, it } from 'vitest'
import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
} from './decode.js'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const token = '0x6B175474E89094C44Da98b954EedeAC495271d0F'

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
  it('then the request is read, and its EIP712Domain type left to the signer (which derives it from the domain)', () => {
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
  })

  it('then malformed typed data is refused with a clear error', () => {
    expect(() => decodeTypedDataRequest([owner, '{not json'])).toThrow('Invalid typed data')
    expect(() => decodeTypedDataRequest([owner, { types: {}, primaryType: 'X', message: {} }])).toThrow(
      'Invalid typed data',
    )
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
})
