// EIP-5792 batches through the kit end to end in Node: createLatch + the EVM adapter + the test
// wallet (real keys) on a real anvil chain, read back from the chain directly.
import {
  CallsError,
  CallsPartlySentError,
  CallsStatusNotShownError,
  connect,
  createLatch,
  createMemoryStorage,
  getCallsStatus,
  getCapabilities,
  hydrate,
  sendCalls,
  showCallsStatus,
  teardown,
} from '@latch/core'
import { createConfig, injected } from '@wagmi/core'
import { createPublicClient, type EIP1193Provider, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../../testkit/src/node/accounts.js'
import { type LocalChains, startLocalChains } from '../../testkit/src/node/anvil.js'
import { createTestWallet } from '../../testkit/src/wallet/createTestWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import { evmAdapter, toCaipNetwork } from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let chains: LocalChains
beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
})
afterAll(() => chains?.stop())

async function connected({ batchCalls }: { batchCalls: boolean }) {
  const wallet = createTestWallet({
    privateKeys: [TEST_ACCOUNTS[6]!.privateKey],
    chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
    initialChainId: 1,
    storage: walletMemory(),
    batchCalls,
  })
  const chain = { ...mainnet, rpcUrls: { default: { http: [chains.mainnet.rpcUrl] } } }
  const config = createConfig({
    chains: [chain],
    transports: { [chain.id]: http(chains.mainnet.rpcUrl) },
    connectors: [
      injected({
        target: () => ({ id: 'dev.latch.wallet', name: 'Dev', provider: wallet.provider as EIP1193Provider }),
      }),
    ],
    multiInjectedProviderDiscovery: false,
  })
  const latch = createLatch({
    networks: [toCaipNetwork(chain)],
    adapters: [evmAdapter({ config })],
    storage: createMemoryStorage(),
  })
  await hydrate(latch)
  await connect(latch, { connectorId: 'dev.latch.wallet' })
  const sent = () =>
    wallet.controls.requests().filter((m) => m === 'eth_sendTransaction' || m === 'wallet_sendCalls')
  return { latch, wallet, sent }
}

const chainClient = () => createPublicClient({ transport: http(chains.mainnet.rpcUrl) })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

async function settled(latch: Parameters<typeof getCallsStatus>[0], id: string) {
  for (let i = 0; i < 100; i++) {
    const status = await getCallsStatus(latch, { id })
    if (status.status !== 'pending') return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the batch stayed pending')
}

describe('given a wallet with EIP-5792 (the test wallet)', () => {
  it('when two transfers are sent as a batch, then the wallet sends them with wallet_sendCalls and its status lists both, mined', async () => {
    const { latch, sent } = await connected({ batchCalls: true })
    const [a, b] = [fresh(), fresh()]
    const { id } = await sendCalls(latch, {
      calls: [
        { to: a, value: 5n },
        { to: b, value: 7n },
      ],
    })
    expect(sent()).toEqual(['wallet_sendCalls'])
    const status = await settled(latch, id)
    expect(status).toMatchObject({ id, chainId: 1, statusCode: 200, status: 'success', atomic: false })
    expect(status.receipts?.map((r) => r.status)).toEqual(['success', 'success'])
    expect(await chainClient().getBalance({ address: a })).toBe(5n)
    expect(await chainClient().getBalance({ address: b })).toBe(7n)
    await showCallsStatus(latch, { id })
    teardown(latch)
  })

  it('when the batch must be atomic, then it is refused (5760) and nothing is sent', async () => {
    const { latch, sent } = await connected({ batchCalls: true })
    const to = fresh()
    await expect(sendCalls(latch, { calls: [{ to, value: 1n }], forceAtomic: true })).rejects.toMatchObject({
      name: 'CallsError',
      code: 5760,
    })
    expect(sent()).toEqual([])
    expect(await chainClient().getBalance({ address: to })).toBe(0n)
    teardown(latch)
  })
})

describe('given a wallet without EIP-5792', () => {
  it('when a batch is sent, then the kit sends each call in order under one id whose status it reads from the chain', async () => {
    const { latch, sent } = await connected({ batchCalls: false })
    const [a, b] = [fresh(), fresh()]
    expect((await getCapabilities(latch))[1]).toMatchObject({ atomic: { status: 'unsupported' } })
    const { id } = await sendCalls(latch, {
      calls: [
        { to: a, value: 3n },
        { to: b, value: 4n, data: '0x' },
      ],
    })
    expect(sent()).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    const status = await getCallsStatus(latch, { id })
    expect(status).toMatchObject({ id, chainId: 1, statusCode: 200, status: 'success', atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(await chainClient().getBalance({ address: b })).toBe(4n)
    await expect(showCallsStatus(latch, { id })).rejects.toBeInstanceOf(CallsStatusNotShownError)
    teardown(latch)
  })

  it('when the batch must be atomic, then it is refused (5760) rather than sent one by one', async () => {
    const { latch, sent } = await connected({ batchCalls: false })
    const error = await sendCalls(latch, { calls: [{ to: fresh(), value: 1n }], forceAtomic: true }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(CallsError)
    expect(error.code).toBe(5760)
    expect(sent()).toEqual([])
    teardown(latch)
  })

  it('when the app requires a capability, then the fallback refuses the batch (5700); an optional one is left out', async () => {
    const { latch, sent } = await connected({ batchCalls: false })
    const to = fresh()
    const calls = [{ to, value: 1n }]
    await expect(
      sendCalls(latch, { calls, capabilities: { paymasterService: { url: 'http://127.0.0.1:9' } } }),
    ).rejects.toMatchObject({ name: 'CallsError', code: 5700 })
    expect(sent()).toEqual([])
    const { id } = await sendCalls(latch, {
      calls,
      capabilities: { paymasterService: { url: 'http://127.0.0.1:9', optional: true } },
    })
    expect((await getCallsStatus(latch, { id })).statusCode).toBe(200)
    expect(await chainClient().getBalance({ address: to })).toBe(1n)
    teardown(latch)
  })

  it('when a later call names no valid address, then the batch is refused before the first call is sent', async () => {
    const { latch, sent } = await connected({ batchCalls: false })
    const to = fresh()
    const calls = [
      { to, value: 1n },
      { to: '0x1234', value: 1n },
    ] as const
    await expect(sendCalls(latch, { calls })).rejects.toThrow('Invalid call address: "0x1234".')
    expect(sent()).toEqual([])
    expect(await chainClient().getBalance({ address: to })).toBe(0n)
    teardown(latch)
  })

  it('when the 2nd of 3 calls fails, then the error and the status say the 1st was sent and the rest was not', async () => {
    const { latch, sent } = await connected({ batchCalls: false })
    const [a, b, c] = [fresh(), fresh(), fresh()]
    const calls = [
      { to: a, value: 2n },
      // More than the account holds: the wallet cannot send it.
      { to: b, value: 10n ** 30n },
      { to: c, value: 2n },
    ]
    const error = await sendCalls(latch, { calls }).catch((e) => e)
    expect(error).toBeInstanceOf(CallsPartlySentError)
    expect(error).toMatchObject({ sent: 1, total: 3 })
    expect(error.shortMessage).toBe("Only 1 of 3 calls were sent; the batch's status lists them.")
    expect(sent()).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    const status = await getCallsStatus(latch, { id: error.id })
    expect(status).toMatchObject({ statusCode: 600, status: 'failure' })
    expect(status.receipts).toHaveLength(1)
    expect(await chainClient().getBalance({ address: a })).toBe(2n)
    expect(await chainClient().getBalance({ address: c })).toBe(0n)
    teardown(latch)
  })
})
