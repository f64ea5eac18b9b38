import { createServer } from 'node:http'
import type { AdapterContext, CaipNetwork } from '@latch/core'
import { createConfig, createStorage, injected, reconnect as wagmiReconnect } from '@wagmi/core'
import { type EIP1193Provider, http, parseEther } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
// The testkit is imported from source so these tests run without a build step.
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { announceWallet } from '../../testkit/src/wallet/announce.js'
import { createTestWallet } from '../../testkit/src/wallet/createTestWallet.js'
import { createMemoryStorage, type WalletStorage } from '../../testkit/src/wallet/storage.js'
import type { Eip1193Provider, TestWalletOptions } from '../../testkit/src/wallet/types.js'
import { evmAdapter } from './evmAdapter.js'
import { getConnection } from './wagmiConnection.js'

// wagmi's injected connectors only look for providers where `window` exists. In Node an
// EventTarget stands in for it; it also carries the EIP-6963 events.
const fakeWindow = new EventTarget()
Object.assign(globalThis, { window: fakeWindow })

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let chains: LocalChains

beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
})
afterAll(() => chains?.stop())

function memoryKeyValue(): WalletStorage {
  return createMemoryStorage()
}

interface Setup {
  /** Shared between "page loads" to simulate a reload. */
  walletStorage?: WalletStorage
  wagmiStorage?: WalletStorage
  wallet?: Partial<TestWalletOptions>
  /** Replaces answers of the wallet, to play a wallet that returns garbage. */
  tamper?: (method: string, result: unknown) => unknown
  account?: number
  /** The tampered wallet emits no events (so wagmi only learns what the answers say). */
  silent?: boolean
}

function setup(options: Setup = {}) {
  const keys = TEST_ACCOUNTS.map((a) => a.privateKey)
  const first = options.account ?? 0
  const testWallet = createTestWallet({
    privateKeys: [keys[first]!, keys[first + 1]!],
    chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
    initialChainId: 1,
    storage: options.walletStorage ?? memoryKeyValue(),
    ...options.wallet,
  })
  const tamper = options.tamper
  const provider: Eip1193Provider = tamper
    ? {
        request: async (args) => tamper(args.method, await testWallet.provider.request(args)),
        on: (e, l) => (options.silent ? undefined : testWallet.provider.on(e, l)),
        removeListener: (e, l) => testWallet.provider.removeListener(e, l),
      }
    : testWallet.provider
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(chains.mainnet.rpcUrl), [base.id]: http(chains.base.rpcUrl) },
    connectors: [
      injected({
        target: () => ({
          id: 'dev.latch.wallet',
          name: 'Latch Dev Wallet',
          provider: provider as EIP1193Provider,
        }),
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: options.wagmiStorage ?? memoryKeyValue() }),
  })
  const adapter = evmAdapter({ config })
  const events = {
    accounts: [] as (readonly string[])[],
    chains: [] as (number | string)[],
    disconnects: 0,
  }
  const context: AdapterContext = {
    onAccountsChanged: (accounts) => events.accounts.push(accounts),
    onChainChanged: (chainId) => events.chains.push(chainId),
    onDisconnect: () => events.disconnects++,
    onConnectorsChanged: () => undefined,
  }
  const teardown = adapter.setup(context)
  const network = (id: number) => adapter.networks.find((n) => n.id === id) as CaipNetwork
  return { ...testWallet, adapter, config, events, teardown, network, address: TEST_ACCOUNTS[first]!.address }
}

