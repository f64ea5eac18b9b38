import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import { AdapterForNamespaceNotFoundError } from '../errors/adapter.js'
import { DisconnectChainError, NoActiveCaipAddressError } from '../errors/connection.js'
import { UnsupportedChainIdError } from '../errors/network.js'
import { SignatureDeclinedError } from '../errors/siwx.js'
import type { LatchEvent } from '../events.js'
import type { LatchOptions } from '../options.js'
import type { LatchState } from '../state.js'
import { createMemoryStorage, type LatchStorage, STORAGE_KEYS } from '../storage.js'
import { deferred, memoryAdapter, memorySession, network } from '../test/memoryAdapter.fixture.js'
import type { ApprovedSession, CaipNetwork, ConnectResult } from '../types.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { fetchBalance } from './fetchBalance.js'
import {
  getAccount,
  getModalState,
  getNetwork,
  setThemeMode,
  watchAccount,
  watchModalState,
  watchNetwork,
} from './getters.js'
import { hydrate, teardown } from './hydrate.js'
import { openModal } from './open.js'
import { sendTransaction, waitForTransaction } from './sendTransaction.js'
import { signMessage } from './signMessage.js'
import { switchNetwork } from './switchNetwork.js'

// What the headless actions return, leave in state, throw and emit, on the in-memory wallets.

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const ALICE = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const BOB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const SOL_ADDRESS = '7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const live: Latch[] = []
afterEach(() => {
  for (const latch of live.splice(0)) teardown(latch)
  vi.restoreAllMocks()
})

function setup(options: Partial<LatchOptions> = {}, storage: LatchStorage = createMemoryStorage()) {
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
    storage,
    restoreTimeoutMs: 100,
    ...options,
  })
  live.push(latch)
  const events: LatchEvent[] = []
  latch.events.subscribe((event) => events.push(event))
  const ns = (namespace = 'eip155') =>
    latch.store.getState().namespaces[namespace] as LatchState['namespaces'][string]
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
  return { latch, evm, sol, storage, events, of, ns }
}

const connected = async (options: Partial<LatchOptions> = {}) => {
  const s = setup(options)
  await hydrate(s.latch)
  await connect(s.latch, { connectorId: 'memory.wallet' })
  return s
}

