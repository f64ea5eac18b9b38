import { describe, expect, it } from 'vitest'
import {
  formatLamports,
  fromWalletStandardChain,
  PREFLIGHT_COMMITMENTS,
  parseSendOptions,
  solanaLocalnet,
  solanaNetwork,
  toWalletStandardChain,
  walletStandardConnectorId,
} from './index.js'
import { toWireSendOptions } from './options.js'

const rpcUrl = 'http://127.0.0.1:8899'

describe('Solana networks', () => {
  it('names the public clusters by genesis hash prefix and maps them to Wallet Standard chains and back', () => {
    const mainnet = solanaNetwork('mainnet', { rpcUrl })
    const devnet = solanaNetwork('devnet', { rpcUrl })
    const testnet = solanaNetwork('testnet', { rpcUrl })
    const local = solanaLocalnet({ genesisHash: '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuNA7gyDUudbaiP', rpcUrl })
    expect(mainnet.caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(devnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(testnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    expect(local).toMatchObject({
      caipNetworkId: 'solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN',
      name: 'Solana (local)',
      testnet: false,
    })
    expect(mainnet.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    expect([mainnet, devnet, testnet, local].map(toWalletStandardChain)).toEqual([
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
      'solana:localnet',
    ])
    const all = [mainnet, devnet, testnet, local]
    expect(fromWalletStandardChain('solana:devnet', all)).toBe(devnet)
    expect(fromWalletStandardChain('solana:localnet', all)).toBe(local)
    expect(fromWalletStandardChain('solana:mainnet', [local])).toBeUndefined()
  })

  it('refuses a malformed RPC URL or genesis hash; a network without an RPC URL has none of its own', () => {
    expect(solanaNetwork('mainnet').rpcUrls.default.http).toEqual([])
    expect(
      solanaLocalnet({ genesisHash: '3ByopDBLUk2VLcuESmRyiAGvwkCRPUuNA7gyDUudbaiP' }).rpcUrls.default.http,
    ).toEqual([])
    expect(() => solanaNetwork('mainnet', { rpcUrl: '' })).toThrow(/RPC URL must be http or https/)
    expect(() => solanaNetwork('mainnet', { rpcUrl: 'javascript:alert(1)' })).toThrow(/RPC URL/)
    expect(() => solanaLocalnet({ genesisHash: 'not base58 0OIl', rpcUrl })).toThrow(/genesis hash/)
  })

  it('formats lamports with 9 decimals', () => {
    expect(formatLamports(1_500_000_000n, 9)).toBe('1.5')
    expect(formatLamports(1n, 9)).toBe('0.000000001')
    expect(formatLamports(0n, 9)).toBe('0')
    expect(formatLamports(1_000_000_000_000n, 9)).toBe('1000')
  })

  it('derives storable connector ids from wallet names', () => {
    expect(walletStandardConnectorId('Latch Dev Wallet')).toBe('ws:latch-dev-wallet')
    expect(walletStandardConnectorId('  Phantom ')).toBe('ws:phantom')
    expect(walletStandardConnectorId('<img src=x>')).toBe('ws:img-src-x')
  })
})

describe('sign-and-send options (spec §5)', () => {
  it('accepts every allowed value and sends deprecated commitments by their current names', () => {
    for (const preflightCommitment of PREFLIGHT_COMMITMENTS)
      expect(parseSendOptions({ preflightCommitment })).toEqual({ preflightCommitment })
    expect(parseSendOptions({ skipPreflight: true, maxRetries: 0, minContextSlot: 12 })).toEqual({
      skipPreflight: true,
      maxRetries: 0,
      minContextSlot: 12,
    })
    expect(parseSendOptions(undefined)).toEqual({})
    expect(toWireSendOptions({ preflightCommitment: 'recent' })).toEqual({ preflightCommitment: 'processed' })
    expect(toWireSendOptions({ preflightCommitment: 'singleGossip' })).toEqual({
      preflightCommitment: 'confirmed',
    })
    expect(toWireSendOptions({ preflightCommitment: 'max' })).toEqual({ preflightCommitment: 'finalized' })
  })

  it('rejects values outside them with a clear reason', () => {
    expect(() => parseSendOptions({ preflightCommitment: 'soon' })).toThrow(
      /preflightCommitment must be one of/,
    )
    expect(() => parseSendOptions({ maxRetries: -1 })).toThrow(/maxRetries must be a non-negative integer/)
    expect(() => parseSendOptions({ minContextSlot: 2 ** 60 })).toThrow(/minContextSlot/)
    expect(() => parseSendOptions({ skipPreflight: 1 })).toThrow(/skipPreflight/)
    expect(() => parseSendOptions({ commitment: 'max' })).toThrow(/Unknown Solana send option "commitment"/)
    expect(() => parseSendOptions('fast')).toThrow(/must be an object/)
  })
})
