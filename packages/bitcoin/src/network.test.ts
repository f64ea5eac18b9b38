import { ChainNotSupportedError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { bitcoinAdapter, bitcoinNetwork, formatSats, toWalletStandardChain } from './index.js'

describe('bitcoin networks', () => {
  it('names each chain by its genesis hash prefix (CAIP-2) and its Wallet Standard chain', () => {
    expect(bitcoinNetwork('mainnet').caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinNetwork('testnet').caipNetworkId).toBe('bip122:000000000933ea01ad0ee984209779ba')
    expect(bitcoinNetwork('regtest').caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(toWalletStandardChain(bitcoinNetwork('signet'))).toBe('bitcoin:signet')
    expect(bitcoinNetwork('mainnet').nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
    expect(bitcoinNetwork('testnet').testnet).toBe(true)
  })

  it('takes only http(s) API URLs, and the adapter only bip122 networks', () => {
    expect(bitcoinNetwork('regtest', { apiUrl: 'http://127.0.0.1:8565/' }).rpcUrls.default.http).toEqual([
      'http://127.0.0.1:8565',
    ])
    expect(() => bitcoinNetwork('mainnet', { apiUrl: 'javascript:alert(1)' })).toThrow(TypeError)
    const evm = {
      ...bitcoinNetwork('mainnet'),
      id: 1,
      caipNetworkId: 'eip155:1' as const,
      chainNamespace: 'eip155',
    }
    expect(() => bitcoinAdapter({ networks: [evm] })).toThrow(ChainNotSupportedError)
  })

  it('formats satoshis as whole bitcoin', () => {
    expect(formatSats(150_000_000n)).toBe('1.5')
    expect(formatSats(1n)).toBe('0.00000001')
    expect(formatSats(0n)).toBe('0')
  })
})
