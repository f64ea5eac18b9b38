import { expectTypeOf, test } from 'vitest'
import { openModal } from './actions/open.js'
import { sendTransaction } from './actions/sendTransaction.js'
import { signMessage } from './actions/signMessage.js'
import type { Latch } from './createLatch.js'
import type { RouteEntry, View } from './types.js'

declare const latch: Latch

test('openModal takes only the views the modal has, each with its own data', () => {
  openModal(latch)
  openModal(latch, { view: 'Networks' })
  openModal(latch, { namespace: 'solana' })
  openModal(latch, { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } })
  openModal(latch, { view: 'Swap' })
  openModal(latch, {
    view: 'Swap',
    params: { from: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', amount: '0.1' },
  })
  // @ts-expect-error Swap's amount is a decimal as text, as the visitor types it
  openModal(latch, { view: 'Swap', params: { amount: 0.1 } })
  // @ts-expect-error OnRamp is not a view of the modal (yet): no component draws it
  openModal(latch, { view: 'OnRamp' })
  // @ts-expect-error SwitchNetwork needs the network it switches to
  openModal(latch, { view: 'SwitchNetwork' })
  // @ts-expect-error a view's data is its own: Networks takes none
  openModal(latch, { view: 'Networks', params: { connectorId: 'io.metamask' } })
  // @ts-expect-error Connecting's data is a connector, not a network
  openModal(latch, { view: 'Connecting', params: { caipNetworkId: 'eip155:1' } })
})

test('a route narrows its data on the view', () => {
  const entry = {} as RouteEntry
  if (entry.view === 'SwitchNetwork')
    expectTypeOf(entry.params.caipNetworkId).toEqualTypeOf<`${string}:${string}`>()
  if (entry.view === 'Connecting') expectTypeOf(entry.params.connectorId).toEqualTypeOf<string>()
  if (entry.view === 'Swap') expectTypeOf(entry.params?.amount).toEqualTypeOf<string | undefined>()
  expectTypeOf<'OnRamp'>().not.toMatchTypeOf<View>()
})

test('eip155 results are 0x-hex, ready for viem and wagmi; other namespaces keep strings', () => {
  expectTypeOf(
    signMessage(latch, { message: 'hi', namespace: 'eip155' }),
  ).resolves.toEqualTypeOf<`0x${string}`>()
  expectTypeOf(signMessage(latch, { message: 'hi', namespace: 'solana' })).resolves.toEqualTypeOf<string>()
  expectTypeOf(signMessage(latch, { message: 'hi' })).resolves.toEqualTypeOf<string>()
  expectTypeOf(sendTransaction(latch, { to: '0x1', value: 1n })).resolves.toEqualTypeOf<`0x${string}`>()
  const solana = sendTransaction<{ instructions: unknown[] }>(latch, {
    instructions: [],
    namespace: 'solana',
  })
  expectTypeOf(solana).resolves.toEqualTypeOf<string>()
})