describe('given an app whose wagmi config has chains 1 and 8453 on local anvil', () => {
  it('when the adapter is created, then its networks come from the config and no request is made', async () => {
    let requests = 0
    const server = createServer((_, res) => {
      requests++
      res.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const config = createConfig({
      chains: [mainnet, base],
      transports: { [mainnet.id]: http(url), [base.id]: http(url) },
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    const adapter = evmAdapter({ config })
    adapter.getConnectors()
    await new Promise((resolve) => setTimeout(resolve, 100))
    server.close()
    expect(requests).toBe(0)
    expect(adapter.namespace).toBe('eip155')
    expect(adapter.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(adapter.networks[0]?.rpcUrls.default.http).toEqual([url])
  })

  it('when the generic injected connector is configured, then it is listed as INJECTED "Browser Wallet"', () => {
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http(chains.mainnet.rpcUrl) },
      connectors: [injected()],
      multiInjectedProviderDiscovery: false,
      storage: null,
    })
    expect(evmAdapter({ config }).getConnectors()).toEqual([
      expect.objectContaining({ id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' }),
    ])
  })

  it('when a wallet announces itself (EIP-6963), then it appears as an ANNOUNCED connector with rdns, name and icon', async () => {
    const { provider, info } = createTestWallet({
      privateKeys: [TEST_ACCOUNTS[0]!.privateKey],
      chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
      initialChainId: 1,
      storage: createMemoryStorage(),
    })
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http(chains.mainnet.rpcUrl) },
      storage: null,
    })
    const adapter = evmAdapter({ config })
    const changes: string[][] = []
    const teardown = adapter.setup({
      onAccountsChanged: () => undefined,
      onChainChanged: () => undefined,
      onDisconnect: () => undefined,
      onConnectorsChanged: (list) => changes.push(list.map((c) => c.id)),
    })
    const stop = announceWallet(provider, info, fakeWindow)
    await vi.waitFor(() => expect(adapter.getConnectors().map((c) => c.id)).toContain('dev.latch.wallet'))
    expect(adapter.getConnectors().find((c) => c.id === 'dev.latch.wallet')).toEqual(
      expect.objectContaining({
        type: 'ANNOUNCED',
        rdns: 'dev.latch.wallet',
        name: 'Latch Dev Wallet',
        imageUrl: info.icon,
      }),
    )
    expect(changes.at(-1)).toContain('dev.latch.wallet')
    stop()
    teardown()
  })
})

describe('given the test wallet as a wagmi injected connector', () => {
  it('when the user approves connect, then Latch and wagmi see the same account and chain', async () => {
    const { adapter, config, events, address } = setup()
    const result = await adapter.connect({ connectorId: 'dev.latch.wallet' })
    expect(result).toMatchObject({
      address,
      chainId: 1,
      connectorId: 'dev.latch.wallet',
      connectorType: 'ANNOUNCED',
    })
    expect(events.accounts).toEqual([[address, TEST_ACCOUNTS[1]!.address].slice(0, 1)])
    expect(getConnection(config)).toMatchObject({ status: 'connected', address, chainId: 1 })
    expect(adapter.getProvider()).toBeDefined()
  })

  it('when the user rejects connect, then the 4001 code surfaces and nothing is connected', async () => {
    const { adapter, config, controls, events } = setup()
    controls.setApproval('reject')
    await expect(adapter.connect({ connectorId: 'dev.latch.wallet' })).rejects.toMatchObject({ code: 4001 })
    expect(getConnection(config).status).toBe('disconnected')
    expect(events.accounts).toEqual([])
  })

  it('when a message is signed, then the signature verifies for the account', async () => {
    const { adapter, address, network } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    const signature = await adapter.signMessage({ message: 'hello latch', address })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    const verify = adapter.verifyMessage!
    expect(await verify({ address, message: 'hello latch', signature, caipNetwork: network(1) })).toBe(true)
    expect(await verify({ address, message: 'other', signature, caipNetwork: network(1) })).toBe(false)
  })

  it('when a transaction is sent, then it is mined and the balances show it', async () => {
    const { adapter, network } = setup({ account: 4 })
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    const to = TEST_ACCOUNTS[6]!.address
    const before = await adapter.getBalance({ address: to, caipNetwork: network(1) })
    const hash = await adapter.sendTransaction({
      transaction: { to, value: parseEther('2') },
      caipNetwork: network(1),
    })
    expect(await adapter.waitForTransaction!({ hash, caipNetwork: network(1) })).toMatchObject({
      status: 'success',
    })
    const after = await adapter.getBalance({ address: to, caipNetwork: network(1) })
    expect(after.symbol).toBe('ETH')
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(2, 6)
  })

  it("when switching to a chain the wallet lacks, then the wallet's 4902 surfaces; after adding it, the chain changes", async () => {
    const { adapter, config, events, network } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    await expect(adapter.switchNetwork({ caipNetwork: network(8453) })).rejects.toMatchObject({ code: 4902 })
    await adapter.addNetwork!({ caipNetwork: network(8453) })
    await vi.waitFor(() => expect(events.chains).toEqual([8453]))
    expect(getConnection(config).chainId).toBe(8453)
    // The wallet was given the app's local RPC, so it really moved to the Base node.
    expect(
      await adapter.getBalance({ address: TEST_ACCOUNTS[0]!.address, caipNetwork: network(8453) }),
    ).toMatchObject({
      symbol: 'ETH',
    })
    await adapter.switchNetwork({ caipNetwork: network(1) })
    await vi.waitFor(() => expect(events.chains).toEqual([8453, 1]))
  })

  it('when the user rejects a switch, then the 4001 code surfaces and the chain stays', async () => {
    const { adapter, controls, network, config } = setup({ wallet: {} })
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    controls.failNextSwitch(4001)
    await expect(adapter.switchNetwork({ caipNetwork: network(8453) })).rejects.toMatchObject({ code: 4001 })
    expect(getConnection(config).chainId).toBe(1)
  })

  it('when the wallet moves to a chain the app did not configure, then the chain change reaches the context', async () => {
    const { adapter, controls, events } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    controls.changeChain(10)
    await vi.waitFor(() => expect(events.chains).toEqual([10]))
  })

  it('when the wallet changes account, then accountsChanged reaches the context', async () => {
    const { adapter, controls, events } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    controls.setAccount(1)
    await vi.waitFor(() => expect(events.accounts.at(-1)).toEqual([TEST_ACCOUNTS[1]!.address]))
  })

  it('when the app disconnects, then wagmi is disconnected and the context hears it', async () => {
    const { adapter, config, events } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    await adapter.disconnect()
    expect(getConnection(config).status).toBe('disconnected')
    expect(events.disconnects).toBe(1)
  })

  it('when the wallet ends the session, then the context hears a disconnect', async () => {
    const { adapter, controls, events, config } = setup()
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    controls.disconnect()
    await vi.waitFor(() => expect(events.disconnects).toBe(1))
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('when the page reloads, then reconnect restores the session without a prompt', async () => {
    const walletStorage = createMemoryStorage()
    const wagmiStorage = createMemoryStorage()
    const first = setup({ walletStorage, wagmiStorage })
    await first.adapter.connect({ connectorId: 'dev.latch.wallet' })
    first.teardown()

    const reloaded = setup({ walletStorage, wagmiStorage })
    reloaded.controls.setApproval('reject')
    const result = await reloaded.adapter.reconnect({})
    expect(result).toMatchObject({ address: first.address, chainId: 1, connectorId: 'dev.latch.wallet' })
    expect(reloaded.controls.requests()).not.toContain('eth_requestAccounts')
    expect(getConnection(reloaded.config).status).toBe('connected')
  })

  it('when wagmi itself is already reconnecting (reconnectOnMount), then reconnect waits and returns the same session', async () => {
    const walletStorage = createMemoryStorage()
    const wagmiStorage = createMemoryStorage()
    const first = setup({ walletStorage, wagmiStorage })
    await first.adapter.connect({ connectorId: 'dev.latch.wallet' })
    first.teardown()

    const reloaded = setup({ walletStorage, wagmiStorage })
    const [, result] = await Promise.all([wagmiReconnect(reloaded.config), reloaded.adapter.reconnect({})])
    expect(result).toMatchObject({ address: first.address, chainId: 1 })
  })

  it('when the app had disconnected before the reload, then reconnect finds no session', async () => {
    const walletStorage = createMemoryStorage()
    const wagmiStorage = createMemoryStorage()
    const first = setup({ walletStorage, wagmiStorage })
    await first.adapter.connect({ connectorId: 'dev.latch.wallet' })
    await first.adapter.disconnect()
    const reloaded = setup({ walletStorage, wagmiStorage })
    expect(await reloaded.adapter.reconnect({})).toBeUndefined()
  })

  it('when the wallet returns a garbage account, then connect fails clearly and nothing stays connected', async () => {
    const { adapter, config } = setup({
      silent: true,
      tamper: (method, result) =>
        method === 'eth_requestAccounts'
          ? ['0xnot-an-address']
          : method === 'wallet_requestPermissions'
            ? [{ parentCapability: 'eth_accounts', caveats: [{ value: ['0x12'] }] }]
            : result,
    })
    await expect(adapter.connect({ connectorId: 'dev.latch.wallet' })).rejects.toThrow(/address/i)
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('when the wallet returns a garbage chain id, then connect fails clearly and nothing stays connected', async () => {
    const { adapter, config, events } = setup({
      tamper: (method, result) => (method === 'eth_chainId' ? 'banana' : result),
    })
    await expect(adapter.connect({ connectorId: 'dev.latch.wallet' })).rejects.toThrow(/invalid chain id/)
    expect(getConnection(config).status).toBe('disconnected')
    expect(events.disconnects).toBe(1)
  })

  it('when the wallet returns a garbage signature or hash, then the call fails with "invalid"', async () => {
    const { adapter, address, network } = setup({
      tamper: (method, result) =>
        method === 'personal_sign' ? '0x1234' : method === 'eth_sendTransaction' ? 'hash?' : result,
    })
    await adapter.connect({ connectorId: 'dev.latch.wallet' })
    await expect(adapter.signMessage({ message: 'x', address })).rejects.toThrow(/invalid signature/)
    await expect(
      adapter.sendTransaction({
        transaction: { to: TEST_ACCOUNTS[5]!.address, value: 1n },
        caipNetwork: network(1),
      }),
    ).rejects.toThrow(/invalid transaction hash|hash/i)
  })
})
