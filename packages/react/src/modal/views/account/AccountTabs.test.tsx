import { createLatch, createMemoryStorage } from '@latch/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import AccountTabs from './AccountTabs.js'

const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const TOKEN = '0x1111111111111111111111111111111111111111'

// The wallet's side: EIP-7811 asset discovery answering what the test sets.
function setup(assets: unknown) {
  const adapter = testAdapter([mainnet], {
    getBalance: () => Promise.reject(new Error('rpc down')),
    request: async ({ method }: { method: string }) =>
      method === 'wallet_getCapabilities'
        ? { '0x1': { assetDiscovery: { supported: true } } }
        : { '0x1': assets },
  })
  const latch = createLatch({ networks: [mainnet], adapters: [adapter], storage: createMemoryStorage() })
  render(
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <AccountTabs latch={latch} namespace="eip155" address={ALICE} caipNetwork={mainnet} />
    </MessagesContext.Provider>,
  )
  return latch
}

const ether = {
  address: 'native',
  balance: '0x3635c9adc5dea00000', // 1 000 ETH
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 0, iconUrl: '' },
}
const ltt = {
  address: TOKEN,
  balance: '0x4994f9a0', // 1 234.5 LTT
  type: 'ERC20',
  metadata: { name: 'Latch Test Token', symbol: 'LTT', decimals: 6, price: 0, iconUrl: '' },
}

afterEach(cleanup)

describe('given the Account view of a connected account', () => {
  it('then Tokens lists each token en-US with two decimals, native first', async () => {
    setup([ltt, ether])
    await vi.waitFor(() => expect(screen.getByTestId('latch-tokens')).toBeTruthy())
    const rows = screen.getAllByTestId('latch-token-amount').map((row) => row.textContent)
    expect(rows).toEqual(['1,000.00 ETH', '1,234.50 LTT'])
    expect(screen.getByTestId('latch-token-LTT').textContent).toContain('Latch Test Token')
  })

  it('when a token name carries markup, then it shows as text', async () => {
    setup([{ ...ltt, metadata: { ...ltt.metadata, name: '<img src=x onerror=alert(1)>' } }])
    await vi.waitFor(() => expect(screen.getByTestId('latch-tokens')).toBeTruthy())
    expect(screen.getByTestId('latch-token-LTT').querySelector('img')).toBeNull()
    expect(screen.getByTestId('latch-token-LTT').textContent).toContain('<img src=x onerror=alert(1)>')
  })

  it('when the keyboard moves between tabs, then the tab is kept in currentTab and the panel follows', async () => {
    const latch = setup([ether])
    const tokens = screen.getByTestId('latch-account-tab-tokens')
    expect(tokens.getAttribute('aria-selected')).toBe('true')
    act(() => {
      fireEvent.keyDown(tokens, { key: 'ArrowRight' })
    })
    expect(latch.store.getState().namespaces.eip155?.account.currentTab).toBe(1)
    expect(screen.getByTestId('latch-account-tab-nfts').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByTestId('latch-account-tab-nfts'))
    expect(screen.getByTestId('latch-account-panel-nfts').textContent).toBe('No NFTs yet')
    act(() => {
      fireEvent.keyDown(screen.getByTestId('latch-account-tab-nfts'), { key: 'End' })
    })
    // The Activity list loads with import(); without a transactions service it is empty.
    await vi.waitFor(() =>
      expect(screen.getByTestId('latch-account-panel-activity').textContent).toBe('No activity yet'),
    )
    act(() => {
      fireEvent.keyDown(screen.getByTestId('latch-account-tab-activity'), { key: 'ArrowRight' })
    })
    expect(latch.store.getState().namespaces.eip155?.account.currentTab).toBe(0)
    const panel = screen.getByTestId('latch-account-panel-tokens')
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByTestId('latch-account-tab-tokens').id)
    // A panel that scrolls (a long list, a long language) is reached by the keyboard too.
    expect(panel.tabIndex).toBe(0)
  })

  it("when neither the wallet's list nor a balance service gives tokens, then 'Token Balance Unavailable'", async () => {
    // The wallet answers garbage, the app has no balance service and the chain read fails.
    setup([{ ...ltt, type: 'erc20' }])
    await vi.waitFor(() =>
      expect(screen.getByTestId('latch-tokens-unavailable').textContent).toBe('Token Balance Unavailable'),
    )
  })
})
