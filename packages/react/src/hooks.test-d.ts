import type { CaipNetwork, GetAccountReturnType, Latch, LatchEvent } from '@latch/core'
import { expectTypeOf, test } from 'vitest'
import { useLatchAccount } from './hooks/useLatchAccount.js'
import { useLatchEvents } from './hooks/useLatchEvents.js'
import { useLatchModal } from './hooks/useLatchModal.js'
import { useLatchNetwork } from './hooks/useLatchNetwork.js'
import { useLatchState } from './hooks/useLatchState.js'

declare const latch: Latch

test('useLatchAccount returns the account or undefined, and takes an explicit instance', () => {
  expectTypeOf(useLatchAccount({ latch })).toEqualTypeOf<GetAccountReturnType | undefined>()
  expectTypeOf(useLatchAccount({ namespace: 'eip155' })?.address).toEqualTypeOf<string | undefined>()
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
