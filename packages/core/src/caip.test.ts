import { describe, expect, it } from 'vitest'
import {
  defineCaipNetwork,
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaipIdError,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'

describe('given CAIP-2 chain ids', () => {
  it('when well formed, then they parse into namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').reference).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    expect(formatCaipNetworkId('eip155', 8453)).toBe('eip155:8453')
  })

  it('when malformed, then they are refused with InvalidCaipIdError', () => {
    for (const bad of [
      'eip155',
      'EIP155:1',
      'ab:1',
      'eip155:',
      'eip155:1:2',
      `eip155:${'1'.repeat(33)}`,
      7,
      null,
    ]) {
      expect(isCaipNetworkId(bad)).toBe(false)
      expect(() => parseCaipNetworkId(bad)).toThrow(InvalidCaipIdError)
    }
    expect(() => formatCaipNetworkId('eip155', 'a b')).toThrow('Invalid CAIP-2 id')
  })
})

describe('given CAIP-10 account ids', () => {
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

  it('when well formed, then they parse into network and address', () => {
    expect(parseCaipAddress(`eip155:1:${address}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      caipNetworkId: 'eip155:1',
      address,
    })
    expect(formatCaipAddress('eip155:1', address)).toBe(`eip155:1:${address}`)
  })

  it('when malformed, then they are refused', () => {
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipAddress('eip155:1:<img>')).toBe(false)
    expect(() => parseCaipAddress('eip155:1:')).toThrow('Invalid CAIP-10 id')
    expect(() => formatCaipAddress('eip155:1', 'a:b')).toThrow(InvalidCaipIdError)
  })
})

describe('given defineCaipNetwork', () => {
  const parameters = {
    id: 8453,
    chainNamespace: 'eip155',
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  } as const

  it('then the CAIP-2 id is derived from namespace and id', () => {
    expect(defineCaipNetwork(parameters)).toEqual({ ...parameters, caipNetworkId: 'eip155:8453' })
  })

  it('when a contradicting CAIP-2 id is given, then it is refused', () => {
    expect(() => defineCaipNetwork({ ...parameters, caipNetworkId: 'eip155:1' })).toThrow(InvalidCaipIdError)
  })
})
