import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { UnsupportedChainIdError } from '../errors/network.js'
import type { LatchEvent } from '../events.js'
import type { LatchOptions } from '../options.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage } from '../storage.js'
import { deferred, memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { viewErrorFrom } from './_view.js'
import { closeModal } from './close.js'
import { connect } from './connect.js'
import { hydrate, teardown } from './hydrate.js'
import { goBack, pushTransaction, pushView, replaceView, settleTransaction } from './navigate.js'
import { openModal } from './open.js'
import { selectNetwork } from './selectNetwork.js'
import { selectWallet } from './selectWallet.js'

// The modal's flows: what the visitor sees after opening, going back, picking a wallet or a
// network, and closing.

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const SOL_ADDRESS = '7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
  vi.useRealTimers()
})

async function setup(options: Partial<LatchOptions> = {}) {
  const evm = memoryAdapter('eip155', [mainnet, base])
  const sol = memoryAdapter('solana', [solana], {
    accounts: [SOL_ADDRESS],
    connectors: [
      { id: 'sol.wallet', type: 'ANNOUNCED', name: 'Sol Wallet', chain: 'solana', installed: true },
    ],
  })
  const latch = createLatch({
    networks: [mainnet, base, solana] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter, sol.adapter],
    storage: createMemoryStorage(),
    restoreTimeoutMs: 100,
    ...options,
  })
  live.push(latch)
  await hydrate(latch)
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  const state = () => latch.store.getState()
  const views = () => state().router.history.map((e) => e.view)
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
  const ns = (namespace = 'eip155') => state().namespaces[namespace] as LatchState['namespaces'][string]
  return { latch, evm, sol, state, views, of, ns }
}

describe('given the modal opens and closes', () => {
  it('then MODAL_OPEN names the view once, and MODAL_CLOSE says whether a wallet is connected', async () => {
    const s = await setup()
    openModal(s.latch)
    openModal(s.latch, { view: 'Networks' })
    expect(s.of('MODAL_OPEN')).toEqual([{ view: 'Connect' }])
    expect(s.views()).toEqual(['Networks'])
    expect(closeModal(s.latch)).toBe(true)
    expect(s.of('MODAL_CLOSE')).toEqual([{ connected: false }])
    expect(s.views()).toEqual(['Connect'])
    // Closing a closed modal does nothing.
    expect(closeModal(s.latch)).toBe(true)
    expect(s.of('MODAL_CLOSE')).toHaveLength(1)

    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch)
    expect(s.views()).toEqual(['Account'])
    closeModal(s.latch)
    expect(s.of('MODAL_CLOSE').at(-1)).toEqual({ connected: true })
    expect(s.views()).toEqual(['Connect'])
  })

  it('when opened for a namespace, then the filter holds until the modal closes, and an old error is gone', async () => {
    const s = await setup()
    s.latch.store.setState((state) => ({
      ...state,
      error: { view: 'Connect', code: 'unknown', name: 'Error', message: 'old' },
    }))
    openModal(s.latch, { namespace: 'solana' })
    expect(s.state().namespaceFilter).toBe('solana')
    expect(s.state().error).toBeUndefined()
    closeModal(s.latch)
    expect(s.state().namespaceFilter).toBeUndefined()
  })

  it('when sign-in is required and not done, then closing the sign-in view shakes the modal instead', async () => {
    vi.useFakeTimers()
    const s = await setup()
    openModal(s.latch, { view: 'SIWXSignMessage' })
    s.latch.store.setState((state) => ({ ...state, signIn: { ...state.signIn, required: true } }))
    expect(closeModal(s.latch)).toBe(false)
    expect(s.state().modal).toMatchObject({ open: true, shake: true })
    expect(s.of('MODAL_CLOSE')).toEqual([])
    vi.advanceTimersByTime(500)
    expect(s.state().modal.shake).toBe(false)
  })
})