describe('given connect', () => {
  it('then it resolves with the namespace, address, chain and connector, and CONNECT_SUCCESS says the same', async () => {
    const s = setup()
    await hydrate(s.latch)
    const result = await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(result).toEqual({
      namespaces: ['eip155'],
      address: ALICE,
      chainId: 1,
      connectorId: 'memory.wallet',
    })
    expect(s.of('CONNECT_SUCCESS')).toEqual([
      { namespace: 'eip155', connectorId: 'memory.wallet', address: ALICE },
    ])
    expect(s.ns().account).toMatchObject({
      status: 'connected',
      address: ALICE,
      caipAddress: `eip155:1:${ALICE}`,
      connectorId: 'memory.wallet',
      addressExplorerUrl: `https://explorer.example/eip155/address/${ALICE}`,
      connectedWalletInfo: { name: 'Memory Wallet', type: 'ANNOUNCED' },
    })
    expect(s.latch.store.getState().activeNamespace).toBe('eip155')
    expect(s.storage.getItem(STORAGE_KEYS.activeNamespace)).toContain('eip155')
  })

  it('when the wallet exposes several accounts, then the active one is first and all are listed', async () => {
    const s = setup()
    s.evm.wallet.accounts = [ALICE, BOB]
    await hydrate(s.latch)
    const original = s.evm.adapter.connect
    s.evm.adapter.connect = async (parameters) => ({
      ...(await original(parameters)),
      address: BOB,
      accounts: [
        { address: ALICE, type: 'eoa' },
        { address: BOB, type: 'smartAccount' },
      ],
    })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.ns().account.address).toBe(BOB)
    expect(s.ns().account.allAccounts).toEqual([
      { address: BOB, type: 'smartAccount' },
      { address: ALICE, type: 'eoa' },
    ])
  })

  it('when the wallet reports no account list, then the address is the only account', async () => {
    const s = setup()
    await hydrate(s.latch)
    s.evm.adapter.connect = async ({ connectorId }) => ({
      address: ALICE,
      chainId: 1,
      connectorId,
      connectorType: 'ANNOUNCED',
      walletName: 'Named Wallet',
    })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.ns().account.allAccounts).toEqual([{ address: ALICE, type: 'eoa' }])
    expect(s.ns().account.connectedWalletInfo?.name).toBe('Named Wallet')
  })

  it('when the wallet is on a chain the app does not list, then it connects as unsupported, without a CAIP address', async () => {
    const s = setup()
    await hydrate(s.latch)
    s.evm.wallet.chainId = 10
    const original = s.evm.adapter.connect
    s.evm.adapter.connect = async (parameters) => ({ ...(await original(parameters)), chainId: 10 })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.ns().account.status).toBe('connected')
    expect(s.ns().account.caipAddress).toBeUndefined()
    expect(s.ns().account.addressExplorerUrl).toBeUndefined()
    expect(s.ns().network.unsupported).toBe(true)
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(s.storage.getItem(STORAGE_KEYS.lastUsedNetwork('eip155'))).toBeNull()
  })

  it('when the wallet answers an invalid shape, then the exact part is named and nothing connects', async () => {
    const s = setup()
    await hydrate(s.latch)
    const answers: [unknown, string][] = [
      [null, 'connection'],
      ['0xabc', 'connection'],
      [{ address: 'a'.repeat(257), chainId: 1, connectorId: 'x' }, 'account'],
      [{ address: ALICE, chainId: 1.5, connectorId: 'x' }, 'chain id'],
      [{ address: ALICE, chainId: 'no spaces', connectorId: 'x' }, 'chain id'],
      [{ address: ALICE, chainId: 'a'.repeat(65), connectorId: 'x' }, 'chain id'],
      [{ address: ALICE, chainId: 1, connectorId: '' }, 'connector'],
      [{ address: ALICE, chainId: 1, connectorId: 'x', accounts: 'all' }, 'accounts'],
      [
        { address: ALICE, chainId: 1, connectorId: 'x', accounts: [{ address: '', type: 'eoa' }] },
        'accounts',
      ],
      [
        { address: ALICE, chainId: 1, connectorId: 'x', accounts: [{ address: ALICE, type: 'god' }] },
        'accounts',
      ],
      [{ address: ALICE, chainId: 1, connectorId: 'x', accounts: [null] }, 'accounts'],
    ]
    for (const [answer, what] of answers) {
      s.evm.adapter.connect = async () => answer as ConnectResult
      await expect(connect(s.latch, { connectorId: 'memory.wallet' }), what).rejects.toThrow(
        `The wallet returned an invalid ${what}.`,
      )
      expect(s.ns().account.status).toBe('disconnected')
    }
    expect(s.of('CONNECT_ERROR').at(-1)).toEqual({
      namespace: 'eip155',
      connectorId: 'memory.wallet',
      message: 'The wallet returned an invalid accounts.',
    })
  })

  it('when the chain id is a string reference, then it is accepted', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    expect(s.ns('solana').account.caipAddress).toBe(`${solana.caipNetworkId}:${SOL_ADDRESS}`)
  })

  it('when an older connect fails while a newer one runs, then the namespace stays connecting until the newer one answers', async () => {
    const s = setup()
    await hydrate(s.latch)
    const first = deferred<void>()
    const second = deferred<void>()
    const holds = [first, second]
    const original = s.evm.adapter.connect
    s.evm.adapter.connect = async (parameters) => {
      const hold = holds.shift()
      await hold?.promise
      return original(parameters)
    }
    const older = connect(s.latch, { connectorId: 'memory.wallet' })
    const newer = connect(s.latch, { connectorId: 'memory.wallet' })
    first.reject(new Error('wallet closed the popup'))
    await expect(older).rejects.toThrow('wallet closed the popup')
    expect(s.ns().account.status).toBe('connecting')
    second.resolve()
    await newer
    expect(s.ns().account.status).toBe('connected')
  })

  it('when no adapter serves the namespace, then "Adapter for namespace eip155 doesn\'t exist" is thrown', async () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    await expect(connect(latch, { connectorId: 'memory.wallet' })).rejects.toBeInstanceOf(
      AdapterForNamespaceNotFoundError,
    )
    await expect(connect(latch, { connectorId: 'memory.wallet' })).rejects.toThrow(
      "Adapter for namespace eip155 doesn't exist",
    )
    expect(latch.store.getState().namespaces.eip155?.account.status).not.toBe('connecting')
  })

  it('when the network is unsupported, then the next connect does not ask for it', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    s.evm.wallet.changeChain(10)
    expect(s.ns().network.unsupported).toBe(true)
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.evm.wallet.lastConnectNetwork).toBeUndefined()
  })
})

