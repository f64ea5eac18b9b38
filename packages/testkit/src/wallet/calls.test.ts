import { describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { createTestWallet } from './createTestWallet.js'
import { createMemoryStorage } from './storage.js'

const holder = TEST_ACCOUNTS[4]!
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// Every case is refused before a transaction is built, so no chain has to answer.
async function authorized(batchCalls?: boolean) {
  const wallet = createTestWallet({
    privateKeys: [holder.privateKey],
    chains: [
      {
        id: 1,
        name: 'Ethereum',
        rpcUrl: 'http://127.0.0.1:9',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    initialChainId: 1,
    storage: createMemoryStorage(),
    batchCalls,
  })
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  const send = (request: Record<string, unknown>) =>
    wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: holder.address,
          atomicRequired: false,
          calls: [{ to: TO }],
          ...request,
        },
      ],
    })
  return { wallet, send }
}

describe('given the test wallet with EIP-5792 batches', () => {
  it.each([
    ['an atomic batch (an EOA cannot run one)', { atomicRequired: true }, 5760],
    ['a chain it does not know', { chainId: '0x2105' }, 5710],
    ['a required capability it does not know', { capabilities: { paymasterService: { url: 'x' } } }, 5700],
    ['more than 100 calls', { calls: Array.from({ length: 101 }, () => ({ to: TO })) }, 5740],
    ['a call without to', { calls: [{ value: '0x1' }] }, -32602],
    ['data that is not hex', { calls: [{ to: TO, data: 'zz' }] }, -32602],
    ['another account', { from: TEST_ACCOUNTS[5]!.address }, 4100],
  ])('when it is asked for %s, then it refuses with %s and never prompts', async (_, request, code) => {
    const { wallet, send } = await authorized()
    wallet.controls.setApproval('reject')
    await expect(send(request)).rejects.toMatchObject({ code })
  })

  it('when the visitor declines the batch, then 4001 and no batch id is known', async () => {
    const { wallet, send } = await authorized()
    wallet.controls.rejectNext()
    await expect(send({ id: '0x01' })).rejects.toMatchObject({ code: 4001 })
    await expect(
      wallet.provider.request({ method: 'wallet_getCallsStatus', params: ['0x01'] }),
    ).rejects.toMatchObject({
      code: 5730,
    })
    await expect(
      wallet.provider.request({ method: 'wallet_showCallsStatus', params: ['0x01'] }),
    ).rejects.toMatchObject({
      code: 5730,
    })
  })

  it('when batches are off, then the EIP-5792 methods are unsupported (4200)', async () => {
    const { send } = await authorized(false)
    await expect(send({})).rejects.toMatchObject({ code: 4200 })
  })
})
