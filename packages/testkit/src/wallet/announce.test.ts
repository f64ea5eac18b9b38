import { describe, expect, it } from 'vitest'
import { announceWallet } from './announce.js'
import { createTestWallet } from './createTestWallet.js'
import { DEV_WALLET_ICON } from './icon.js'
import { createMemoryStorage } from './storage.js'

const KEY = `0x${'11'.repeat(32)}` as const

describe('given a test wallet announced per EIP-6963', () => {
  it('when announced, then it dispatches a frozen detail once now and again on every request', () => {
    const target = new EventTarget()
    const { provider, info } = createTestWallet({
      privateKeys: [KEY],
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
    })
    const details: unknown[] = []
    target.addEventListener('eip6963:announceProvider', (event) =>
      details.push((event as CustomEvent).detail),
    )
    const stop = announceWallet(provider, info, target)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    const detail = details[0] as { info: Record<string, string>; provider: unknown }
    expect(detail.info).toMatchObject({
      name: 'Latch Dev Wallet',
      rdns: 'dev.latch.wallet',
      icon: DEV_WALLET_ICON,
    })
    expect(detail.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(detail.provider).toBe(provider)
    expect(Object.isFrozen(detail) && Object.isFrozen(detail.info)).toBe(true)
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
  })

  it('when the icon is not a data or https URI, then announcing is refused', () => {
    const provider = { request: async () => null, on: () => null, removeListener: () => null }
    expect(() =>
      announceWallet(provider, { name: 'x', rdns: 'x.y', icon: 'javascript:alert(1)' }, new EventTarget()),
    ).toThrow(/data:image/)
  })
})
