import { createLatch, createMemoryStorage, type TokenBalance } from '@latch/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import { SwapForm } from './SwapView.js'

const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const LTT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const ltt: TokenBalance = {
  name: 'Latch Test Token',
  symbol: 'LTT',
  chainId: 'eip155:1',
  address: `eip155:1:${LTT}`,
  quantity: { decimals: '6', numeric: '1234.5' },
  iconUrl: '',
}
const quoteFor = (url: URL) => ({
  chainId: 'eip155:1',
  from: {
    address: url.searchParams.get('from'),
    symbol: url.searchParams.get('from') === LTT ? 'LTT' : 'ETH',
    decimals: url.searchParams.get('from') === LTT ? 6 : 18,
  },
  to: {
    address: url.searchParams.get('to'),
    symbol: url.searchParams.get('to') === LTT ? 'LTT' : 'ETH',
    decimals: url.searchParams.get('to') === LTT ? 6 : 18,
  },
  sellAmount: url.searchParams.get('amount'),
  buyAmount: '247031661',
  minBuyAmount: '244561344',
  slippage: 1,
  priceImpact: 0.99,
  route: [LTT, LTT],
  approval: url.searchParams.get('from') === LTT ? { spender: ROUTER, allowance: '0' } : null,
  transaction: { to: ROUTER, data: '0x7ff36ab5', value: '0', gas: '150000', gasPrice: '2000000000' },
})

function setup(answer: (url: URL) => Response) {
  const asked: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input)
      if (url.pathname !== '/swap/v1/quote') return new Response('{}', { status: 404 })
      asked.push(url)
      return answer(url)
    }),
  )
  const latch = createLatch({
    networks: [mainnet],
    adapters: [testAdapter([mainnet])],
    storage: createMemoryStorage(),
    apiUrl: 'http://api.test',
    projectId: 'p-1',
  })
  const view = (params?: { from?: string; to?: string; amount?: string }) => (
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <SwapForm latch={latch} address={TAKER} caipNetwork={mainnet} params={params} tokens={[eth, ltt]} />
    </MessagesContext.Provider>
  )
  return { asked, view }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('given the Swap form', () => {
  it('when an amount above the balance is typed, then it is refused and no quote is asked', async () => {
    const { asked, view } = setup((url) => Response.json(quoteFor(url)))
    render(view())
    fireEvent.change(screen.getByTestId('latch-swap-amount'), { target: { value: '2' } })
    expect(screen.getByTestId('latch-swap-amount-error').textContent).toBe('Insufficient balance')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(asked).toEqual([])
    expect((screen.getByTestId('latch-swap-confirm') as HTMLButtonElement).disabled).toBe(true)
  })

  it('when opened with arguments, then the form is prefilled and the quote shown with its minimum, rate and fee', async () => {
    const { asked, view } = setup((url) => Response.json(quoteFor(url)))
    render(view({ from: NATIVE, to: LTT, amount: '0.1' }))
    expect((await screen.findByTestId('latch-swap-minimum')).textContent).toBe('244.561344 LTT')
    expect(screen.getByTestId('latch-swap-buy').textContent).toBe('247.031661 LTT')
    expect(screen.getByTestId('latch-swap-rate').textContent).toBe('1 ETH = 2470.31661 LTT')
    expect(screen.getByTestId('latch-swap-impact').textContent).toBe('0.99 %')
    expect(screen.getByTestId('latch-swap-fee').textContent).toBe('0.0003 ETH')
    expect(screen.getByTestId('latch-swap-confirm').textContent).toBe('Swap')
    expect(asked).toHaveLength(1)
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({
      projectId: 'p-1',
      chainId: 'eip155:1',
      from: NATIVE,
      to: LTT,
      amount: '100000000000000000',
      taker: TAKER,
    })
  })

  it('when the app passes arguments of the wrong kind, then they are left out and the form starts empty', () => {
    const { asked, view } = setup((url) => Response.json(quoteFor(url)))
    render(view({ from: 42, to: 'not an address', amount: 0.1 } as unknown as { amount: string }))
    expect((screen.getByTestId('latch-swap-amount') as HTMLInputElement).value).toBe('')
    expect((screen.getByTestId('latch-swap-from') as HTMLSelectElement).value).toBe(NATIVE)
    expect((screen.getByTestId('latch-swap-to') as HTMLSelectElement).value).toBe(LTT)
    expect(asked).toEqual([])
  })

  it('when the sold token needs an approval, then the button says the approval comes first', async () => {
    const { view } = setup((url) => Response.json(quoteFor(url)))
    render(view({ from: LTT, to: NATIVE, amount: '100' }))
    await screen.findByTestId('latch-swap-quote')
    expect(screen.getByTestId('latch-swap-confirm').textContent).toBe('Approve LTT, then swap')
  })

  it('when the server refuses with a message, then it is shown as text, never as HTML', async () => {
    const message = '<img src=x onerror=alert(1)> No pool for these tokens'
    const { view } = setup(() => Response.json({ error: 'no_route', message }, { status: 422 }))
    render(view({ amount: '0.1' }))
    const error = await screen.findByTestId('latch-swap-quote-error')
    expect(error.textContent).toBe(message)
    expect(error.querySelector('img')).toBeNull()
  })

  it('when the answer is not a quote for what was asked, or the server fails, then the quote is unavailable', async () => {
    const { view } = setup((url) => Response.json({ ...quoteFor(url), sellAmount: '1' }))
    render(view({ amount: '0.1' }))
    expect((await screen.findByTestId('latch-swap-quote-error')).textContent).toBe('Swap quote unavailable')
    expect(screen.queryByTestId('latch-swap-quote')).toBeNull()
    cleanup()
    const failing = setup(() =>
      Response.json({ error: 'quote_unavailable', message: 'Swap Quote Unavailable' }, { status: 502 }),
    )
    render(failing.view({ amount: '0.2' }))
    expect((await screen.findByTestId('latch-swap-quote-error')).textContent).toBe('Swap quote unavailable')
  })
})
