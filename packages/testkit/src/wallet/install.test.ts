import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installTestWallet } from './install.js'
import { createMemoryStorage } from './storage.js'

const options = {
  privateKeys: [`0x${'22'.repeat(32)}` as const],
  chains: [
    {
      id: 1,
      name: 'Ethereum',
      rpcUrl: 'http://127.0.0.1:1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
  initialChainId: 1,
  storage: createMemoryStorage(),
}

let page: EventTarget & { __latchTestWallet?: unknown }
let announced: number

beforeEach(() => {
  vi.useFakeTimers()
  page = new EventTarget()
  announced = 0
  page.addEventListener('eip6963:announceProvider', () => announced++)
  vi.stubGlobal('window', page)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('given the test wallet installed in a page', () => {
  it('when no announce option is set, then it announces at once', () => {
    installTestWallet(options)
    expect(announced).toBe(1)
  })

  it('when announceDelayMs is 1500, then it announces only after 1.5 s and ignores earlier requests', () => {
    installTestWallet({ ...options, announceDelayMs: 1500 })
    page.dispatchEvent(new Event('eip6963:requestProvider'))
    vi.advanceTimersByTime(1499)
    expect(announced).toBe(0)
    expect(page.__latchTestWallet).toBeDefined()
    vi.advanceTimersByTime(1)
    expect(announced).toBe(1)
    page.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toBe(2)
  })

  it('when neverAnnounce is set, then requests go unanswered but the controls are installed', () => {
    installTestWallet({ ...options, neverAnnounce: true })
    page.dispatchEvent(new Event('eip6963:requestProvider'))
    vi.advanceTimersByTime(60_000)
    expect(announced).toBe(0)
    expect(page.__latchTestWallet).toMatchObject({ requests: expect.any(Function) })
  })

  it('when announceDelayMs is negative, then installing fails with a clear message', () => {
    expect(() => installTestWallet({ ...options, announceDelayMs: -1 })).toThrow(/announceDelayMs/)
    expect(announced).toBe(0)
  })
})