describe('given a connected wallet that changes by itself', () => {
  it('when it moves to a chain the app does not list, then the network is unsupported, the balance cleared and UnsupportedChain opens', async () => {
    const s = await connected()
    await flush()
    s.evm.wallet.changeChain(10)
    expect(s.ns().network.unsupported).toBe(true)
    expect(s.ns().account).toMatchObject({
      status: 'connected',
      balance: undefined,
      caipAddress: undefined,
    })
    expect(s.latch.store.getState().modal.open).toBe(true)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('UnsupportedChain')
    // Again on the same unknown chain: nothing more happens.
    const before = s.latch.store.getState()
    s.evm.wallet.changeChain(10)
    expect(s.latch.store.getState()).toBe(before)
    // Back on a listed chain: the view closes, the network is remembered and announced.
    s.evm.wallet.changeChain(8453)
    expect(s.ns().network).toMatchObject({
      unsupported: false,
      caipNetwork: { caipNetworkId: 'eip155:8453' },
    })
    expect(s.ns().account.caipAddress).toBe(`eip155:8453:${ALICE}`)
    expect(s.ns().account.addressExplorerUrl).toBe(`https://explorer.example/eip155/address/${ALICE}`)
    expect(s.latch.store.getState().modal.open).toBe(false)
    expect(s.storage.getItem(STORAGE_KEYS.lastUsedNetwork('eip155'))).toContain('eip155:8453')
    expect(s.of('SWITCH_NETWORK')).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:8453' }])
  })

  it('when unsupported chains are allowed, then no view opens', async () => {
    const s = await connected({ allowUnsupportedChain: true })
    s.evm.wallet.changeChain(10)
    expect(s.ns().network.unsupported).toBe(true)
    expect(s.latch.store.getState().modal.open).toBe(false)
  })

  it('when it reports the chain it is already on, then nothing is emitted', async () => {
    const s = await connected()
    s.evm.wallet.changeChain(1)
    s.evm.wallet.changeChain('1')
    expect(s.of('SWITCH_NETWORK')).toEqual([])
  })

  it('when it switches account, then the address, CAIP address and explorer link follow; to the same account, nothing changes', async () => {
    const s = await connected()
    s.evm.wallet.changeAccounts([BOB, 'not an address'])
    expect(s.ns().account).toMatchObject({
      address: BOB,
      caipAddress: `eip155:1:${BOB}`,
      addressExplorerUrl: `https://explorer.example/eip155/address/${BOB}`,
    })
    expect(s.ns().account.allAccounts.map((a) => a.address)).toEqual([BOB])
    const before = s.latch.store.getState()
    s.evm.wallet.changeAccounts([BOB])
    expect(s.latch.store.getState()).toBe(before)
  })

  it('when it reports no accounts, then the namespace is disconnected, forgotten, and an open Account view closes', async () => {
    const s = await connected()
    openModal(s.latch)
    expect(s.latch.store.getState().router.history.at(-1)?.view).toBe('Account')
    s.evm.wallet.changeAccounts(['not an address'])
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
    expect(s.latch.store.getState().modal.open).toBe(false)
    expect(s.of('DISCONNECT_SUCCESS')).toEqual([{ namespaces: ['eip155'] }])
  })

  it('when it ends the session, then the namespace is disconnected; with the modal on another view, the modal stays', async () => {
    const s = await connected()
    openModal(s.latch, { view: 'WhatIsAWallet' })
    s.evm.wallet.endSession()
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.latch.store.getState().modal.open).toBe(true)
  })

  it('when events come while nothing is connected, then they are ignored', async () => {
    const s = setup()
    await hydrate(s.latch)
    const before = s.latch.store.getState()
    s.evm.wallet.changeAccounts([BOB])
    s.evm.wallet.changeChain(8453)
    s.evm.wallet.endSession()
    expect(s.latch.store.getState()).toBe(before)
    expect(s.events).toEqual([])
  })
})

