import { describe, expect, it } from 'vitest'
import { formatSiwsMessage, parseSiwsMessage, siwsCaip2, siwsChainId } from './siws.js'

const address = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'

describe('Sign-In With Solana messages', () => {
  it('given every field, then the text reads back to the same fields', () => {
    const fields = {
      domain: 'localhost:5173',
      address,
      statement: 'Sign in to the demo.',
      uri: 'http://localhost:5173',
      version: '1',
      chainId: 'devnet',
      nonce: 'abcDEF123456',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-02T00:00:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://example.com/a', 'ipfs://b'],
    }
    const text = formatSiwsMessage(fields)
    expect(
      text.startsWith(`localhost:5173 wants you to sign in with your Solana account:\n${address}\n\n`),
    ).toBe(true)
    expect(parseSiwsMessage(text)).toEqual(fields)
  })

  it('given no statement, or only the address, then the blocks are where the format puts them', () => {
    const bare = formatSiwsMessage({ domain: 'a.example', address })
    expect(bare).toBe(`a.example wants you to sign in with your Solana account:\n${address}`)
    expect(parseSiwsMessage(bare)).toEqual({ domain: 'a.example', address })
    const noStatement = formatSiwsMessage({ domain: 'a.example', address, nonce: 'abcdefgh12' })
    expect(noStatement).toBe(
      `a.example wants you to sign in with your Solana account:\n${address}\n\nNonce: abcdefgh12`,
    )
    expect(parseSiwsMessage(noStatement)).toEqual({ domain: 'a.example', address, nonce: 'abcdefgh12' })
  })

  it('given garbage, a field twice or out of order, a line break in a field, then nothing is read or written', () => {
    expect(parseSiwsMessage('hello')).toBeUndefined()
    expect(
      parseSiwsMessage(`a.example wants you to sign in with your Ethereum account:\n${address}`),
    ).toBeUndefined()
    expect(
      parseSiwsMessage(`a.example wants you to sign in with your Solana account:\n0xabc`),
    ).toBeUndefined()
    const head = `a.example wants you to sign in with your Solana account:\n${address}\n\n`
    expect(parseSiwsMessage(`${head}Nonce: abcdefgh12\nNonce: zzzzzzzz12`)).toBeUndefined()
    expect(parseSiwsMessage(`${head}Nonce: abcdefgh12\nURI: https://a.example`)).toBeUndefined()
    expect(() => formatSiwsMessage({ domain: 'a.example', address, statement: 'two\nlines' })).toThrow(
      'no line breaks',
    )
    expect(() => formatSiwsMessage({ domain: 'a.example', address: '0xabc' })).toThrow('not base58')
  })

  it('maps public clusters to their names and other chains to their reference, both ways', () => {
    expect(siwsChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('mainnet')
    expect(siwsChainId('solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN')).toBe('3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN')
    expect(siwsCaip2('testnet')).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    expect(siwsCaip2('3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN')).toBe('solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN')
    expect(() => siwsChainId('eip155:1')).toThrow()
  })
})
