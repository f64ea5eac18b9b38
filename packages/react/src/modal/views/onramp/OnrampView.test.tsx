import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import type { OnrampOptions } from '@latch/core/internal'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import OnrampView, { OnrampForm } from './OnrampView.js'

const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const options: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: 'eip155:1', contract_address: '' }],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
}
const quote = (provider: string, amount: string) => ({
  provider,
  purchaseAmount: { amount, currency: 'ETH' },
  paymentAmount: { amount: '127.00', currency: 'USD' },
  fees: { provider: '1.91', network: '0.50' },
})

function setup(answer: (url: URL, init?: RequestInit) => Response) {
  const asked: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input)
      asked.push(url)
      return answer(url, init)
    }),
  )
  const latch = createLatch({
    networks: [mainnet],
    adapters: [testAdapter([mainnet])],
    storage: createMemoryStorage(),
    apiUrl: 'http://api.test',
    projectId: 'p-1',
  })
  const wrap = (node: React.ReactNode) => (
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      {node}
    </MessagesContext.Provider>
  )
  const form = (params?: { amount?: string }) =>
    wrap(<OnrampForm latch={latch} address={BUYER} caipNetwork={mainnet} params={params} options={options} />)
  return { asked, form, wrap, latch }
}

const type = (value: string) =>
  fireEvent.change(screen.getByTestId('latch-onramp-amount'), { target: { value } })