describe('given switchNetwork', () => {
  it('when the wallet does not know the chain (4902), then it is added and the switch retried once', async () => {
    const s = await connected()
    s.evm.wallet.switchError = { code: 4902, message: 'Unrecognized chain' }
    const result = await switchNetwork(s.latch, { caipNetworkId: 8453 })
    expect(result.caipNetworkId).toBe('eip155:8453')
    expect(s.evm.wallet.calls.filter((c) => /^(switch|add)/.test(c))).toEqual([
      'switch:eip155:8453',
      'add:eip155:8453',
      'switch:eip155:8453',
    ])
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it('when the wallet refuses for another reason, then nothing is added and the wallet error is thrown', async () => {
    const s = await connected()
    s.evm.wallet.switchError = { code: 4001, message: 'User rejected' }
    await expect(switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })).rejects.toThrow(/rejected/i)
    expect(s.evm.wallet.calls).not.toContain('add:eip155:8453')
    expect(s.ns().network.caipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('when the network is already the current one, then the wallet is not asked', async () => {
    const s = await connected()
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:1' })
    expect(s.evm.wallet.calls.filter((c) => c.startsWith('switch'))).toEqual([])
  })

  it('when the network is on another connected namespace, then that namespace becomes active and is remembered', async () => {
    const s = await connected()
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:1' })
    expect(s.latch.store.getState().activeNamespace).toBe('eip155')
    expect(s.storage.getItem(STORAGE_KEYS.activeNamespace)).toContain('eip155')
  })

  it('when nothing is connected, then the network is selected and remembered without asking a wallet', async () => {
    const s = setup()
    await hydrate(s.latch)
    await switchNetwork(s.latch, { caipNetworkId: solana.caipNetworkId })
    expect(s.latch.store.getState().activeNamespace).toBe('solana')
    expect(s.ns('solana').network).toMatchObject({ caipNetwork: solana, unsupported: false })
    expect(s.storage.getItem(STORAGE_KEYS.lastUsedNetwork('solana'))).toContain(solana.caipNetworkId)
    expect(s.storage.getItem(STORAGE_KEYS.activeNamespace)).toContain('solana')
    expect(s.sol.wallet.calls).toEqual([])
  })
})

describe('given disconnect', () => {
  it('when the wallet fails to answer, then the namespace is still disconnected and forgotten, and the failure is thrown and emitted', async () => {
    const s = await connected()
    s.evm.adapter.disconnect = async () => {
      throw new Error('wallet gone')
    }
    const error = await disconnect(s.latch).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DisconnectChainError)
    expect((error as Error).message).toContain('Failed to disconnect chain eip155: wallet gone')
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
    expect(s.of('DISCONNECT_SUCCESS')).toEqual([{ namespaces: ['eip155'] }])
    expect(s.of('DISCONNECT_ERROR')).toEqual([{ message: 'Failed to disconnect chain eip155: wallet gone' }])
  })

  it("when 'all' is asked, then every connected namespace goes and each wallet is told", async () => {
    const s = await connected()
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    await disconnect(s.latch, { namespace: 'all' })
    expect(s.ns('eip155').account.status).toBe('disconnected')
    expect(s.ns('solana').account.status).toBe('disconnected')
    expect(s.evm.wallet.calls).toContain('disconnect')
    expect(s.sol.wallet.calls).toContain('disconnect')
    expect(s.of('DISCONNECT_SUCCESS').at(-1)).toEqual({ namespaces: ['eip155', 'solana'] })
  })

  it("when 'all' is asked with one namespace connected, then only that wallet is told and announced", async () => {
    const s = await connected()
    await disconnect(s.latch, { namespace: 'all' })
    expect(s.of('DISCONNECT_SUCCESS')).toEqual([{ namespaces: ['eip155'] }])
    expect(s.sol.wallet.calls).not.toContain('disconnect')
  })

  it('when a namespace is still waiting for its remembered wallet, then disconnecting forgets it and a late announcement restores nothing', async () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.connectorId('eip155')]: 'late.wallet',
      [STORAGE_KEYS.activeNamespace]: 'eip155',
    })
    const s = setup({}, storage)
    s.evm.wallet.authorized = true
    await hydrate(s.latch)
    expect(s.ns().account.status).toBe('disconnected')
    await disconnect(s.latch)
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
    s.evm.wallet.announce({ id: 'late.wallet', type: 'ANNOUNCED', name: 'Late', chain: 'eip155' })
    await flush()
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.evm.wallet.calls).not.toContain('reconnect:late.wallet')
  })

  it('when a connect is still waiting for the wallet, then disconnecting wins over its late answer', async () => {
    const s = setup()
    await hydrate(s.latch)
    s.evm.wallet.holdConnect = deferred()
    const pending = connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.ns().account.status).toBe('connecting')
    await disconnect(s.latch)
    s.evm.wallet.holdConnect.resolve()
    await pending
    expect(s.ns().account.status).toBe('disconnected')
  })

  it('when a session connector fails to end its session, then its namespaces are still disconnected and the failure is thrown', async () => {
    const approval: ApprovedSession = {
      namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`], chains: ['eip155:1'] } },
      expiry: 0,
      wallet: { name: 'Phone Wallet' },
    }
    const session = memorySession('phone', 'WALLET_CONNECT', approval)
    session.connector.disconnect = async () => {
      throw new Error('relay down')
    }
    const s = setup({ connectors: [session.connector] })
    await hydrate(s.latch)
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    session.approve()
    await pending
    await expect(disconnect(s.latch)).rejects.toThrow('Failed to disconnect chain eip155: relay down')
    expect(s.ns().account.status).toBe('disconnected')
    expect(s.latch.store.getState().sessions.phone?.status).toBe('disconnected')
  })

  it('when the account was signed in, then the sign-in ends with it', async () => {
    const s = await connected()
    s.latch.store.setState((state) => ({
      ...state,
      signIn: { ...state.signIn, status: 'signed-in', session: { message: 'm' } as never },
    }))
    await disconnect(s.latch)
    expect(s.latch.store.getState().signIn).toMatchObject({ status: 'none', session: undefined })
  })

  it('when a session connector is ended, then its session state is cleared', async () => {
    const approval: ApprovedSession = {
      namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`], chains: ['eip155:1'] } },
      expiry: 0,
      wallet: { name: 'Phone Wallet' },
    }
    const session = memorySession('phone', 'WALLET_CONNECT', approval)
    const s = setup({ connectors: [session.connector] })
    await hydrate(s.latch)
    const pending = connect(s.latch, { connectorId: 'phone' })
    await flush()
    session.approve()
    await pending
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'connected',
      wallet: { name: 'Phone Wallet' },
    })
    await disconnect(s.latch)
    expect(s.latch.store.getState().sessions.phone).toMatchObject({
      status: 'disconnected',
      wallet: undefined,
      user: undefined,
      pairing: undefined,
    })
  })
})

