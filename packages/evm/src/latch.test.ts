// The core instance driven end to end in Node: createLatch + the real EVM adapter + the test
// wallet (real keys) on real anvil chains. Rules are unit-tested in core; this checks the
// orchestration of the actions and the state they leave.
import {
  closeModal,
  connect,
  createLatch,
  createMemoryStorage,
  disconnect,
  hydrate,
  InvalidOptionsError,
  openModal,
  SiwxConflictError,
  SwitchNetworkNotFoundError,
  sendTransaction,
  switchNetwork,
  TransactionRefusedError,
  teardown,
  UserRejectedRequestError,
} from '@latch/core'
import { STORAGE_KEYS, selectWallet } from '@latch/core/internal'
import { createConfig, createStorage, injected } from '@wagmi/core'
import { type EIP1193Provider, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { createTestWallet } from '../../testkit/src/wallet/createTestWallet.js'
import { type WalletStorage, createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import { evmAdapter, toCaipNetwork } from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let chains: LocalChains

beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
})
afterAll(() => chains?.stop())

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** One "page": a wallet, the app's wagmi config and a Latch instance; storages survive reloads. */
function page(
  stores: {
    wallet?: WalletStorage
    wagmi?: WalletStorage
    latch?: ReturnType<typeof createMemoryStorage>
  } = {},
  overrides: { projectId?: string | undefined } = { projectId: 'test' },
) {
  const wallet = createTestWallet({
    privateKeys: [TEST_ACCOUNTS[4]!.privateKey, TEST_ACCOUNTS[5]!.privateKey],
    chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
    initialChainId: 1,
    storage: stores.wallet ?? walletMemory(),
  })
  const m = { ...mainnet, rpcUrls: { default: { http: [chains.mainnet.rpcUrl] } } }
  const b = { ...base, rpcUrls: { default: { http: [chains.base.rpcUrl] } } }
  const config = createConfig({
    chains: [m, b],
    transports: { [m.id]: http(chains.mainnet.rpcUrl), [b.id]: http(chains.base.rpcUrl) },
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
    storage: createStorage({ storage: stores.wagmi ?? walletMemory() }),
  })
  const storage = stores.latch ?? createMemoryStorage()
  const latch = createLatch({
    networks: [toCaipNetwork(m), toCaipNetwork(b)],
    adapters: [evmAdapter({ config })],
    ...(overrides.projectId ? { projectId: overrides.projectId } : {}),
    storage,
  })
  return { latch, wallet, storage, ns: () => latch.store.getState().namespaces.eip155! }
}

describe('given the options', () => {
  it('when both `siweConfig` and `siwx` are set, then "Cannot set both `siweConfig` and `siwx` options" is thrown', () => {
    expect(() =>
      createLatch({ networks: [toCaipNetwork(mainnet)], siweConfig: {}, siwx: {} as never }),
    ).toThrow(SiwxConflictError)
    expect(() =>
      createLatch({ networks: [toCaipNetwork(mainnet)], siweConfig: {}, siwx: {} as never }),
    ).toThrow('Cannot set both `siweConfig` and `siwx` options')
  })

  it('when an option is unknown, then InvalidOptionsError names it and nothing is created', () => {
    expect(() => createLatch({ networks: [toCaipNetwork(mainnet)], colour: 'red' } as never)).toThrow(
      InvalidOptionsError,
    )
    expect(() => createLatch({ networks: [toCaipNetwork(mainnet)], colour: 'red' } as never)).toThrow(
      /colour/,
    )
  })

  it('when no project id is set and there is no server, then no alert is raised and the kit works', async () => {
    const { latch, ns } = page({}, { projectId: undefined })
    expect(latch.store.getState().alerts).toEqual([])
    await hydrate(latch)
    await connect(latch, { connectorId: 'dev.latch.wallet' })
    expect(ns().account.status).toBe('connected')
    teardown(latch)
  })

  it('when there are no adapters, then on desktop the modal opens on ConnectingWalletConnectBasic', () => {
    const latch = createLatch({ networks: [toCaipNetwork(mainnet)] })
    openModal(latch)
    expect(latch.store.getState().router.history.at(-1)?.view).toBe('ConnectingWalletConnectBasic')
  })
})