const quotesAsked = (asked: URL[]) => asked.filter((u) => u.pathname === '/onramp/v1/quotes')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('given the Buy form', () => {
  it('when the amount is under the card minimum, over its maximum or not an amount, then it says so and asks no quote', async () => {
    const { asked, form } = setup(() => Response.json({ quotes: [], errors: [] }))
    render(form())
    expect(screen.getByTestId('latch-onramp-limits').textContent).toBe('From 10.00 USD to 7500.00 USD')
    type('9.99')
    expect(screen.getByTestId('latch-onramp-amount-error').textContent).toBe('The minimum is 10.00 USD')
    type('7500.01')
    expect(screen.getByTestId('latch-onramp-amount-error').textContent).toBe('The maximum is 7500.00 USD')
    type('12.345')
    expect(screen.getByTestId('latch-onramp-amount-error').textContent).toBe(
      'Enter an amount with at most two decimals',
    )
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(quotesAsked(asked)).toEqual([])
    expect((screen.getByTestId('latch-onramp-continue') as HTMLButtonElement).disabled).toBe(true)
  })

  it('when the bank method is chosen, then its own limit applies', () => {
    const { form } = setup(() => Response.json({ quotes: [], errors: [] }))
    render(form())
    fireEvent.change(screen.getByTestId('latch-onramp-method'), { target: { value: 'ach_bank_account' } })
    type('20000')
    expect(screen.queryByTestId('latch-onramp-amount-error')).toBeNull()
    expect(screen.getByTestId('latch-onramp-limits').textContent).toBe('From 10.00 USD to 25000.00 USD')
  })

  it('when quotes come back, then the best is shown first with its fees and a failing provider beside it', async () => {
    const { asked, form } = setup(() =>
      Response.json({
        quotes: [quote('meld', '0.0490'), quote('dev-onramp', '0.049836')],
        errors: [
          { provider: 'coinbase', error: 'provider_unavailable', message: 'The provider is unavailable' },
        ],
      }),
    )
    render(form({ amount: '127' }))
    const shown = await screen.findAllByTestId('latch-onramp-quote')
    expect(shown.map((q) => q.dataset.provider)).toEqual(['dev-onramp', 'meld'])
    expect(screen.getAllByTestId('latch-onramp-receive')[0]!.textContent).toBe('0.049836 ETH')
    expect(screen.getAllByTestId('latch-onramp-provider-fee')[0]!.textContent).toBe('1.91 USD')
    expect(screen.getAllByTestId('latch-onramp-network-fee')[0]!.textContent).toBe('0.50 USD')
    expect(screen.getByTestId('latch-onramp-provider-error').textContent).toBe(
      'Coinbase: The provider is unavailable',
    )
    expect(Object.fromEntries(quotesAsked(asked)[0]!.searchParams)).toMatchObject({
      projectId: 'p-1',
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      amount: '127',
      network: 'eip155:1',
    })
    expect((screen.getByTestId('latch-onramp-continue') as HTMLButtonElement).disabled).toBe(false)
  })

  it('when the quote fails, then the server’s message is shown as text and Continue stays off', async () => {
    const message = '<b>The minimum is 10.00 USD</b>'
    const { form } = setup(() => Response.json({ error: 'amount_below_minimum', message }, { status: 400 }))
    render(form({ amount: '50' }))
    const error = await screen.findByTestId('latch-onramp-quote-error')
    expect(error.textContent).toBe(message)
    expect(error.querySelector('b')).toBeNull()
    expect((screen.getByTestId('latch-onramp-continue') as HTMLButtonElement).disabled).toBe(true)
  })

  it('when Continue is pressed, then a window opens on the click and goes to the checkout the server gave', async () => {
    const { asked, form } = setup((url) =>
      url.pathname === '/onramp/v1/sessions'
        ? Response.json({
            purchaseId: 'p1',
            provider: 'dev-onramp',
            checkoutUrl: 'http://127.0.0.1:8569/checkout/cs_1',
          })
        : url.pathname === '/onramp/v1/purchases'
          ? Response.json({ data: [] })
          : Response.json({ quotes: [quote('dev-onramp', '0.049836')], errors: [] }),
    )
    const popup = { location: { href: '' }, opener: {} as unknown, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    render(form({ amount: '127' }))
    await screen.findByTestId('latch-onramp-quote')
    fireEvent.click(screen.getByTestId('latch-onramp-continue'))
    // Synchronously, before any answer: a pop-up blocker lets it through.
    expect(open).toHaveBeenCalledTimes(1)
    expect(popup.opener).toBeNull()
    expect((await screen.findByTestId('latch-onramp-waiting')).textContent).toBe(
      'Complete the purchase in the Dev Onramp window…',
    )
    expect(popup.location.href).toBe('http://127.0.0.1:8569/checkout/cs_1')
    const session = asked.find((u) => u.pathname === '/onramp/v1/sessions')
    expect(session?.searchParams.get('projectId')).toBe('p-1')
  })

  it('when the browser blocks the window, then it says so and nothing is asked of the server', async () => {
    const { asked, form } = setup(() =>
      Response.json({ quotes: [quote('dev-onramp', '0.049836')], errors: [] }),
    )
    vi.spyOn(window, 'open').mockImplementation(() => null)
    render(form({ amount: '127' }))
    await screen.findByTestId('latch-onramp-quote')
    fireEvent.click(screen.getByTestId('latch-onramp-continue'))
    expect(screen.getByTestId('latch-onramp-error').textContent).toMatch(/blocked the payment window/)
    expect(asked.some((u) => u.pathname === '/onramp/v1/sessions')).toBe(false)
  })

  it('when the session cannot be created, then the window closes and the form says so', async () => {
    const { form } = setup((url) =>
      url.pathname === '/onramp/v1/sessions'
        ? Response.json({ error: 'provider_unavailable', message: 'down' }, { status: 502 })
        : Response.json({ quotes: [quote('dev-onramp', '0.049836')], errors: [] }),
    )
    const popup = { location: { href: '' }, opener: null, close: vi.fn() }
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    render(form({ amount: '127' }))
    await screen.findByTestId('latch-onramp-quote')
    fireEvent.click(screen.getByTestId('latch-onramp-continue'))
    expect((await screen.findByTestId('latch-onramp-error')).textContent).toBe(
      'The payment could not be started. Try again.',
    )
    expect(popup.close).toHaveBeenCalled()
  })
})

describe('given the Buy view', () => {
  const view = (latch: Latch, wrap: (node: React.ReactNode) => React.ReactElement) =>
    wrap(<OnrampView latch={latch} entry={{ view: 'Onramp' }} />)

  it('when the visitor is in a restricted time zone, then a clear message stands in place of the form', () => {
    const { latch, wrap } = setup(() => Response.json(options))
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Asia/Hong_Kong',
    } as Intl.ResolvedDateTimeFormatOptions)
    render(view(latch, wrap))
    expect(screen.getByTestId('latch-onramp-restricted').textContent).toBe(
      'Buying crypto is not available in your region',
    )
    expect(screen.queryByTestId('latch-onramp-continue')).toBeNull()
  })

  it('when no account is connected, then buying is unavailable', async () => {
    const { latch, wrap } = setup(() => Response.json(options))
    await act(async () => {
      render(view(latch, wrap))
    })
    expect(screen.getByTestId('latch-onramp-unavailable').textContent).toBe(
      'Buying is not available on this network',
    )
  })
})
