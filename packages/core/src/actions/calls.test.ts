import { describe, expect, it } from 'vitest'
import { createLatch } from '../createLatch.js'
import { CallsPartlySentError } from '../errors/calls.js'
import { UnauthorizedProviderError, UserRejectedRequestError } from '../errors/rpc.js'
import { MAX_CALLS } from '../rules/calls.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { connect } from './connect.js'
import { getCallsStatus } from './getCallsStatus.js'
import { getCapabilities } from './getCapabilities.js'
import { hydrate } from './hydrate.js'
import { sendCalls } from './sendCalls.js'

const mainnet = network('eip155', 1, 'Ethereum')
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function instance({ connected = true } = {}) {
  const evm = memoryAdapter('eip155', [mainnet])
  const batches: unknown[] = []
  let statusError: unknown
  let sendError: unknown
  Object.assign(evm.adapter, {
    sendCalls: async (parameters: unknown) => {
      batches.push(parameters)
      if (sendError) throw sendError
      return { id: '0xabc' }
    },
    getCallsStatus: async () => {
      if (statusError) throw statusError
      return { id: '0xabc', version: '2.0.0', chainId: 1, atomic: false, status: 'success', statusCode: 200 }
    },
    getCapabilities: async ({ address }: { address: string }) => ({
      1: { atomic: { status: 'unsupported' }, address },
    }),
  })
  const latch = createLatch({
    networks: [mainnet] as [CaipNetwork],
    adapters: [evm.adapter],
    storage: createMemoryStorage(),
  })
  await hydrate(latch)
  if (connected) await connect(latch, { connectorId: 'memory.wallet' })
  return {
    latch,
    batches,
    failStatus: (error: unknown) => {
      statusError = error
    },
    failSend: (error: unknown) => {
      sendError = error
    },
  }
}

describe('given a connected account', () => {
  describe('when a batch breaks spec §5, then it is refused with a clear error and never reaches the wallet', () => {
    it.each([
      ['no calls', [], 'calls must be a non-empty list.'],
      ['a call without to', [{ value: 1n }], "call 0 needs a 'to' starting with 0x."],
      ['a to without 0x', [{ to: TO.slice(2) }], "call 0 needs a 'to' starting with 0x."],
      [
        'data that is not hex',
        [{ to: TO }, { to: TO, data: 'hello' }],
        "call 1's data must be 0x-prefixed hex bytes.",
      ],
      ['data of odd length', [{ to: TO, data: '0xabc' }], "call 0's data must be 0x-prefixed hex bytes."],
      [
        'a value that is a number',
        [{ to: TO, value: 1 }],
        "call 0's value must be a quantity (a bigint ≥ 0).",
      ],
      ['a negative value', [{ to: TO, value: -1n }], "call 0's value must be a quantity (a bigint ≥ 0)."],
    ])('%s', async (_, calls, reason) => {
      const { latch, batches } = await instance()
      await expect(sendCalls(latch, { calls: calls as never })).rejects.toMatchObject({
        name: 'InvalidCallsError',
        shortMessage: `Invalid wallet_sendCalls request: ${reason}`,
      })
      expect(batches).toEqual([])
    })

    it('1,000 calls', async () => {
      const { latch, batches } = await instance()
      const calls = Array.from({ length: 1000 }, () => ({ to: TO }) as const)
      await expect(sendCalls(latch, { calls })).rejects.toMatchObject({
        name: 'TooManyCallsError',
        shortMessage: `A batch holds at most ${MAX_CALLS} calls; this one has 1000.`,
      })
      expect(batches).toEqual([])
    })
  })

  it('when a valid batch is sent, then the adapter gets the calls, the account, the network and forceAtomic', async () => {
    const { latch, batches } = await instance()
    const calls = Array.from({ length: MAX_CALLS }, () => ({ to: TO, data: '0x12', value: 0n }) as const)
    await expect(sendCalls(latch, { calls, forceAtomic: true })).resolves.toEqual({ id: '0xabc' })
    expect(batches).toEqual([
      expect.objectContaining({ calls, forceAtomic: true, caipNetwork: expect.objectContaining({ id: 1 }) }),
    ])
  })

  it('when the fallback stops half-way, then its report (with the id and the count sent) reaches the app unchanged', async () => {
    const { latch, failSend } = await instance()
    const report = new CallsPartlySentError({
      id: '0x01',
      sent: 1,
      total: 3,
      cause: new UserRejectedRequestError(),
    })
    failSend(report)
    await expect(sendCalls(latch, { calls: [{ to: TO }] })).rejects.toBe(report)
  })

  it('when the wallet refuses to tell a batch status, then "Fetching call status not approved by the wallet."', async () => {
    const { latch, failStatus } = await instance()
    failStatus(new UnauthorizedProviderError())
    await expect(getCallsStatus(latch, { id: '0xabc' })).rejects.toMatchObject({
      name: 'CallsStatusNotApprovedError',
      shortMessage: 'Fetching call status not approved by the wallet.',
    })
    failStatus(undefined)
    await expect(getCallsStatus(latch, { id: '0xabc' })).resolves.toMatchObject({ statusCode: 200 })
  })

  it('when capabilities are asked without an address, then the connected account is asked about', async () => {
    const { latch } = await instance()
    await expect(getCapabilities(latch)).resolves.toMatchObject({ 1: { address: expect.any(String) } })
  })
})

describe('given no connected account', () => {
  it('when capabilities are asked without an address, then the spec message, and with one the wallet answers', async () => {
    const { latch } = await instance({ connected: false })
    await expect(getCapabilities(latch)).rejects.toThrow(
      'Missing address parameter in `wallet_getCapabilities` request',
    )
    await expect(getCapabilities(latch, { address: TO })).resolves.toMatchObject({ 1: { address: TO } })
  })

  it('when a batch is sent, then No ActiveCaipAddress found', async () => {
    const { latch, batches } = await instance({ connected: false })
    await expect(sendCalls(latch, { calls: [{ to: TO }] })).rejects.toThrow('No ActiveCaipAddress found')
    expect(batches).toEqual([])
  })
})
