import type {
  CaipNetwork,
  CallsStatus,
  ChainNamespace,
  GetCapabilitiesReturnType,
  Latch,
  LatchEvent,
} from '@latch/core'
import { expectTypeOf, test } from 'vitest'
import { useCallsStatus } from './hooks/useCallsStatus.js'
import { useCapabilities } from './hooks/useCapabilities.js'
import { type UseLatchAccountReturnType, useLatchAccount } from './hooks/useLatchAccount.js'
import { useLatchEvents } from './hooks/useLatchEvents.js'
import { useLatchModal } from './hooks/useLatchModal.js'
import { useLatchNetwork } from './hooks/useLatchNetwork.js'
import { useLatchState } from './hooks/useLatchState.js'
import { useSendCalls } from './hooks/useSendCalls.js'
import { useShowCallsStatus } from './hooks/useShowCallsStatus.js'

declare const latch: Latch

test('useLatchAccount narrows on status: a connected account has an address', () => {
  const account = useLatchAccount({ latch })
  expectTypeOf(account).toEqualTypeOf<UseLatchAccountReturnType>()
  expectTypeOf(account.status).toEqualTypeOf<'connected' | 'connecting' | 'disconnected'>()
  expectTypeOf(account.address).toEqualTypeOf<string | undefined>()
  // @ts-expect-error the address may be missing until the account is connected
  account.address.toLowerCase()
  if (account.status === 'connected') {
    expectTypeOf(account.address).toEqualTypeOf<string>()
    expectTypeOf(account.isConnected).toEqualTypeOf<true>()
  }
  if (account.isConnected) expectTypeOf(account.address).toEqualTypeOf<string>()
  if (account.status === 'disconnected') expectTypeOf(account.address).toEqualTypeOf<undefined>()
  const { namespace, balance } = useLatchAccount({ namespace: 'eip155' })
  expectTypeOf(namespace).toEqualTypeOf<ChainNamespace | undefined>()
  expectTypeOf(balance).toEqualTypeOf<string | undefined>()
})

test('useLatchNetwork exposes the current network and a typed switchNetwork', () => {
  const network = useLatchNetwork()
  expectTypeOf(network.caipNetwork).toEqualTypeOf<CaipNetwork | undefined>()
  expectTypeOf(network.switchNetwork).parameter(0).toHaveProperty('caipNetworkId')
  expectTypeOf(network.switchNetwork({ caipNetworkId: 'eip155:8453' })).resolves.toEqualTypeOf<CaipNetwork>()
})

test('useLatchModal opens known views only', () => {
  const { open } = useLatchModal()
  open({ view: 'Networks' })
  // @ts-expect-error 'Nowhere' is not a view
  open({ view: 'Nowhere' })
})

test('useLatchState infers the selected slice; useLatchEvents gets typed events', () => {
  expectTypeOf(useLatchState((s) => s.modal.open)).toEqualTypeOf<boolean>()
  useLatchEvents((event) => expectTypeOf(event).toEqualTypeOf<LatchEvent>())
})

test('the EIP-5792 hooks are typed as the core actions', async () => {
  const { sendCalls } = useSendCalls({ latch })
  const { id } = await sendCalls({ calls: [{ to: '0x0000000000000000000000000000000000000001', value: 1n }] })
  expectTypeOf(id).toEqualTypeOf<string>()
  // @ts-expect-error a call's value is a bigint, not a number
  void sendCalls({ calls: [{ to: '0x0000000000000000000000000000000000000001', value: 1 }] })
  const { data } = useCallsStatus({ id })
  expectTypeOf(data).toEqualTypeOf<CallsStatus | undefined>()
  expectTypeOf(useCapabilities().data).toEqualTypeOf<GetCapabilitiesReturnType | undefined>()
  expectTypeOf(useShowCallsStatus().showCallsStatus).returns.toEqualTypeOf<Promise<void>>()
})
