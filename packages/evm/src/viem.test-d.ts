import {
  type createLatch,
  getCallsStatus,
  getCapabilities,
  sendCalls,
  sendTransaction,
  signMessage,
} from '@latch/core'
import type { Address, GetCallsStatusReturnType, GetCapabilitiesReturnType, Hash, Hex } from 'viem'
import { verifyMessage } from 'viem'
import { expectTypeOf, test } from 'vitest'

declare const latch: ReturnType<typeof createLatch>

test("core's eip155 results are viem's types: no casts between Latch and viem or wagmi", async () => {
  const signature = await signMessage(latch, { message: 'hello', namespace: 'eip155' })
  expectTypeOf(signature).toMatchTypeOf<Hex>()
  const hash = await sendTransaction(latch, { to: '0x0000000000000000000000000000000000000001', value: 1n })
  expectTypeOf(hash).toMatchTypeOf<Hash>()
  expectTypeOf<Parameters<typeof verifyMessage>[0]['signature']>().toMatchTypeOf<Hex | Uint8Array | object>()
  const check = (address: Address) => verifyMessage({ address, message: 'hello', signature })
  expectTypeOf(check).returns.resolves.toEqualTypeOf<boolean>()
  // Without the namespace the chain is not known: the signature stays a string.
  const unknown = await signMessage(latch, { message: 'hello' })
  verifyMessage({
    address: '0x0000000000000000000000000000000000000001',
    message: 'hello',
    // @ts-expect-error a string is not viem's Hex until the namespace says eip155
    signature: unknown,
  })
})

test("core's EIP-5792 shapes are viem's: a batch's status and capabilities pass to viem-typed code as they are", async () => {
  const { id } = await sendCalls(latch, {
    calls: [{ to: '0x0000000000000000000000000000000000000001', value: 1n }],
  })
  expectTypeOf(id).toEqualTypeOf<string>()
  const status = await getCallsStatus(latch, { id })
  expectTypeOf(status).toMatchTypeOf<GetCallsStatusReturnType>()
  const capabilities = await getCapabilities(latch)
  expectTypeOf(capabilities).toMatchTypeOf<GetCapabilitiesReturnType>()
  // A viem call list is what sendCalls takes.
  expectTypeOf<{ to: Address; data?: Hex; value?: bigint }>().toMatchTypeOf<
    Parameters<typeof sendCalls>[1]['calls'][number]
  >()
})
