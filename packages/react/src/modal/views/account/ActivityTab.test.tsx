import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLatch, createMemoryStorage } from '@latch/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessagesContext } from '../../../i18n/context.js'
import { en } from '../../../i18n/en.js'
import { testMainnet as mainnet, testAdapter } from '../../../test/adapter.fixture.js'
import ActivityTab from './ActivityTab.js'

const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const BOB = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'

const tx = (id: string, minedAt: string, extra: object = {}) => ({
  id,
  metadata: { hash: id, minedAt, chain: 'eip155:1', status: 'confirmed', sentFrom: BOB, sentTo: ALICE },
  transfers: [
    {
      standard: 'native',
      direction: 'in',
      from: BOB,
      to: ALICE.toLowerCase(),
      symbol: 'ETH',
      quantity: { decimals: '18', numeric: '1.5', raw: '1500000000000000000' },
    },
  ],
  ...extra,
})

// The transactions service as the test needs it: an answer per address, or a 502.
let answers: Record<string, { status: number; body: unknown }> = {}
// The on-ramp purchases route, per address.
let purchases: Record<string, unknown[]> = {}
let server: Server
let apiUrl: string
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const query = url.searchParams
    const address = query.get('address') ?? ''
    if (url.pathname === '/onramp/v1/purchases')
      return void response
        .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        .end(JSON.stringify({ data: purchases[address] ?? [] }))
    const cursor = query.get('cursor')
    const answer = answers[cursor ? `${address}@${cursor}` : address] ?? {
      status: 502,
      body: { error: 'x', message: 'Failed to fetch transactions' },
    }
    response
      .writeHead(answer.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      .end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())
afterEach(cleanup)

function show(address: string, { onramp = false } = {}) {
  const adapter = testAdapter([mainnet])
  const latch = createLatch({
    networks: [mainnet],
    adapters: [adapter],
    storage: createMemoryStorage(),
    apiUrl,
    projectId: 'p1',
  })
  if (onramp)
    latch.store.setState((state) => ({
      ...state,
      remote: { ...state.remote, features: { ...state.remote.features, onramp: true } },
    }))
  render(
    <MessagesContext.Provider value={{ locale: 'en', dir: 'ltr', messages: en }}>
      <ActivityTab latch={latch} address={address} caipNetwork={mainnet} />
    </MessagesContext.Provider>,
  )
}

