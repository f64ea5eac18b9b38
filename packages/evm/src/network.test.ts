import { base, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { toAddEthereumChainParameter, toCaipNetwork, toEvmChainId } from './network.js'

describe('given a viem chain', () => {
  it('when described for Latch, then it is eip155:<id> with its currency, RPC and explorer', () => {
    const network = toCaipNetwork(base)
    expect(network).toMatchObject({
      id: 8453,
      caipNetworkId: 'eip155:8453',
      chainNamespace: 'eip155',
      name: 'Base',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: base.rpcUrls.default.http } },
      blockExplorers: { default: { url: base.blockExplorers.default.url } },
    })
  })

  it('when the app gives its own RPC URL, then that URL is published instead', () => {
    expect(toCaipNetwork(mainnet, { rpcUrls: ['http://127.0.0.1:8545'] }).rpcUrls.default.http).toEqual([
      'http://127.0.0.1:8545',
    ])
  })

  it('when asked to add it to a wallet, then the EIP-3085 parameter carries name, currency, RPC and explorer', () => {
    expect(toAddEthereumChainParameter(toCaipNetwork(base, { rpcUrls: ['http://127.0.0.1:8546'] }))).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: base.nativeCurrency,
      rpcUrls: ['http://127.0.0.1:8546'],
      blockExplorerUrls: [base.blockExplorers.default.url],
    })
  })

  it('when the network is not eip155, then "Chain is not supported"', () => {
    const solana = {
      ...toCaipNetwork(mainnet),
      chainNamespace: 'solana',
      caipNetworkId: 'solana:abc',
      id: 'abc',
    } as const
    expect(() => toEvmChainId(solana)).toThrow(/Chain is not supported/)
  })
})
