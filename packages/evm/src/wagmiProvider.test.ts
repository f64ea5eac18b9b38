// @vitest-environment jsdom
// The adapter under the real wagmi React provider. wagmi's `Hydrate` runs its mount step on every
// render when the config has no `ssr: true`, and with `reconnectOnMount={false}` that step empties
// wagmi's connections: the session must survive it, whatever the app passes.
import { connect, createLatch, createMemoryStorage, hydrate, teardown } from '@latch/core'
import { act, cleanup, render } from '@testing-library/react'
import { createConfig, createStorage, injected } from '@wagmi/core'
import { createElement, useEffect, useState } from 'react'
import { type EIP1193Provider, http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { createTestWallet } from '../../testkit/src/wallet/createTestWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import { evmAdapter, toCaipNetwork } from './index.js'
import { getConnection } from './wagmiConnection.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let chains: LocalChains

beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
})
afterAll(() => chains?.stop())
afterEach(cleanup)

/** Storages that outlive a page, so a second page is a reload of the first. */
function browser() {
  return { wallet: walletMemory(), wagmi: walletMemory(), latch: createMemoryStorage() }
}

function page({ ssr }: { ssr: boolean }, stores = browser()) {
  const wallet = createTestWallet({
    privateKeys: [TEST_ACCOUNTS[6]!.privateKey],
    chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
    initialChainId: 1,
    storage: stores.wallet,
  })
  const m = { ...mainnet, rpcUrls: { default: { http: [chains.mainnet.rpcUrl] } } }
  const config = createConfig({
    chains: [m],
    transports: { [m.id]: http(chains.mainnet.rpcUrl) },
    connectors: [
      injected({
        target: () => ({
          id: 'dev.latch.wallet',
          name: 'Latch Dev Wallet',
          provider: wallet.provider as EIP1193Provider,
        }),
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: stores.wagmi }),
    ssr,
  })
  const latch = createLatch({
    networks: [toCaipNetwork(m)],
    adapters: [evmAdapter({ config })],
    storage: stores.latch,
  })
  return { latch, config, account: () => latch.store.getState().namespaces.eip155!.account }
}

/** An app that renders `WagmiProvider` itself and re-renders it on each of its own state changes. */
function mountApp(config: ReturnType<typeof page>['config'], reconnectOnMount: boolean | undefined) {
  let bump: () => void = () => {}
  function App() {
    const [count, setCount] = useState(0)
    useEffect(() => {
      bump = () => setCount((n) => n + 1)
    }, [])
    const props = reconnectOnMount === undefined ? { config } : { config, reconnectOnMount }
    return createElement(WagmiProvider, props, createElement('output', null, String(count)))
  }
  render(createElement(App))
  return () => act(() => bump())
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)))

describe.each([
  { ssr: false, reconnectOnMount: false },
  { ssr: false, reconnectOnMount: undefined },
  { ssr: true, reconnectOnMount: false },
  { ssr: true, reconnectOnMount: undefined },
])(
  'given WagmiProvider with ssr: $ssr and reconnectOnMount: $reconnectOnMount',
  ({ ssr, reconnectOnMount }) => {
    it('when the app re-renders the provider after a connect, then the account stays connected in Latch and in wagmi', async () => {
      const { latch, config, account } = page({ ssr })
      const rerender = mountApp(config, reconnectOnMount)
      await act(() => hydrate(latch))
      await act(() => connect(latch, { connectorId: 'dev.latch.wallet' }))
      expect(account().status).toBe('connected')
      for (let i = 0; i < 3; i++) {
        await rerender()
        await settle()
      }
      expect(account().status).toBe('connected')
      expect(account().address).toBe(TEST_ACCOUNTS[6]!.address)
      expect(getConnection(config).address).toBe(TEST_ACCOUNTS[6]!.address)
      teardown(latch)
    })

    it('when the page reloads and the app re-renders the provider, then the session is restored and stays', async () => {
      const stores = browser()
      const first = page({ ssr }, stores)
      await hydrate(first.latch)
      await connect(first.latch, { connectorId: 'dev.latch.wallet' })
      teardown(first.latch)
      const { latch, config, account } = page({ ssr }, stores)
      const rerender = mountApp(config, reconnectOnMount)
      await act(() => hydrate(latch))
      await settle()
      expect(account().status).toBe('connected')
      for (let i = 0; i < 3; i++) {
        await rerender()
        await settle()
      }
      expect(account().status).toBe('connected')
      expect(getConnection(config).address).toBe(TEST_ACCOUNTS[6]!.address)
      teardown(latch)
    })
  },
)
