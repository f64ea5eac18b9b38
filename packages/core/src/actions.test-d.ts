import { expectTypeOf, test } from 'vitest'
import { type ConnectReturnType, connect } from './actions/connect.js'
import { disconnect } from './actions/disconnect.js'
import type { GetAccountReturnType } from './actions/getters.js'
import { getAccount, getNetwork } from './actions/getters.js'
import { openModal } from './actions/open.js'
import { sendTransaction } from './actions/sendTransaction.js'
import { signMessage } from './actions/signMessage.js'
import { switchNetwork } from './actions/switchNetwork.js'
import type { Latch } from './createLatch.js'
import type { CaipNetwork } from './types.js'

declare const latch: Latch

test('actions take the instance first and return typed results', () => {
  expectTypeOf(connect(latch, { connectorId: 'io.metamask' })).resolves.toEqualTypeOf<ConnectReturnType>()
  expectTypeOf(switchNetwork(latch, { caipNetworkId: 'eip155:8453' })).resolves.toEqualTypeOf<CaipNetwork>()
  expectTypeOf(signMessage(latch, { message: 'hi' })).resolves.toEqualTypeOf<string>()
  expectTypeOf(sendTransaction(latch, { to: '0x0', value: 1n })).resolves.toEqualTypeOf<`0x${string}`>()
  expectTypeOf(disconnect(latch, { namespace: 'all' })).resolves.toEqualTypeOf<undefined>()
  expectTypeOf(getAccount(latch)).toEqualTypeOf<GetAccountReturnType | undefined>()
  expectTypeOf(getNetwork(latch).networks).toEqualTypeOf<readonly CaipNetwork[]>()
})

test('wrong parameters do not compile', () => {
  // @ts-expect-error connectorId is required
  connect(latch, {})
  // @ts-expect-error value is a bigint in wei, not a string
  sendTransaction(latch, { to: '0x0', value: '1' })
  // @ts-expect-error an eip155 recipient is 0x-hex
  sendTransaction(latch, { to: 'vitalik.eth' })
  // @ts-expect-error views are a closed set
  openModal(latch, { view: 'Settings' })
})