describe('given the navigation', () => {
  it('then back pops one view, and back from the only view closes the modal', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    pushView(s.latch, { view: 'AllWallets' })
    expect(s.views()).toEqual(['Networks', 'AllWallets'])
    goBack(s.latch)
    expect(s.views()).toEqual(['Networks'])
    goBack(s.latch)
    expect(s.state().modal.open).toBe(false)
  })

  it('then replacing swaps the current view and clears its error', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    pushView(s.latch, { view: 'AllWallets' })
    s.latch.store.setState((state) => ({
      ...state,
      error: { view: 'AllWallets', code: 'unknown', name: 'Error', message: 'x' },
    }))
    replaceView(s.latch, { view: 'WhatIsAWallet' })
    expect(s.views()).toEqual(['Networks', 'WhatIsAWallet'])
    expect(s.state().error).toBeUndefined()
  })

  it('when back is pressed on the view of a pending action, then the action is cancelled and the view left', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    const onCancel = vi.fn()
    const onSuccess = vi.fn()
    pushTransaction(s.latch, {
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      onCancel,
      onSuccess,
    })
    expect(s.views()).toEqual(['Networks', 'SwitchNetwork'])
    goBack(s.latch)
    expect(onCancel).toHaveBeenCalledOnce()
    expect(s.views()).toEqual(['Networks'])
    // Settled once: a later settle finds nothing to call.
    settleTransaction(s.latch, 'success')
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('when a pending action fails as the only view, then the modal closes and its error callback runs', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    const onError = vi.fn()
    pushTransaction(s.latch, {
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      replace: true,
      onError,
    })
    expect(s.views()).toEqual(['SwitchNetwork'])
    const failure = new Error('no')
    settleTransaction(s.latch, 'error', failure)
    expect(onError).toHaveBeenCalledWith(failure)
    expect(s.state().modal.open).toBe(false)
  })
})

describe('given a wallet picked in the modal', () => {
  it('when the wallet declines, then the Connecting view shows why; a retry replaces it instead of stacking', async () => {
    const s = await setup()
    openModal(s.latch)
    s.evm.wallet.rejectNext = { code: 4001, message: 'User rejected the request.' }
    await selectWallet(s.latch, { connectorId: 'memory.wallet' })
    expect(s.views()).toEqual(['Connect', 'Connecting'])
    expect(s.state().router.history.at(-1)?.params).toEqual({
      connectorId: 'memory.wallet',
      namespace: undefined,
    })
    expect(s.state().error).toMatchObject({ view: 'Connecting', code: 'user-rejected' })
    await selectWallet(s.latch, { connectorId: 'memory.wallet', retry: true })
    expect(s.state().modal.open).toBe(false)
    openModal(s.latch, { view: 'Networks' })
    expect(s.views()).toEqual(['Networks'])
  })

  it('when the visitor moved on before the failure, then no other view shows it', async () => {
    const s = await setup()
    openModal(s.latch)
    s.evm.wallet.holdConnect = deferred()
    s.evm.wallet.rejectNext = new Error('Wallet exploded')
    const pending = selectWallet(s.latch, { connectorId: 'memory.wallet' })
    await flush()
    goBack(s.latch)
    s.evm.wallet.holdConnect.resolve()
    await pending
    expect(s.views()).toEqual(['Connect'])
    expect(s.state().error).toBeUndefined()
  })

  it('when the modal shows another view by the time the wallet connects, then it stays open', async () => {
    const s = await setup()
    openModal(s.latch)
    s.evm.wallet.holdConnect = deferred()
    const pending = selectWallet(s.latch, { connectorId: 'memory.wallet' })
    await flush()
    replaceView(s.latch, { view: 'WhatIsAWallet' })
    s.evm.wallet.holdConnect.resolve()
    await pending
    expect(s.ns().account.status).toBe('connected')
    expect(s.state().modal.open).toBe(true)
  })

  it('then a failure that is not a rejection shows as unknown, an unsupported chain as such', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    expect(viewErrorFrom(s.latch, new Error('boom'))).toMatchObject({
      view: 'Networks',
      code: 'unknown',
      message: 'boom',
    })
    expect(viewErrorFrom(s.latch, new UnsupportedChainIdError())).toMatchObject({
      code: 'unsupported-chain',
      name: 'UnsupportedChainIdError',
      message: 'Chain is not supported',
    })
  })

  it('then a request the wallet still has open (-32002) is told apart from a refusal', async () => {
    const s = await setup()
    openModal(s.latch)
    const pending = Object.assign(new Error("Request of type 'wallet_requestPermissions' already pending"), {
      code: -32002,
    })
    expect(viewErrorFrom(s.latch, pending)).toMatchObject({ code: 'request-pending' })
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(viewErrorFrom(s.latch, refused)).toMatchObject({ code: 'user-rejected' })
  })
})

