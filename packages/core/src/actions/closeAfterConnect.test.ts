import { afterEach, describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import type { LatchEvent } from '../events.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { RouteEntry } from '../types.js'
import { closeAfterConnect } from './_view.js'
import { closeModal } from './close.js'
import { hydrate, teardown } from './hydrate.js'
import { pushTransaction, pushView } from './navigate.js'
import { openModal } from './open.js'
import { selectWallet } from './selectWallet.js'

// What the modal does once a wallet connected from it (selectWallet and the session connectors
// call closeAfterConnect), and what closing does to the actions still pending.

const mainnet = network('eip155', 1, 'Ethereum')

const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
})

async function setup() {
  const evm = memoryAdapter('eip155', [mainnet])
  const latch = createLatch({ networks: [mainnet], adapters: [evm.adapter], storage: createMemoryStorage() })
  live.push(latch)
  await hydrate(latch)
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  return { latch, evm, events, open: () => latch.store.getState().modal.open }
}

describe('given a wallet that connected while the modal was open', () => {
  const closing: RouteEntry[] = [
    { view: 'Connecting', params: { connectorId: 'a' } },
    { view: 'ConnectingWalletConnectBasic' },
    { view: 'EmbeddedWallet', params: { connectorId: 'embedded' } },
    { view: 'ConnectingFarcaster', params: { connectorId: 'embedded' } },
    { view: 'AllWallets' },
  ] as RouteEntry[]
  for (const entry of closing)
    it(`when the modal shows ${entry.view}, then it closes`, async () => {
      const s = await setup()
      openModal(s.latch)
      pushView(s.latch, entry)
      closeAfterConnect(s.latch)
      expect(s.open()).toBe(false)
      expect(s.events.filter((e) => e.type === 'MODAL_CLOSE')).toHaveLength(1)
    })

  it('when the modal shows Connect, then it closes', async () => {
    const s = await setup()
    openModal(s.latch)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Connect')
    closeAfterConnect(s.latch)
    expect(s.open()).toBe(false)
  })

  it('when the visitor moved on to another view meanwhile, then the modal stays on it', async () => {
    const s = await setup()
    openModal(s.latch)
    pushView(s.latch, { view: 'AllWallets' } as RouteEntry)
    pushView(s.latch, { view: 'Networks' } as RouteEntry)
    closeAfterConnect(s.latch)
    expect(s.open()).toBe(true)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Networks')
  })

  it('when the modal was already closed, then nothing happens', async () => {
    const s = await setup()
    closeAfterConnect(s.latch)
    expect(s.open()).toBe(false)
    expect(s.events.filter((e) => e.type === 'MODAL_CLOSE')).toEqual([])
  })
})

describe('given actions pending in the modal', () => {
  it('when it closes, then each is cancelled, the newest first, and the error shown is cleared', async () => {
    const s = await setup()
    openModal(s.latch)
    const cancelled: string[] = []
    pushTransaction(s.latch, {
      view: 'ApproveTransaction',
      params: { connectorId: 'memory.wallet' },
      onCancel: () => cancelled.push('first'),
    })
    pushTransaction(s.latch, {
      view: 'ApproveTransaction',
      params: { connectorId: 'memory.wallet' },
      onCancel: () => cancelled.push('second'),
    })
    expect(closeModal(s.latch)).toBe(true)
    expect(cancelled).toEqual(['second', 'first'])
    expect(s.latch.store.getState().router.transactionStack).toEqual([])
    expect(s.latch.store.getState().error).toBeUndefined()
  })
})

describe('given a wallet picked in the modal that declines', () => {
  it('when a retry is declined again, then the one Connecting view shows it (no second one stacked)', async () => {
    const s = await setup()
    openModal(s.latch)
    s.evm.wallet.rejectNext = { code: 4001, message: 'User rejected the request.' }
    await selectWallet(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.rejectNext = { code: 4001, message: 'User rejected the request.' }
    await selectWallet(s.latch, { connectorId: 'memory.wallet', retry: true })
    expect(s.latch.store.getState().router.history.map((entry) => entry.view)).toEqual([
      'Connect',
      'Connecting',
    ])
    expect(s.latch.store.getState().error).toMatchObject({ view: 'Connecting', code: 'user-rejected' })
  })

  it('when it was picked from All Wallets, then its Connecting view (the newest) shows the failure', async () => {
    const s = await setup()
    openModal(s.latch)
    pushView(s.latch, { view: 'AllWallets' } as RouteEntry)
    s.evm.wallet.rejectNext = { code: 4001, message: 'User rejected the request.' }
    await selectWallet(s.latch, { connectorId: 'memory.wallet' })
    expect(s.latch.store.getState().router.history.map((entry) => entry.view)).toEqual([
      'Connect',
      'AllWallets',
      'Connecting',
    ])
    expect(s.latch.store.getState().error).toMatchObject({ view: 'Connecting', code: 'user-rejected' })
  })
})
