import type { CaipNetwork, ChainNamespace, Latch, LatchEvent } from '@latch/core'
import { expectTypeOf, test } from 'vitest'
import { type UseLatchAccountReturnType, useLatchAccount } from './hooks/useLatchAccount.js'
import { useLatchEvents } from './hooks/useLatchEvents.js'
import { useLatchModal } from './hooks/useLatchModal.js'
import { useLatchNetwork } from './hooks/useLatchNetwork.js'
import { useLatchState } from './hooks/useLatchState.js'

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
