import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_METHODS,
  CHAIN_METHODS,
  classifyMethod,
  DISALLOWED_METHODS,
  SAFE_METHODS,
  UNSAFE_METHODS,
} from './methods.js'

describe('given the frame’s method lists', () => {
  it('then no method is in two lists', () => {
    const all = [
      ...ACCOUNT_METHODS,
      ...SAFE_METHODS,
      ...UNSAFE_METHODS,
      ...CHAIN_METHODS,
      ...DISALLOWED_METHODS,
    ]
    expect(new Set(all).size).toBe(all.length)
  })

  it('then eth_sign and every raw-hash or pre-signed path are disallowed', () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'eth_sendRawTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v3',
    ])
      expect(classifyMethod(method), method).toBe('disallowed')
  })

  it('then a method on no list is disallowed, however it is spelled', () => {
    for (const method of [
      'ETH_SIGN',
      'eth_sign ',
      'personal_Sign',
      'anvil_setBalance',
      'debug_traceCall',
      '__proto__',
      'constructor',
    ])
      expect(classifyMethod(method), method).toBe('disallowed')
  })

  it('then the three signing methods need approval and the safe reads neither sign nor send', () => {
    expect(UNSAFE_METHODS.map(classifyMethod)).toEqual(['unsafe', 'unsafe', 'unsafe'])
    for (const method of SAFE_METHODS) {
      expect(method).not.toMatch(/sign|send|account|wallet_|personal_/i)
      expect(classifyMethod(method)).toBe('safe')
    }
    expect(classifyMethod('wallet_switchEthereumChain')).toBe('chain')
  })
})
