import { describe, expect, it } from 'vitest'
import { cosmosAdapter, cosmosHub, cosmosNetwork, cosmosTestChain, osmosis } from './index.js'
import { chainInfoOf } from './network.js'

const atom = { denom: 'uatom', symbol: 'ATOM', decimals: 6 }

describe('given the Cosmos networks', () => {
  it('then the Hub, Osmosis and the local chain are CAIP-2 networks with their prefixes', () => {
    expect(
      [cosmosHub(), osmosis(), cosmosTestChain()].map((n) => [n.caipNetworkId, n.cosmos.bech32Prefix]),
    ).toEqual([
      ['cosmos:cosmoshub-4', 'cosmos'],
      ['cosmos:osmosis-1', 'osmo'],
      ['cosmos:latch-local-1', 'cosmos'],
    ])
  })

  it('then only a network with both endpoints can be suggested to a wallet, with its prefixes', () => {
    expect(chainInfoOf(cosmosHub())).toBeUndefined()
    const info = chainInfoOf(cosmosTestChain()) as { chainId: string; bech32Config: Record<string, string> }
    expect(info.chainId).toBe('latch-local-1')
    expect(info.bech32Config.bech32PrefixValAddr).toBe('cosmosvaloper')
  })

  it('when a chain id, prefix, currency or URL is malformed, then it throws', () => {
    const base = { chainId: 'juno-1', name: 'Juno', bech32Prefix: 'juno', currency: atom }
    expect(() => cosmosNetwork({ ...base, chainId: 'juno 1' })).toThrow(/chain id/)
    expect(() => cosmosNetwork({ ...base, chainId: 'x'.repeat(33) })).toThrow(/chain id/)
    expect(() => cosmosNetwork({ ...base, bech32Prefix: 'Juno' })).toThrow(/prefix/)
    expect(() => cosmosNetwork({ ...base, currency: { ...atom, decimals: 40 } })).toThrow(/currency/)
    expect(() => cosmosNetwork({ ...base, rpcUrl: 'javascript:alert(1)' })).toThrow(/RPC URL/)
    expect(cosmosNetwork(base).caipNetworkId).toBe('cosmos:juno-1')
  })

  it('when the adapter gets no Cosmos network or a bad wallet entry, then it throws', () => {
    expect(() => cosmosAdapter({ networks: [] })).toThrow(/Cosmos networks/)
    expect(() => cosmosAdapter({ networks: [cosmosHub()], wallets: [{ global: 'a b', name: 'x' }] })).toThrow(
      /property path/,
    )
  })
})
