import { describe, expect, it } from 'vitest'
import { keccak256 } from './keccak.js'
import {
  isAddress,
  isSignedMessage,
  isTransactionHash,
  sendCallsSchema,
  socialProviderSchema,
  themeModeSchema,
  toChecksumAddress,
} from './validators.js'

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

describe('given keccak256', () => {
  it('then it matches the published digests, across a block boundary too', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    )
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    )
    expect(hex(keccak256(new TextEncoder().encode('a'.repeat(200))))).toBe(
      '96ea54061def936c4be90b518992fdc6f12f535068a256229aca54267b4d084d',
    )
  })
})

describe('given an address (spec §5: 20-byte hex matching its checksum)', () => {
  // Test vectors published with EIP-55.
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ]

  it('when it is mixed-case and matches its checksum, then it is valid', () => {
    for (const address of checksummed) {
      expect(isAddress(address)).toBe(true)
      expect(toChecksumAddress(address.toLowerCase())).toBe(address)
    }
  })

  it('when one letter has the wrong case, then it is rejected', () => {
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false)
  })

  it('when it is all lower or all upper case, then it carries no checksum and is accepted', () => {
    expect(isAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
    expect(isAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true)
  })

  it('when it has the wrong length, prefix or characters, then it is rejected', () => {
    for (const bad of [
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea',
      '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00',
      '0xZZ',
      42,
    ]) {
      expect(isAddress(bad)).toBe(false)
    }
  })

  it('when a checksum checker is injected, then it decides mixed-case addresses', () => {
    expect(isAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', { isChecksumAddress: () => true })).toBe(
      true,
    )
  })
})

describe('given transaction hashes and signatures', () => {
  it('then a transaction hash is 0x plus 64 hex characters', () => {
    expect(isTransactionHash(`0x${'ab'.repeat(32)}`)).toBe(true)
    expect(isTransactionHash(`0x${'ab'.repeat(31)}`)).toBe(false)
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
  })

  it('then a signed message is 0x plus at least 62 hex characters', () => {
    expect(isSignedMessage(`0x${'1'.repeat(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${'1'.repeat(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${'1'.repeat(61)}`)).toBe(false)
  })
})

describe('given other §5 validators', () => {
  it('then the social provider is one of google, github, apple, facebook, x, discord', () => {
    for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
      expect(socialProviderSchema.safeParse(provider).success).toBe(true)
    }
    expect(socialProviderSchema.safeParse('myspace').success).toBe(false)
  })

  it('then the theme mode is light or dark', () => {
    expect(themeModeSchema.parse('dark')).toBe('dark')
    expect(themeModeSchema.safeParse('system').success).toBe(false)
  })

  it("then wallet_sendCalls calls need a 'to' starting with 0x, optional 0x data and optional value", () => {
    expect(sendCallsSchema.safeParse([{ to: '0xabc', data: '0x', value: 1n }]).success).toBe(true)
    expect(sendCallsSchema.safeParse([{ to: '0xabc', value: '0x10' }]).success).toBe(true)
    expect(sendCallsSchema.safeParse([{ to: 'abc' }])).toEqual({
      success: false,
      issues: [{ path: [0, 'to'], message: "Must start with '0x'" }],
    })
    expect(sendCallsSchema.safeParse([{ to: '0x1', data: 'ff' }]).success).toBe(false)
    expect(sendCallsSchema.safeParse([{ data: '0x' }]).success).toBe(false)
  })
})
