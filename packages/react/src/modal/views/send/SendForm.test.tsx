import { createLatch, createMemoryStorage, type Latch, type TokenBalance } from '@latch/core'
import type { SendState } from '@latch/core/internal'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import { SendForm } from './SendForm.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const form = (to: string): SendState => ({
  status: 'editing',
  token: 'native',
  to,
  amount: '',
  fee: undefined,
  problem: undefined,
  hash: undefined,
  failure: undefined,
})

function setup() {
  const asked: string[] = []
  const adapter = testAdapter([mainnet], {
    parseRecipient: (text: string) => (text.toLowerCase() === ALICE.toLowerCase() ? ALICE : undefined),
    resolveName: async ({ name }: { name: string }) => {
      asked.push(name)
      if (name === 'down.eth') throw new Error('node down')
      return name === 'alice.eth' ? ALICE : null
    },
  })
  const latch = createLatch({ networks: [mainnet], adapters: [adapter], storage: createMemoryStorage() })
  latch.store.setState((s) => ({ ...s, activeNamespace: 'eip155' }))
  return { latch, asked }
}

function show(latch: Latch, to: string) {
  const view = (recipient: string) => (
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <SendForm latch={latch} send={form(recipient)} token={eth} tokens={[eth]} tokenKey={() => 'native'} />
    </MessagesContext.Provider>
  )
  const rendered = render(view(to))
  return (next: string) => rendered.rerender(view(next))
}

afterEach(cleanup)

describe('given the Send form', () => {
  it('when a name is typed, then the address it resolves to shows under the recipient, once the typing pauses', async () => {
    const { latch, asked } = setup()
    const type = show(latch, '')
    type('alice.e')
    type('alice.eth')
    expect((await screen.findByTestId('latch-send-recipient-resolved')).textContent).toBe(`Sends to ${ALICE}`)
    // Only the name the visitor paused on was looked up.
    expect(asked).toEqual(['alice.eth'])
  })

  it('when the name points nowhere or cannot be looked up, then each says so; an address asks nothing', async () => {
    const { latch, asked } = setup()
    const type = show(latch, 'nobody.eth')
    expect((await screen.findByTestId('latch-send-recipient-error')).textContent).toBe(
      'No address found for this name',
    )
    type('down.eth')
    expect((await screen.findByTestId('latch-send-recipient-error')).textContent).toBe(
      'The name could not be looked up',
    )
    type(ALICE)
    expect(screen.queryByTestId('latch-send-recipient-error')).toBeNull()
    expect(screen.queryByTestId('latch-send-recipient-resolved')).toBeNull()
    expect(asked).toEqual(['nobody.eth', 'down.eth'])
  })
})