describe('given signMessage and sendTransaction', () => {
  it('when nothing is connected, then "No ActiveCaipAddress found" is thrown before the wallet is asked', async () => {
    const s = setup()
    await hydrate(s.latch)
    await expect(signMessage(s.latch, { message: 'hi' })).rejects.toBeInstanceOf(NoActiveCaipAddressError)
    await expect(sendTransaction(s.latch, { to: ALICE })).rejects.toThrow('No ActiveCaipAddress found')
    await expect(waitForTransaction(s.latch, { hash: '0x01' })).rejects.toThrow('No ActiveCaipAddress found')
    expect(s.evm.wallet.calls).toEqual([])
  })

  it('when the wallet signs, then SIGN_MESSAGE_SUCCESS is emitted; when it declines, "Signature declined" is thrown and emitted', async () => {
    const s = await connected()
    const signature = await signMessage(s.latch, { message: 'hi' })
    expect(signature).toBe(`0x${Buffer.from('signed:hi').toString('hex')}`)
    expect(s.of('SIGN_MESSAGE_SUCCESS')).toEqual([{ namespace: 'eip155' }])
    s.evm.wallet.rejectSign = { code: 4001, message: 'User rejected the request.' }
    await expect(signMessage(s.latch, { message: 'hi' })).rejects.toBeInstanceOf(SignatureDeclinedError)
    expect(s.of('SIGN_MESSAGE_ERROR')).toEqual([{ namespace: 'eip155', message: 'Signature declined' }])
  })

  it('when the wallet answers an empty or oversized signature, then it is refused', async () => {
    const s = await connected()
    for (const answer of ['', `0x${'a'.repeat(4095)}`]) {
      s.evm.wallet.answer = answer
      await expect(signMessage(s.latch, { message: 'hi' })).rejects.toThrow(
        'The wallet returned an invalid signature.',
      )
    }
    s.evm.wallet.answer = `0x${'a'.repeat(4094)}`
    expect(await signMessage(s.latch, { message: 'hi' })).toHaveLength(4096)
  })

  it('when a non-eip155 wallet signs, then its own encoding passes unchanged', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    s.sol.wallet.answer =
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
    expect(await signMessage(s.latch, { message: 'hi' })).toBe(s.sol.wallet.answer)
    expect(await sendTransaction(s.latch, { to: SOL_ADDRESS } as never)).toBe(s.sol.wallet.answer)
  })

  it('when the wallet sends, then SEND_TRANSACTION_SUCCESS carries the hash; an oversized id is refused and emitted', async () => {
    const s = await connected()
    const hash = await sendTransaction(s.latch, { to: ALICE, value: 1n })
    expect(s.of('SEND_TRANSACTION_SUCCESS')).toEqual([{ namespace: 'eip155', hash }])
    s.evm.wallet.answer = `0x${'a'.repeat(255)}`
    await expect(sendTransaction(s.latch, { to: ALICE })).rejects.toThrow(
      'The wallet returned an invalid transaction id.',
    )
    expect(s.of('SEND_TRANSACTION_ERROR')).toEqual([
      { namespace: 'eip155', message: 'The wallet returned an invalid transaction id.' },
    ])
    s.evm.wallet.answer = `0x${'a'.repeat(254)}`
    expect(await sendTransaction(s.latch, { to: ALICE })).toHaveLength(256)
  })

  it('when a new connect is under way, then signing and sending wait for it to finish: nothing is asked of the wallet', async () => {
    const s = await connected()
    s.evm.wallet.holdConnect = deferred()
    const reconnecting = connect(s.latch, { connectorId: 'memory.wallet' })
    expect(s.ns().account).toMatchObject({ status: 'connecting', address: ALICE })
    await expect(signMessage(s.latch, { message: 'hi' })).rejects.toThrow('No ActiveCaipAddress found')
    await expect(sendTransaction(s.latch, { to: ALICE })).rejects.toThrow('No ActiveCaipAddress found')
    expect(s.evm.wallet.calls).not.toContain('sign')
    expect(s.evm.wallet.calls).not.toContain('send')
    s.evm.wallet.holdConnect.resolve()
    await reconnecting
  })

  it('when a non-eip155 wallet answers an empty or non-text signature or transaction id, then it is refused', async () => {
    const s = setup()
    await hydrate(s.latch)
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    for (const answer of ['', 42]) {
      s.sol.adapter.signMessage = async () => answer as never
      s.sol.adapter.sendTransaction = async () => answer as never
      await expect(signMessage(s.latch, { message: 'hi' })).rejects.toThrow(
        'The wallet returned an invalid signature.',
      )
      await expect(sendTransaction(s.latch, { to: SOL_ADDRESS } as never)).rejects.toThrow(
        'The wallet returned an invalid transaction id.',
      )
    }
  })

  it('when an eip155 wallet answers a transaction id that is not 0x-hex, then the error says so', async () => {
    const s = await connected()
    s.evm.wallet.answer = 'not-a-hash'
    await expect(sendTransaction(s.latch, { to: ALICE })).rejects.toThrow(
      'The wallet returned an invalid transaction id.',
    )
  })

  it('then the wallet receives the transaction without the namespace, on the current network', async () => {
    const s = await connected()
    let seen: unknown
    s.evm.adapter.sendTransaction = async (parameters) => {
      seen = parameters
      return `0x${'cd'.repeat(32)}`
    }
    await sendTransaction(s.latch, { namespace: 'eip155', to: ALICE, value: 5n })
    expect(seen).toEqual({ transaction: { to: ALICE, value: 5n }, caipNetwork: mainnet })
  })

  it('when the wallet is on a chain the app does not list, then a transaction is refused with "Chain is not supported"', async () => {
    const s = await connected()
    s.evm.wallet.changeChain(10)
    await expect(sendTransaction(s.latch, { to: ALICE })).rejects.toBeInstanceOf(UnsupportedChainIdError)
    expect(s.evm.wallet.calls).not.toContain('send')
  })

  it('when a transaction is mined, then its receipt is returned and the balance refreshed', async () => {
    const s = await connected()
    await flush()
    const receipt = { status: 'success' as const, blockNumber: 7n, transactionHash: '0x01' }
    s.evm.adapter.waitForTransaction = async ({ hash, caipNetwork }) => {
      s.evm.wallet.calls.push(`wait:${hash}:${caipNetwork.caipNetworkId}`)
      return receipt as never
    }
    // A failed balance blocks the next fetch for 30 s; a mined transaction refreshes it anyway.
    s.evm.wallet.balance = new Error('rpc down')
    await fetchBalance(s.latch, { force: true }).catch(() => {})
    expect(s.ns().account.balance).toBe('0.00')
    s.evm.wallet.balance = '2'
    expect(await waitForTransaction(s.latch, { hash: '0x01' })).toBe(receipt)
    expect(s.evm.wallet.calls).toContain('wait:0x01:eip155:1')
    await vi.waitFor(() => expect(s.ns().account.balance).toBe('2.00'))
  })
})

