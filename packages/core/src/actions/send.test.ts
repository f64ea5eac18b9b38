import { describe, expect, it, vi } from 'vitest'
import { createLatch } from '../createLatch.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { TokenBalance } from '../rules/tokens.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { connect } from './connect.js'
import { hydrate, teardown } from './hydrate.js'
import { confirmSend, fillMaxAmount, reviewSend, setSendForm } from './send.js'
import { switchNetwork } from './switchNetwork.js'

const mainnet = network('eip155', 1, 'Ethereum')
const base = network('eip155', 8453, 'Base')
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const FEE = 21_000n * 10n ** 9n

async function connected() {
  const evm = memoryAdapter('eip155', [mainnet, base])
  const sent: unknown[] = []
  Object.assign(evm.adapter, {
    parseRecipient: (address: string) =>
      address.toLowerCase() === RECIPIENT.toLowerCase() ? RECIPIENT : undefined,
    prepareTransfer: async ({ to, amount }: { to: string; amount: bigint }) => ({
      transaction: { to, value: amount },
      fee: FEE,
    }),
    sendTransaction: async ({ transaction }: { transaction: unknown }) => {
      sent.push(transaction)
      if (evm.wallet.answer === 'reject') throw new UserRejectedRequestError()
      return `0x${'ab'.repeat(32)}`
    },
    waitForTransaction: async () => ({ status: 'success' }),
    resolveName: async ({ name }: { name: string }) => {
      if (name === 'down.eth') throw new Error('node down')
      return name === 'alice.eth' ? RECIPIENT : null
    },
  })
  const latch = createLatch({
    networks: [mainnet, base] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
  })
  await hydrate(latch)
  await connect(latch, { connectorId: 'memory.wallet' })
  return { latch, evm, sent, send: () => latch.store.getState().send }
}

describe('given a connected account with a send form filled in', () => {
  it('when the active network changes, then the form is reset, also when the visitor comes back', async () => {
    const { latch, send } = await connected()
    setSendForm(latch, { token: 'native', to: RECIPIENT, amount: '0.1' })
    expect(send()).toMatchObject({ to: RECIPIENT, amount: '0.1' })
    await switchNetwork(latch, { caipNetworkId: base.caipNetworkId })
    expect(send()).toMatchObject({ token: undefined, to: '', amount: '', status: 'editing' })
    setSendForm(latch, { amount: '2' })
    await switchNetwork(latch, { caipNetworkId: mainnet.caipNetworkId })
    expect(send().amount).toBe('')
    teardown(latch)
  })

  it('when the wallet changes chain by itself, then the form is reset too', async () => {
    const { latch, send, evm } = await connected()
    setSendForm(latch, { to: RECIPIENT, amount: '0.1' })
    evm.wallet.changeChain(8453)
    await vi.waitFor(() =>
      expect(latch.store.getState().namespaces.eip155?.network.caipNetwork?.caipNetworkId).toBe(
        'eip155:8453',
      ),
    )
    expect(send()).toMatchObject({ to: '', amount: '' })
    teardown(latch)
  })

  it('when the recipient or the amount is wrong, then review names the problem and nothing is sent', async () => {
    const { latch, send, sent } = await connected()
    setSendForm(latch, { to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c9', amount: '0.1' })
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'editing', problem: 'recipient' })
    setSendForm(latch, { to: RECIPIENT, amount: '1' })
    // One whole ETH leaves nothing for the fee.
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'editing', problem: 'insufficient' })
    await confirmSend(latch, { token: eth })
    expect(sent).toEqual([])
    teardown(latch)
  })

  it('when the recipient is a name, then review sends to the address it resolves to, and names what fails', async () => {
    const { latch, send, sent } = await connected()
    setSendForm(latch, { token: 'native', to: ' alice.eth ', amount: '0.1' })
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'review', to: RECIPIENT, toName: 'alice.eth', fee: FEE })
    await confirmSend(latch, { token: eth })
    expect(sent).toEqual([{ to: RECIPIENT, value: 10n ** 17n }])
    setSendForm(latch, { to: 'nobody.eth', amount: '0.1' })
    expect(send().toName).toBeUndefined()
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'editing', problem: 'name', to: 'nobody.eth' })
    setSendForm(latch, { to: 'down.eth' })
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'editing', failure: 'name', problem: undefined })
    expect(sent).toHaveLength(1)
    teardown(latch)
  })

  it('when Max is pressed, reviewed and confirmed, then the balance less the fee is sent and the hash kept', async () => {
    const { latch, send, sent } = await connected()
    setSendForm(latch, { to: RECIPIENT.toLowerCase() })
    await fillMaxAmount(latch, { token: eth })
    expect(send().amount).toBe('0.999979')
    await reviewSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'review', fee: FEE, to: RECIPIENT })
    await confirmSend(latch, { token: eth })
    expect(sent).toEqual([{ to: RECIPIENT, value: 999_979_000_000_000_000n }])
    expect(send()).toMatchObject({ status: 'success', hash: `0x${'ab'.repeat(32)}` })
    teardown(latch)
  })

  it('when the visitor declines in the wallet, then the form says so', async () => {
    const { latch, send, evm } = await connected()
    evm.wallet.answer = 'reject'
    setSendForm(latch, { to: RECIPIENT, amount: '0.5' })
    await reviewSend(latch, { token: eth })
    await confirmSend(latch, { token: eth })
    expect(send()).toMatchObject({ status: 'failed', failure: 'rejected' })
    teardown(latch)
  })
})
