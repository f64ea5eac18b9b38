import { describe, expect, it } from 'vitest'
import {
  maxSendAmount,
  parseAmount,
  parseRecipientInput,
  rawBalance,
  sendAmountProblem,
  tokenContract,
} from './send.js'
import type { TokenBalance } from './tokens.js'

const token = (numeric: string, decimals: number, address?: string): TokenBalance => ({
  name: 'T',
  symbol: 'T',
  chainId: 'eip155:1',
  ...(address ? { address } : {}),
  value: 0,
  price: 0,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: '',
})
const ltt = token('1234.5', 6, 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3')
const eth = token('1.5', 18)

describe('given an amount typed in the send form', () => {
  it('then it is read exactly in the smallest unit, with a point or a comma', () => {
    expect(parseAmount('12.5', 6)).toBe(12_500_000n)
    expect(parseAmount('0,000001', 6)).toBe(1n)
    expect(parseAmount('.5', 2)).toBe(50n)
    expect(parseAmount(' 3 ', 0)).toBe(3n)
    expect(parseAmount('1.10000000', 1)).toBe(11n)
    expect(parseAmount('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    )
  })
  it('then anything but digits and one decimal point is refused, and too many places too', () => {
    for (const bad of ['', '1e3', '-1', '1.2.3', 'abc', '0x10', '1 000', 'Infinity', '.'])
      expect(parseAmount(bad, 18)).toBe('amount-invalid')
    expect(parseAmount('0.0000001', 6)).toBe('amount-decimals')
    expect(parseAmount('1.5', 0)).toBe('amount-decimals')
  })
  it('then the problem says zero, too many places, or more than the balance', () => {
    expect(sendAmountProblem('0', ltt)).toBe('amount-zero')
    expect(sendAmountProblem('1.1234567', ltt)).toBe('amount-decimals')
    expect(sendAmountProblem('1234.5', ltt)).toBeUndefined()
    expect(sendAmountProblem('1234.500001', ltt)).toBe('insufficient')
    expect(sendAmountProblem('x', ltt)).toBe('amount-invalid')
  })
  it('then the native coin must also pay the fee, a token does not', () => {
    expect(sendAmountProblem('1.5', eth, 0n)).toBeUndefined()
    expect(sendAmountProblem('1.5', eth, 1n)).toBe('insufficient')
    expect(sendAmountProblem('1234.5', ltt, 10n ** 18n)).toBeUndefined()
  })
})

describe('given Max', () => {
  it('then a token sends its whole balance and the native coin keeps the fee', () => {
    expect(maxSendAmount(ltt, 123n)).toBe('1234.5')
    expect(maxSendAmount(eth, 21_000n * 10n ** 9n)).toBe('1.499979')
    expect(maxSendAmount(token('0.00001', 18), 10n ** 15n)).toBe('0')
  })
  it('then balances and contracts are read from the token list', () => {
    expect(rawBalance(ltt)).toBe(1_234_500_000n)
    expect(tokenContract(ltt)).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(tokenContract(eth)).toBeUndefined()
  })
})

describe('given a typed recipient', () => {
  const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const evm = {
    parseRecipient: (text: string) =>
      text.toLowerCase() === CHECKSUMMED.toLowerCase() ? CHECKSUMMED : undefined,
    resolveName: async () => null,
  }

  it('then an address of the chain is read in its canonical form, around white space', () => {
    expect(parseRecipientInput(` ${CHECKSUMMED.toLowerCase()} `, evm)).toEqual({
      kind: 'address',
      address: CHECKSUMMED,
    })
  })

  it('then labels joined by dots are a name to resolve, kept as typed but trimmed', () => {
    expect(parseRecipientInput(' alice.eth ', evm)).toEqual({ kind: 'name', name: 'alice.eth' })
    expect(parseRecipientInput('pay.Alice.eth', evm)).toEqual({ kind: 'name', name: 'pay.Alice.eth' })
    expect(parseRecipientInput('ℓatch.eth', evm)).toEqual({ kind: 'name', name: 'ℓatch.eth' })
  })

  it('then anything else is invalid: no dot, an empty label, white space inside, a wrong address', () => {
    for (const text of [
      'alice',
      'alice.',
      '.eth',
      'alice..eth',
      'al ice.eth',
      '',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c9',
    ])
      expect(parseRecipientInput(text, evm), text).toEqual({ kind: 'invalid' })
  })

  it('then an adapter that resolves no names takes addresses only', () => {
    expect(parseRecipientInput('alice.eth', { parseRecipient: evm.parseRecipient })).toEqual({
      kind: 'invalid',
    })
  })
})
