import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLatch, createMemoryStorage } from '@latch/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { messages as de } from '../../../i18n/locales/de.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import { TokensTab } from './TokensTab.js'

const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const TOKEN = '0x1111111111111111111111111111111111111111'

// The app's server over real HTTP: balances and prices as the test sets them.
let server: Server
let apiUrl: string
let prices: { address?: string; price: number }[]
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const body =
      path === '/account/v1/balances'
        ? {
            balances: [
              {
                name: 'Ether',
                symbol: 'ETH',
                chainId: 'eip155:1',
                value: 0,
                price: 0,
                quantity: { decimals: '18', numeric: '2.5' },
                iconUrl: '',
              },
              {
                name: 'Latch Test Token',
                symbol: 'LTT',
                chainId: 'eip155:1',
                address: `eip155:1:${TOKEN}`,
                value: 0,
                price: 0,
                quantity: { decimals: '6', numeric: '1234.5' },
                iconUrl: '',
              },
            ],
          }
        : { currency: 'USD', prices }
    res
      .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      .end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server?.close())
afterEach(cleanup)

function setup(locale: 'en' | 'de') {
  const adapter = testAdapter([mainnet])
  const latch = createLatch({
    networks: [mainnet],
    adapters: [adapter],
    storage: createMemoryStorage(),
    apiUrl,
    projectId: 'p1',
  })
  render(
    <MessagesContext.Provider value={{ locale, dir: 'ltr', messages: locale === 'en' ? en : de }}>
      <TokensTab latch={latch} namespace="eip155" address={ALICE} caipNetwork={mainnet} />
    </MessagesContext.Provider>,
  )
}

describe('given the Tokens tab and the price service of the app server', () => {
  it('when prices are known, then each balance shows its fiat value and the total, formatted for the locale', async () => {
    prices = [{ price: 2500 }, { address: `eip155:1:${TOKEN}`, price: 1 }]
    setup('en')
    await vi.waitFor(() => expect(screen.getByTestId('latch-tokens-total')).toBeTruthy())
    expect(screen.getAllByTestId('latch-token-value').map((e) => e.textContent)).toEqual([
      '$6,250.00',
      '$1,234.50',
    ])
    expect(screen.getByTestId('latch-tokens-total').textContent).toBe('Total value: $7,484.50')
    cleanup()
    setup('de')
    await vi.waitFor(() => expect(screen.getByTestId('latch-tokens-total')).toBeTruthy())
    const money = new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' })
    expect(screen.getAllByTestId('latch-token-value').map((e) => e.textContent)).toEqual([
      money.format(6250),
      money.format(1234.5),
    ])
    expect(screen.getByTestId('latch-tokens-total').textContent).toBe(`Gesamtwert: ${money.format(7484.5)}`)
  })

  it('when the server has no prices, then amounts show and no fiat value or total does', async () => {
    prices = []
    setup('en')
    await vi.waitFor(() => expect(screen.getAllByTestId('latch-token-amount')).toHaveLength(2))
    // The price answer has come (and had nothing) by the time a second render settles.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByTestId('latch-token-value')).toBeNull()
    expect(screen.queryByTestId('latch-tokens-total')).toBeNull()
  })
})