describe('given the Activity tab of a connected account', () => {
  it('when the project offers Buy, then the account’s purchases are listed, pending or bought, and a delivery is not listed twice', async () => {
    const CAROL = '0xcccccccccccccccccccccccccccccccccccccccc'
    const delivery = `0x${'d'.repeat(64)}`
    answers = { [CAROL]: { status: 200, body: { data: [tx(delivery, '2026-11-20T12:00:00Z')], next: null } } }
    purchases = {
      [CAROL]: [
        {
          id: 'p2',
          provider: 'dev-onramp',
          status: 'pending',
          purchaseAmount: { amount: '0.1', currency: 'ETH' },
          chainId: 'eip155:1',
          txHash: null,
          createdAt: '2026-11-21T12:00:00Z',
          updatedAt: '2026-11-21T12:00:00Z',
        },
        {
          id: 'p1',
          provider: 'dev-onramp',
          status: 'completed',
          purchaseAmount: { amount: '0.049836', currency: 'ETH' },
          chainId: 'eip155:1',
          txHash: delivery,
          createdAt: '2026-11-20T12:00:00Z',
          updatedAt: '2026-11-20T12:00:00Z',
        },
      ],
    }
    show(CAROL, { onramp: true })
    const rows = await screen.findAllByTestId('latch-activity-purchase')
    expect(rows.map((row) => row.querySelector('[data-testid="latch-activity-label"]')?.textContent)).toEqual(
      ['Bought 0.10 ETH', 'Bought 0.05 ETH'],
    )
    expect(rows.map((row) => row.dataset.status)).toEqual(['pending', 'completed'])
    expect(rows[0]?.querySelector('[data-testid="latch-activity-purchase-status"]')?.textContent).toBe(
      'Pending',
    )
    // The delivery's own transfer is the purchase's row, not a second "Received".
    expect(screen.queryAllByTestId('latch-activity-item')).toHaveLength(0)
  })

  it('then transactions are listed under their month, newest first, with a skeleton before', async () => {
    answers = {
      [ALICE]: {
        status: 200,
        body: {
          data: [
            tx('0x01', '2026-10-30T12:00:00Z'),
            tx('0x02', '2026-11-03T12:00:00Z'),
            tx('0x03', '2026-11-20T12:00:00Z', {
              metadata: {
                hash: '0x03',
                minedAt: '2026-11-20T12:00:00Z',
                chain: 'eip155:1',
                status: 'failed',
                sentFrom: ALICE,
                sentTo: BOB,
              },
            }),
            // Another chain's transaction and a spam-only one are not shown (spec §5).
            tx('0x04', '2026-11-21T12:00:00Z', {
              metadata: {
                hash: '0x04',
                minedAt: '2026-11-21T12:00:00Z',
                chain: 'eip155:8453',
                status: 'confirmed',
                sentFrom: BOB,
                sentTo: ALICE,
              },
            }),
            tx('0x05', '2026-11-22T12:00:00Z', {
              transfers: [
                {
                  standard: 'erc721',
                  direction: 'in',
                  from: BOB,
                  to: ALICE,
                  symbol: 'CLAIM',
                  tokenId: '1',
                  quantity: { decimals: '0', numeric: '1', raw: '1' },
                  nft_info: { flags: { is_spam: true } },
                },
              ],
            }),
          ],
          next: null,
        },
      },
    }
    show(ALICE)
    expect(screen.getByTestId('latch-activity-loading').getAttribute('aria-label')).toBe('Loading activity…')
    await vi.waitFor(() => expect(screen.getByTestId('latch-activity')).toBeTruthy())
    const months = screen.getAllByTestId('latch-activity-month')
    expect(months.map((m) => m.querySelector('h3')?.textContent)).toEqual(['November 2026', 'October 2026'])
    const items = screen.getAllByTestId('latch-activity-item').map((i) => i.getAttribute('data-hash'))
    expect(items).toEqual(['0x03', '0x02', '0x01'])
    expect(screen.getAllByTestId('latch-activity-label').map((l) => l.textContent)).toEqual([
      'Failed',
      'Received',
      'Received',
    ])
    expect(screen.getAllByTestId('latch-activity-amount')[1]?.textContent).toBe('+1.50 ETH')
  })

  it('when the address has no transactions, then the empty state', async () => {
    answers = { [BOB]: { status: 200, body: { data: [], next: null } } }
    show(BOB)
    await vi.waitFor(() => expect(screen.getByText('No activity yet')).toBeTruthy())
  })

  it("when the service fails or answers garbage, then 'Failed to fetch transactions'", async () => {
    answers = { [BOB]: { status: 200, body: { items: [] } } }
    show(ALICE)
    await vi.waitFor(() =>
      expect(screen.getByTestId('latch-activity-unavailable').textContent).toBe(
        'Failed to fetch transactions',
      ),
    )
    cleanup()
    show(BOB)
    await vi.waitFor(() =>
      expect(screen.getByTestId('latch-activity-unavailable').textContent).toBe(
        'Failed to fetch transactions',
      ),
    )
  })

  it('when the service gives a next cursor, then Load more appends the older page, and a failing page shows the failure', async () => {
    const CAROL = '0xcccccccccccccccccccccccccccccccccccccccc'
    answers = {
      [CAROL]: { status: 200, body: { data: [tx('0x11', '2026-11-05T00:00:00Z')], next: 'p2' } },
      [`${CAROL}@p2`]: { status: 200, body: { data: [tx('0x12', '2026-09-05T00:00:00Z')], next: 'p3' } },
    }
    show(CAROL)
    await vi.waitFor(() => expect(screen.getByTestId('latch-activity-more').textContent).toBe('Load more'))
    await act(async () => {
      fireEvent.click(screen.getByTestId('latch-activity-more'))
    })
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('latch-activity-item').map((i) => i.getAttribute('data-hash'))).toEqual([
        '0x11',
        '0x12',
      ]),
    )
    expect(screen.getAllByTestId('latch-activity-month-title').map((h) => h.textContent)).toEqual([
      'November 2026',
      'September 2026',
    ])
    // The third page fails: spec §4 empties the list and drops the cursor.
    await act(async () => {
      fireEvent.click(screen.getByTestId('latch-activity-more'))
    })
    await vi.waitFor(() =>
      expect(screen.getByTestId('latch-activity-unavailable').textContent).toBe(
        'Failed to fetch transactions',
      ),
    )
    expect(screen.queryAllByTestId('latch-activity-item')).toEqual([])
  })

  it('when a transaction sent one token and brought another, then it reads Swapped with both amounts', async () => {
    const swapped = tx('0x06', '2026-11-25T12:00:00Z', {
      metadata: {
        hash: '0x06',
        minedAt: '2026-11-25T12:00:00Z',
        chain: 'eip155:1',
        status: 'confirmed',
        sentFrom: ALICE,
        sentTo: BOB,
      },
      transfers: [
        {
          standard: 'native',
          direction: 'out',
          from: ALICE,
          to: BOB,
          symbol: 'ETH',
          quantity: { decimals: '18', numeric: '0.1', raw: '100000000000000000' },
        },
        {
          standard: 'erc20',
          direction: 'in',
          from: BOB,
          to: ALICE,
          symbol: 'LTT',
          quantity: { decimals: '6', numeric: '12.5', raw: '12500000' },
        },
      ],
    })
    const SWAPPER = '0xcccccccccccccccccccccccccccccccccccccccc'
    answers = { [SWAPPER]: { status: 200, body: { data: [swapped], next: null } } }
    show(SWAPPER)
    await vi.waitFor(() => expect(screen.getByTestId('latch-activity')).toBeTruthy())
    expect(screen.getByTestId('latch-activity-label').textContent).toBe('Swapped')
    expect(screen.getByTestId('latch-activity-amount').textContent).toBe('−0.10 ETH → +12.50 LTT')
  })
})