describe('given a network picked in the modal', () => {
  it('when the network is on a namespace the visitor is not connected on, then SwitchActiveChain asks first', async () => {
    const s = await setup()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch, { view: 'Networks' })
    await selectNetwork(s.latch, { caipNetworkId: solana.caipNetworkId })
    expect(s.state().router.history.at(-1)).toEqual({
      view: 'SwitchActiveChain',
      params: { caipNetworkId: solana.caipNetworkId, namespace: 'solana' },
    })
    expect(s.state().activeNamespace).toBe('eip155')
    // Confirmed: the switch runs without asking again.
    await selectNetwork(s.latch, { caipNetworkId: solana.caipNetworkId, ignoreConfirmation: true })
    expect(s.state().activeNamespace).toBe('solana')
  })

  it('when the network is not configured, then the alert shows and nothing is thrown', async () => {
    const s = await setup()
    openModal(s.latch, { view: 'Networks' })
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:10' })
    expect(s.state().alerts.map((a) => a.id)).toEqual(['SWITCH_NETWORK_NOT_FOUND'])
    expect(s.views()).toEqual(['Networks'])
  })

  it('when the switch fails for another reason, then the view before says the switch failed', async () => {
    const s = await setup()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch, { view: 'Networks' })
    s.evm.wallet.switchError = new Error('Internal wallet error')
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.views()).toEqual(['Networks'])
    expect(s.state().error).toMatchObject({
      view: 'Networks',
      code: 'switch-failed',
      message: 'Internal wallet error',
    })
  })

  it('when the switch was started from Account, then success goes back to Account', async () => {
    const s = await setup()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    openModal(s.latch)
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.state().modal.open).toBe(true)
    expect(s.views()).toEqual(['Account'])
  })

  it('when the wallet was on a network the app does not list, then success closes the modal', async () => {
    const s = await setup()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.changeChain(10)
    expect(s.views()).toEqual(['UnsupportedChain'])
    pushView(s.latch, { view: 'Networks' })
    await selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.state().modal.open).toBe(false)
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it('when the visitor goes back or closes while the wallet is asked, then its late answer moves nothing', async () => {
    const s = await setup()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    const hold = deferred<void>()
    const original = s.evm.adapter.switchNetwork
    s.evm.adapter.switchNetwork = async (parameters) => {
      await hold.promise
      return original(parameters)
    }
    openModal(s.latch)
    pushView(s.latch, { view: 'Networks' })
    const pending = selectNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(s.views()).toEqual(['Account', 'Networks', 'SwitchNetwork'])
    goBack(s.latch)
    expect(s.views()).toEqual(['Account', 'Networks'])
    hold.resolve()
    await pending
    expect(s.views()).toEqual(['Account', 'Networks'])
    expect(s.state().modal.open).toBe(true)

    const held = deferred<void>()
    s.evm.adapter.switchNetwork = async () => {
      await held.promise
      throw new Error('too late')
    }
    const failing = selectNetwork(s.latch, { caipNetworkId: 'eip155:1' })
    closeModal(s.latch)
    held.resolve()
    await failing
    expect(s.state().modal.open).toBe(false)
    expect(s.state().error).toBeUndefined()
  })
})
