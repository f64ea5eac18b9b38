import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import { NativeBalance } from './NativeBalance.js'

const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'

// The chain's side of the adapter: each balance request answers what the test says next.
function setup() {
  const answers: (string | Error)[] = []
  let requests = 0
  // Never used here but the balance: the view only reads it.
  const adapter = testAdapter([mainnet], {
    getBalance: async () => {
      requests++
      const next = answers.shift() ?? new Error('rpc down')
      if (next instanceof Error) throw next
      return { balance: next, symbol: 'ETH' }
    },
  })
  const latch = createLatch({ networks: [mainnet], adapters: [adapter], storage: createMemoryStorage() })
  return { latch, answers, requests: () => requests }
}

function show(latch: Latch) {
  return render(
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <NativeBalance latch={latch} namespace="eip155" address={ALICE} caipNetwork={mainnet} />
    </MessagesContext.Provider>,
  )
}
const text = () => screen.getByTestId('latch-account-balance').textContent

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('given the Account view of a connected account', () => {
  it('when the balance loads, then loading shows, then the amount en-US with two decimals', async () => {
    const s = setup()
    s.answers.push('1234.5678')
    show(s.latch)
    expect(text()).toBe('Loading balance…')
    await vi.waitFor(() => expect(text()).toBe('1,234.57 ETH'))
  })

  it('when the fetch fails, then "Token Balance Unavailable" shows and nothing is asked again for 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(5_000_000)
    const s = setup()
    const view = show(s.latch)
    await vi.waitFor(() => expect(text()).toBe('Token Balance Unavailable'))
    expect(s.requests()).toBe(1)
    // The view opens again 29.9 s later: still unavailable, no request.
    view.unmount()
    s.answers.push('2')
    vi.setSystemTime(5_000_000 + 29_900)
    show(s.latch)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(text()).toBe('Token Balance Unavailable')
    expect(s.requests()).toBe(1)
    cleanup()
    // 30 s after the failure (the fake clock ticks a little while the view waits) it is asked
    // again and the balance shows.
    vi.setSystemTime(5_000_000 + 30_200)
    show(s.latch)
    await vi.waitFor(() => expect([text(), s.requests()]).toEqual(['2.00 ETH', 2]))
    expect(s.requests()).toBe(2)
  })

  it('when the network is a testnet, then no balance is asked', async () => {
    const s = setup()
    render(
      <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
        <NativeBalance
          latch={s.latch}
          namespace="eip155"
          address={ALICE}
          caipNetwork={{ ...mainnet, id: 11155111, caipNetworkId: 'eip155:11155111', testnet: true }}
        />
      </MessagesContext.Provider>,
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(text()).toBe('')
    expect(s.requests()).toBe(0)
  })
})
