import { describe, expect, it } from 'vitest'
import { hydrate, teardown } from './actions/hydrate.js'
import { defineCaipNetwork } from './caip.js'
import { applyStoredState, createLatch } from './createLatch.js'
import { cookieToInitialState } from './initialState.js'
import { createMemoryStorage, STORAGE_KEYS } from './storage.js'
import { memoryAdapter } from './test/memoryAdapter.fixture.js'
import type { ChainAdapter } from './types.js'

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const rpcUrls = { default: { http: ['http://127.0.0.1:8545'] } }
const mainnet = defineCaipNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency,
  rpcUrls,
})
const base = defineCaipNetwork({ id: 8453, chainNamespace: 'eip155', name: 'Base', nativeCurrency, rpcUrls })

// The wallet is gone (not announced, the site not authorized): a restore ends disconnected.
const adapter = (): ChainAdapter => memoryAdapter('eip155', [mainnet, base], { connectors: [] }).adapter

const cookie = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('; ')

const returning = {
  [STORAGE_KEYS.connectorId('eip155')]: 'io.metamask',
  [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'eip155:8453',
  [STORAGE_KEYS.activeNamespace]: 'eip155',
  [STORAGE_KEYS.recentWallet]: 'io.metamask',
}

describe('given the Cookie header of a request', () => {
  it('when read on the server, then the kit’s values come out validated and the rest is ignored', () => {
    const header = `session=abc; ${cookie({
      ...returning,
      [STORAGE_KEYS.connectorId('solana')]: 'bad id with spaces',
      [STORAGE_KEYS.connectorId('NOT-A-NS!')]: 'io.metamask',
    })}`
    expect(cookieToInitialState(header)).toEqual({
      activeNamespace: 'eip155',
      lastUsedNetworks: { eip155: 'eip155:8453' },
      recentWallet: 'io.metamask',
      connectorIds: { eip155: 'io.metamask' },
    })
  })

  it('when there is no cookie, then the initial state is empty', () => {
    expect(cookieToInitialState(null)).toEqual({})
    expect(cookieToInitialState('')).toEqual({})
  })
})

describe('given a returning visitor', () => {
  it('when the instance is created with the cookie state, then it shows connecting on Base from the start', () => {
    const latch = createLatch(
      { networks: [mainnet, base], adapters: [adapter()], storage: createMemoryStorage() },
      { initialState: cookieToInitialState(cookie(returning)) },
    )
    const { namespaces, recentWalletId } = latch.store.getState()
    expect(namespaces.eip155?.account.status).toBe('connecting')
    expect(namespaces.eip155?.network.caipNetwork?.name).toBe('Base')
    expect(recentWalletId).toBe('io.metamask')
  })

  it('when the instance is created without initial state, then it reads no storage until hydrate', async () => {
    const storage = createMemoryStorage(returning)
    const latch = createLatch({ networks: [mainnet, base], adapters: [adapter()], storage })
    const first = latch.store.getState()
    expect(first.namespaces.eip155?.account.status).toBe('disconnected')
    expect(first.namespaces.eip155?.network.caipNetwork?.name).toBe('Ethereum')
    expect(first.recentWalletId).toBeUndefined()

    const restoring = hydrate(latch)
    // Synchronously, before any wallet answers: the browser's own storage is in the state.
    const now = latch.store.getState()
    expect(now.namespaces.eip155?.account.status).toBe('connecting')
    expect(now.namespaces.eip155?.network.caipNetwork?.name).toBe('Base')
    expect(now.recentWalletId).toBe('io.metamask')
    await restoring
    expect(latch.store.getState().namespaces.eip155?.account.status).toBe('disconnected')
    teardown(latch)
  })

  it('when the stored values were applied before paint, then hydrate does not read them again', async () => {
    const storage = createMemoryStorage(returning)
    const reads: string[] = []
    const counted = {
      ...storage,
      getItem: (key: string) => {
        reads.push(key)
        return storage.getItem(key)
      },
    }
    const latch = createLatch({
      networks: [mainnet, base],
      adapters: [adapter()],
      storage: counted,
      restoreTimeoutMs: 50,
    })
    applyStoredState(latch)
    expect(latch.store.getState().namespaces.eip155?.network.caipNetwork?.name).toBe('Base')
    const before = reads.filter((key) => key === STORAGE_KEYS.lastUsedNetwork('eip155')).length
    await hydrate(latch)
    expect(reads.filter((key) => key === STORAGE_KEYS.lastUsedNetwork('eip155')).length).toBe(before)
    teardown(latch)
    // After a teardown (unmount) the next hydrate reads the browser's values again.
    storage.setItem(STORAGE_KEYS.lastUsedNetwork('eip155'), 'eip155:1')
    const again = hydrate(latch)
    expect(latch.store.getState().namespaces.eip155?.network.caipNetwork?.name).toBe('Ethereum')
    await again
    teardown(latch)
  })

  it('when the initial state was tampered with, then bad values are dropped and unknown networks ignored', () => {
    const latch = createLatch(
      { networks: [mainnet, base], adapters: [adapter()], storage: createMemoryStorage() },
      {
        initialState: {
          lastUsedNetworks: { eip155: '<img>' },
          activeNamespace: 'solana',
          recentWallet: 'x" onerror="y',
          connectorIds: { eip155: 42 as unknown as string },
        },
      },
    )
    const state = latch.store.getState()
    expect(state.namespaces.eip155?.account.status).toBe('disconnected')
    expect(state.namespaces.eip155?.network.caipNetwork?.name).toBe('Ethereum')
    expect(state.activeNamespace).toBe('eip155')
    expect(state.recentWalletId).toBeUndefined()
  })
})