describe('given a new instance', () => {
  it('then two instances never share state', () => {
    const a = page()
    const b = page()
    openModal(a.latch)
    expect(a.latch.store.getState().modal.open).toBe(true)
    expect(b.latch.store.getState().modal.open).toBe(false)
  })

  it('when the visitor connects from the modal, then the namespace is connected, the modal closes and the session is remembered', async () => {
    const { latch, ns, storage } = page()
    await hydrate(latch)
    expect(ns().account.status).toBe('disconnected')
    openModal(latch)
    await selectWallet(latch, { connectorId: 'dev.latch.wallet' })
    expect(ns().account.address).toBe(TEST_ACCOUNTS[4]!.address)
    expect(ns().account.status).toBe('connected')
    expect(ns().account.caipAddress).toBe(`eip155:1:${TEST_ACCOUNTS[4]!.address}`)
    expect(latch.store.getState().modal.open).toBe(false)
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBe('dev.latch.wallet')
    await until(() => ns().account.balance !== undefined)
    expect(ns().account.balanceSymbol).toBe('ETH')
    // Opening again shows Account (spec §2).
    openModal(latch)
    expect(latch.store.getState().router.history).toEqual([{ view: 'Account', params: undefined }])
    closeModal(latch)
    expect(latch.store.getState().router.history.at(-1)?.view).toBe('Connect')
    teardown(latch)
  })

  it('when the visitor rejects the connection, then the error is thrown and shown and nothing is half-connected', async () => {
    const { latch, ns, wallet, storage } = page()
    await hydrate(latch)
    wallet.controls.setApproval('reject')
    await expect(connect(latch, { connectorId: 'dev.latch.wallet' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(ns().account.status).toBe('disconnected')
    expect(ns().account.address).toBeUndefined()
    // Headless: the modal state is the modal flow's business.
    expect(latch.store.getState().error).toBeUndefined()
    openModal(latch)
    await selectWallet(latch, { connectorId: 'dev.latch.wallet' })
    expect(latch.store.getState().error?.code).toBe('user-rejected')
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
    teardown(latch)
  })
})

describe('given a connected account on chain 1', () => {
  it('when switching to Base, which the wallet does not know (4902), then the chain is added and the state follows', async () => {
    const { latch, ns, wallet } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'dev.latch.wallet' })
    await switchNetwork(latch, { caipNetworkId: 'eip155:8453' })
    expect(wallet.controls.requests()).toContain('wallet_addEthereumChain')
    expect(ns().network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(ns().account.caipAddress).toBe(`eip155:8453:${TEST_ACCOUNTS[4]!.address}`)
    teardown(latch)
  })

  it.each(['internal-error-wrapping-rejection', 'rejection-with-internal-cause'] as const)(
    'when the visitor declines the switch (%s), then the chain is not added and nothing changes',
    async (shape) => {
      const { latch, ns, wallet } = page()
      await hydrate(latch)
      await connect(latch, { connectorId: 'dev.latch.wallet' })
      wallet.controls.declineNextSwitch(shape)
      await expect(switchNetwork(latch, { caipNetworkId: 'eip155:8453' })).rejects.toThrow()
      expect(wallet.controls.requests()).toContain('wallet_switchEthereumChain')
      expect(wallet.controls.requests()).not.toContain('wallet_addEthereumChain')
      expect(ns().network.caipNetwork?.caipNetworkId).toBe('eip155:1')
      expect(ns().account.status).toBe('connected')
      teardown(latch)
    },
  )

  it('when switching to a chain the app did not configure, then "switch network not found" is thrown', async () => {
    const { latch } = page()
    await expect(switchNetwork(latch, { caipNetworkId: 'eip155:10' })).rejects.toBeInstanceOf(
      SwitchNetworkNotFoundError,
    )
  })

  it('when a transaction asks more than the account holds, then the chain refuses it as insufficient funds (spec §8)', async () => {
    const { latch } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'dev.latch.wallet' })
    const sent = sendTransaction(latch, { to: TEST_ACCOUNTS[5]!.address, value: 10n ** 30n })
    await expect(sent).rejects.toBeInstanceOf(TransactionRefusedError)
    await expect(sent).rejects.toMatchObject({
      reason: 'insufficientFunds',
      shortMessage: 'The account cannot pay for the transaction and its fee.',
    })
    teardown(latch)
  })

  it('when the wallet moves to an unknown chain, then the unsupported state is set and UnsupportedChain opens', async () => {
    const { latch, ns, wallet } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'dev.latch.wallet' })
    wallet.controls.changeChain(31337)
    await until(() => ns().network.unsupported)
    expect(latch.store.getState().modal.open).toBe(true)
    expect(latch.store.getState().router.history.at(-1)?.view).toBe('UnsupportedChain')
    expect(ns().account.caipAddress).toBeUndefined()
    teardown(latch)
  })

  it('when the page reloads, then the session is restored without a prompt; after disconnect it is not', async () => {
    const stores = { wallet: walletMemory(), wagmi: walletMemory(), latch: createMemoryStorage() }
    const first = page(stores)
    await hydrate(first.latch)
    await connect(first.latch, { connectorId: 'dev.latch.wallet' })
    teardown(first.latch)

    const second = page(stores)
    // Creation reads no storage; hydrate shows the stored session as connecting at once.
    expect(second.ns().account.status).toBe('disconnected')
    const restoring = hydrate(second.latch)
    expect(second.ns().account.status).toBe('connecting')
    await restoring
    expect(second.ns().account.status).toBe('connected')
    expect(second.wallet.controls.requests()).not.toContain('wallet_requestPermissions')
    expect(second.wallet.controls.requests()).not.toContain('eth_requestAccounts')

    await disconnect(second.latch)
    expect(second.ns().account.status).toBe('disconnected')
    expect(second.ns().account.address).toBeUndefined()
    teardown(second.latch)

    const third = page(stores)
    await hydrate(third.latch)
    expect(third.ns().account.status).toBe('disconnected')
    teardown(third.latch)
  })
})
