import { ChainNotSupportedError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { polkadotAdapter, polkadotChainOf, polkadotNetwork } from './index.js'

describe('polkadot networks', () => {
  it('names each relay chain by its genesis hash prefix (CAIP-2), with its SS58 prefix', () => {
    expect(polkadotNetwork('polkadot').caipNetworkId).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182')
    expect(polkadotNetwork('kusama').caipNetworkId).toBe('polkadot:b0a8d493285c2df73290dfb7e61f870f')
    expect(polkadotNetwork('westend').caipNetworkId).toBe('polkadot:e143f23803ac50e8f6f8e62695d1ce9e')
    expect(polkadotChainOf(polkadotNetwork('polkadot')).ss58Prefix).toBe(0)
    expect(polkadotChainOf(polkadotNetwork('kusama')).ss58Prefix).toBe(2)
    expect(polkadotChainOf(polkadotNetwork('westend')).ss58Prefix).toBe(42)
    expect(polkadotNetwork('polkadot').nativeCurrency).toEqual({
      name: 'Polkadot',
      symbol: 'DOT',
      decimals: 10,
    })
    expect(polkadotNetwork('westend').testnet).toBe(true)
  })

  it('takes only ws(s) or http(s) RPC URLs, known chains, and the adapter only polkadot networks', () => {
    expect(polkadotNetwork('westend', { rpcUrl: 'wss://westend.example' }).rpcUrls.default.http).toEqual([
      'wss://westend.example',
    ])
    expect(() => polkadotNetwork('polkadot', { rpcUrl: 'javascript:alert(1)' })).toThrow(TypeError)
    expect(() => polkadotNetwork('rococo' as 'polkadot')).toThrow(TypeError)
    const evm = {
      ...polkadotNetwork('polkadot'),
      id: 1,
      caipNetworkId: 'eip155:1' as const,
      chainNamespace: 'eip155',
    }
    expect(() => polkadotAdapter({ networks: [evm] })).toThrow(ChainNotSupportedError)
  })
})
