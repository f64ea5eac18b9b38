import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { TokenBalanceUnavailableError } from '../errors/data.js'
import { balanceQueryKey } from '../query/balance.js'
import { queryClientOf } from '../query/client.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage } from '../storage.js'
import { type Deferred, deferred, memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { connect } from './connect.js'
import { fetchBalance } from './fetchBalance.js'
import { hydrate, teardown } from './hydrate.js'

// The native balance: what the account shows while it loads, after, when the wallet's answer is
// late or malformed, and when nothing is connected.

const mainnet = network('eip155', 1, 'Ethereum')
const BOB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'

const live: Latch[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const latch of live.splice(0)) teardown(latch)
})

type Answer = { balance: unknown; symbol: unknown }

function setup() {
  const evm = memoryAdapter('eip155', [mainnet])
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
    restoreTimeoutMs: 100,
  })
  live.push(latch)
  // Each balance request waits for the test to answer it.
  const requests: { address: string; answer: Deferred<Answer> }[] = []
  const ns = () => latch.store.getState().namespaces.eip155 as LatchState['namespaces'][string]
  const hold = () => {
    evm.adapter.getBalance = (async ({ address }: { address: string }) => {
      const answer = deferred<Answer>()
      requests.push({ address, answer })
      return answer.promise
    }) as never
  }
  // The balance query's state: loading and the last failure live there, not in the account.
  const query = () => {
    const account = ns().account
    if (!account.address) return undefined
    return queryClientOf(latch).getQueryState(
      balanceQueryKey({ namespace: 'eip155', address: account.address, caipNetwork: mainnet }),
    )
  }
  return { latch, evm, ns, requests, hold, query }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('given a connected account', () => {
  it('when the balance loads, then it shows loading meanwhile and the formatted amount and symbol after', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    s.hold()
    const pending = fetchBalance(s.latch, { force: true })
    await vi.waitFor(() => expect(s.query()?.fetchStatus).toBe('fetching'))
    s.requests.at(-1)?.answer.resolve({ balance: '1234.5678', symbol: 'ETH' })
    await expect(pending).resolves.toBeUndefined()
    expect(s.ns().account).toMatchObject({ balance: '1,234.57', balanceSymbol: 'ETH' })
    expect(s.query()).toMatchObject({ status: 'success', fetchStatus: 'idle' })
  })

  it('when the wallet answers without a balance or a symbol, then "Token Balance Unavailable" is thrown and 0.00 shown', async () => {
    for (const answer of [{ balance: 5, symbol: 'ETH' }, { balance: '5' }, undefined]) {
      const s = setup()
      await hydrate(s.latch)
      await connect(s.latch, { connectorId: 'memory.wallet' })
      await settle()
      s.hold()
      const pending = fetchBalance(s.latch, { force: true })
      await vi.waitFor(() => expect(s.requests).toHaveLength(1))
      s.requests.at(-1)?.answer.resolve(answer as never)
      const error = await pending.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TokenBalanceUnavailableError)
      expect((error as Error).message).toContain('Token Balance Unavailable')
      expect(((error as Error).cause as Error).message).toBe('The adapter returned no balance.')
      expect(s.ns().account).toMatchObject({ balance: '0.00', balanceSymbol: 'ETH' })
      expect(s.query()?.status).toBe('error')
    }
  })

  it('when the account changes while the balance loads, then the late answer is not shown', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    s.hold()
    const pending = fetchBalance(s.latch, { force: true })
    await vi.waitFor(() => expect(s.requests).toHaveLength(1))
    const first = s.requests.at(-1)
    s.evm.wallet.changeAccounts([BOB])
    await settle()
    expect(s.ns().account.address).toBe(BOB)
    first?.answer.resolve({ balance: '111', symbol: 'ETH' })
    await pending
    expect(s.ns().account.balance).not.toBe('111.00')
    for (const request of s.requests.slice(1)) request.answer.resolve({ balance: '222', symbol: 'ETH' })
    await settle()
    expect(s.ns().account.balance).not.toBe('111.00')
  })

  it('when the account changes while a failing request runs, then its failure does not show 0.00', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    s.hold()
    const pending = fetchBalance(s.latch, { force: true }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(s.requests).toHaveLength(1))
    const first = s.requests.at(-1)
    s.evm.wallet.changeAccounts([BOB])
    await settle()
    first?.answer.reject(new Error('rpc down'))
    expect(await pending).toBeInstanceOf(TokenBalanceUnavailableError)
    expect(s.ns().account.balance).not.toBe('0.00')
  })

  it('when a fetch failed, then the next one waits unless forced', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    s.evm.wallet.balance = new Error('rpc down')
    await expect(fetchBalance(s.latch, { force: true })).rejects.toThrow(TokenBalanceUnavailableError)
    const calls = () => s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length
    const before = calls()
    s.evm.wallet.balance = '3'
    await fetchBalance(s.latch)
    expect(calls()).toBe(before)
    expect(s.ns().account.balance).toBe('0.00')
    await fetchBalance(s.latch, { force: true })
    expect(calls()).toBe(before + 1)
    expect(s.ns().account.balance).toBe('3.00')
  })

  it('when a fetch failed, then for 30 s nothing is asked, and after 30 s the balance loads', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    s.evm.wallet.balance = new Error('rpc down')
    await expect(fetchBalance(s.latch, { force: true })).rejects.toThrow('Token Balance Unavailable')
    const calls = () => s.evm.wallet.calls.filter((c) => c.startsWith('balance:')).length
    const before = calls()
    s.evm.wallet.balance = '7'
    vi.setSystemTime(1_000_000 + 29_999)
    await fetchBalance(s.latch)
    expect(calls()).toBe(before)
    expect(s.ns().account.balance).toBe('0.00')
    vi.setSystemTime(1_000_000 + 30_000)
    await fetchBalance(s.latch)
    expect(calls()).toBe(before + 1)
    expect(s.ns().account.balance).toBe('7.00')
  })
})

describe('given an adapter that reads no balances (spec §6: balances for eip155 and solana only)', () => {
  it('then connecting and fetching ask it for none, and the account shows none, not 0.00', async () => {
    const s = setup()
    Object.assign(s.evm.adapter, { balances: false })
    const asked = vi.fn(s.evm.adapter.getBalance)
    s.evm.adapter.getBalance = asked
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await settle()
    await expect(fetchBalance(s.latch, { force: true })).resolves.toBeUndefined()
    expect(asked).not.toHaveBeenCalled()
    expect(s.ns().account.balance).toBeUndefined()
    expect(s.query()).toBeUndefined()
  })
})

describe('given no connected account', () => {
  it('then fetching the balance asks the wallet nothing and shows none', async () => {
    const s = setup()
    await hydrate(s.latch)
    await expect(fetchBalance(s.latch, { force: true })).resolves.toBeUndefined()
    expect(s.evm.wallet.calls.filter((c) => c.startsWith('balance:'))).toEqual([])
    expect(s.ns().account.balance).toBeUndefined()
    expect(s.latch._internal.queryClient).toBeUndefined()
  })
})
