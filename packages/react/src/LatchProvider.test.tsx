import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { STORAGE_KEYS } from '@latch/core/internal'
import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { memoryAdapter } from '../../core/src/test/memoryAdapter.fixture.js'
import { ConnectButton } from './components/ConnectButton.js'
import { NetworkButton } from './components/NetworkButton.js'
import { LatchProvider } from './LatchProvider.js'

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const rpcUrls = { default: { http: ['http://127.0.0.1:8545'] } }
const mainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency,
  rpcUrls,
} as const
const base = { ...mainnet, id: 8453, caipNetworkId: 'eip155:8453', name: 'Base' } as const

/** The memory wallet, counting its running watchers; it never answers a restore. */
function watchedAdapter() {
  const { adapter, wallet } = memoryAdapter('eip155', [mainnet, base], {
    connectors: [{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }],
  })
  wallet.reconnectAnswer = 'never'
  const counts = {
    setups: 0,
    running: 0,
    get reconnects() {
      return wallet.calls.filter((call) => call.startsWith('reconnect:')).length
    },
  }
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (context) => {
    counts.setups++
    counts.running++
    const stop = setup(context)
    return () => {
      counts.running--
      stop()
    }
  }
  return { adapter, counts }
}

/** Counts the live subscriptions on the instance's store. */
function countSubscriptions(latch: Latch): { live: number } {
  const counter = { live: 0 }
  const subscribe = latch.store.subscribe.bind(latch.store) as (...args: unknown[]) => () => void
  latch.store.subscribe = ((...args: unknown[]) => {
    counter.live++
    const stop = subscribe(...args)
    let stopped = false
    return () => {
      if (!stopped) counter.live--
      stopped = true
      stop()
    }
  }) as Latch['store']['subscribe']
  return counter
}

const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('given a LatchProvider', () => {
  it('when it unmounts, then no wallet watcher and no store subscription is left', async () => {
    const { adapter, counts } = watchedAdapter()
    const latch = createLatch({
      networks: [mainnet, base],
      adapters: [adapter],
      storage: createMemoryStorage(),
    })
    const subscriptions = countSubscriptions(latch)
    const view = render(
      <StrictMode>
        <LatchProvider latch={latch}>
          <ConnectButton />
        </LatchProvider>
      </StrictMode>,
    )
    await nextTask()
    // Strict mode's extra unmount and mount did not start the adapter twice.
    expect(counts).toMatchObject({ setups: 1, running: 1 })
    expect(subscriptions.live).toBeGreaterThan(0)

    view.unmount()
    await nextTask()
    expect(counts.running).toBe(0)
    expect(subscriptions.live).toBe(0)
  })

  it('when a stored session exists, then the first commit already shows it as connecting on its network', async () => {
    const { adapter, counts } = watchedAdapter()
    const storage = createMemoryStorage({
      [STORAGE_KEYS.connectorId('eip155')]: 'io.metamask',
      [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'eip155:8453',
    })
    const latch = createLatch({ networks: [mainnet, base], adapters: [adapter], storage })
    // Nothing was read at creation …
    expect(latch.store.getState().namespaces.eip155?.account.status).toBe('disconnected')
    const view = render(
      <LatchProvider latch={latch}>
        <NetworkButton />
        <ConnectButton />
      </LatchProvider>,
    )
    // … and hydrate ran in a layout effect, so the rendered output (before any paint) shows it.
    expect(screen.getByTestId('latch-connect-button').textContent).toBe('Connecting…')
    expect(screen.getByTestId('latch-network-button').textContent).toBe('Base')
    await nextTask()
    expect(counts.reconnects).toBe(1)
    view.unmount()
    await nextTask()
  })
})
