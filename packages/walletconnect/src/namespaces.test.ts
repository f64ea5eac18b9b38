import type { CaipNetwork } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { buildOptionalNamespaces, parseCaip10 } from './namespaces.js'

const network = (namespace: string, id: number | string, rpc?: string): CaipNetwork => ({
  id,
  caipNetworkId: `${namespace}:${id}`,
  chainNamespace: namespace,
  name: `${namespace} ${id}`,
  nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
  rpcUrls: { default: { http: rpc ? [rpc] : [] } },
})

describe('optional namespaces from the app networks', () => {
  const networks = [
    network('eip155', 1, 'http://127.0.0.1:8545'),
    network('eip155', 8453, 'http://127.0.0.1:8546'),
    network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'https://sol.example'),
    network('near', 'mainnet', 'https://near.example'),
  ]
  it('given eip155 networks, then one eip155 namespace lists every chain with the app RPC per chain id', () => {
    const { eip155 } = buildOptionalNamespaces(networks)
    expect(eip155?.chains).toEqual(['eip155:1', 'eip155:8453'])
    expect(eip155?.rpcMap).toEqual({ 1: 'http://127.0.0.1:8545', 8453: 'http://127.0.0.1:8546' })
    expect(eip155?.methods).toContain('personal_sign')
    // EIP-5792: a wallet that has batches approves them and sends the kit's batches itself.
    expect(eip155?.methods).toEqual(
      expect.arrayContaining([
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_getCapabilities',
        'wallet_showCallsStatus',
      ]),
    )
    expect(eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
  })
  it('given solana and an unknown namespace, then each gets its own namespace (generic fallback: no methods)', () => {
    const result = buildOptionalNamespaces(networks)
    expect(result.solana?.methods).toContain('solana_signMessage')
    expect(result.near).toEqual({
      chains: ['near:mainnet'],
      methods: [],
      events: [],
      rpcMap: { 'near:mainnet': 'https://near.example' },
    })
  })
  it('given a custom rpcMap, then it wins over the network RPC', () => {
    const { eip155 } = buildOptionalNamespaces(networks, { 'eip155:1': 'https://rpc.example' })
    expect(eip155?.rpcMap[1]).toBe('https://rpc.example')
  })
  it("given a network without an RPC URL, then the project's endpoint on the app's server is its RPC, else it has none", () => {
    const devnet = network('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    const endpoint = (id: string) =>
      `https://api.example.com/v1/?chainId=${encodeURIComponent(id)}&projectId=p1`
    expect(buildOptionalNamespaces([devnet], {}, endpoint).solana?.rpcMap).toEqual({
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1':
        'https://api.example.com/v1/?chainId=solana%3AEtWTRABZaYq6iMfeYKouRu166VU2xqa1&projectId=p1',
    })
    expect(buildOptionalNamespaces([devnet], {}, () => undefined).solana?.rpcMap).toEqual({})
    // The app's own URL still wins.
    expect(buildOptionalNamespaces(networks, {}, endpoint).eip155?.rpcMap[1]).toBe('http://127.0.0.1:8545')
  })
})

describe('CAIP-10 accounts', () => {
  it('given a session account, then chain and address are read; garbage gives nothing', () => {
    expect(parseCaip10('eip155:1:0xabc')).toEqual({ chain: 'eip155:1', address: '0xabc' })
    expect(parseCaip10('eip155:1')).toBeUndefined()
    expect(parseCaip10(42)).toBeUndefined()
  })
})