describe('given the getters', () => {
  it('then getAccount is stable while the account is unchanged, per namespace, and undefined for none', async () => {
    const s = setup()
    await hydrate(s.latch)
    const first = getAccount(s.latch)
    expect(first).toMatchObject({ namespace: 'eip155', status: 'disconnected', isConnected: false })
    expect(getAccount(s.latch)).toBe(first)
    expect(getAccount(s.latch, { namespace: 'solana' })?.namespace).toBe('solana')
    expect(getAccount(s.latch, { namespace: 'cosmos' })).toBeUndefined()
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(getAccount(s.latch)).toMatchObject({ isConnected: true, address: ALICE })
  })

  it('then the watchers report changes only, until stopped', async () => {
    const s = setup()
    await hydrate(s.latch)
    const accounts: (string | undefined)[] = []
    const networks: (string | undefined)[] = []
    const modals: boolean[] = []
    const stops = [
      watchAccount(s.latch, { onChange: (a) => accounts.push(a?.status) }),
      watchNetwork(s.latch, {
        namespace: 'eip155',
        onChange: (n) => networks.push(n.caipNetwork?.caipNetworkId),
      }),
      watchModalState(s.latch, { onChange: (m) => modals.push(m.open) }),
    ]
    setThemeMode(s.latch, 'dark')
    expect([accounts, networks, modals]).toEqual([[], [], []])
    await connect(s.latch, { connectorId: 'memory.wallet' })
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    openModal(s.latch)
    expect(accounts.slice(0, 2)).toEqual(['connecting', 'connected'])
    expect(networks.at(-1)).toBe('eip155:8453')
    expect(modals).toEqual([true])
    for (const stop of stops) stop()
    await disconnect(s.latch)
    expect(accounts.at(-1)).not.toBe('disconnected')
  })

  it("then watchAccount with a namespace follows that namespace's account", async () => {
    const s = setup()
    await hydrate(s.latch)
    const seen: (string | undefined)[] = []
    const stop = watchAccount(s.latch, {
      namespace: 'solana',
      onChange: (a) => seen.push(`${a?.namespace}:${a?.status}`),
    })
    await connect(s.latch, { connectorId: 'memory.wallet' })
    expect(seen).toEqual([])
    await connect(s.latch, { connectorId: 'sol.wallet', namespace: 'solana' })
    expect(seen.at(-1)).toBe('solana:connected')
    stop()
  })

  it("then watchNetwork with a namespace ignores the other namespaces' networks", async () => {
    const s = setup()
    await hydrate(s.latch)
    const seen: (string | undefined)[] = []
    const stop = watchNetwork(s.latch, {
      namespace: 'solana',
      onChange: (n) => seen.push(n.caipNetwork?.caipNetworkId),
    })
    await switchNetwork(s.latch, { caipNetworkId: 'eip155:8453' })
    expect(seen).toEqual([])
    stop()
  })

  it('then getNetwork reads the namespace asked for, or the configured list with none active', () => {
    const s = setup()
    expect(getNetwork(s.latch, { namespace: 'solana' })).toEqual({
      caipNetwork: solana,
      unsupported: false,
      networks: s.latch.options.networks,
    })
    expect(getNetwork(s.latch, { namespace: 'solana' })).toBe(getNetwork(s.latch, { namespace: 'solana' }))
    expect(getNetwork(s.latch, { namespace: 'cosmos' })).toEqual({
      caipNetwork: undefined,
      unsupported: false,
      networks: s.latch.options.networks,
    })
    expect(getModalState(s.latch)).toBe(s.latch.store.getState().modal)
  })

  it("then setThemeMode sets light or dark and refuses anything else with the spec's message", () => {
    const s = setup()
    setThemeMode(s.latch, 'dark')
    expect(s.latch.store.getState().themeMode).toBe('dark')
    setThemeMode(s.latch, 'light')
    expect(s.latch.store.getState().themeMode).toBe('light')
    expect(() => setThemeMode(s.latch, 'sepia' as never)).toThrow(
      new TypeError("Theme mode must be 'light' or 'dark', received 'sepia'."),
    )
    expect(s.latch.store.getState().themeMode).toBe('light')
  })
})
