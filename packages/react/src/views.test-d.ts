import type { Latch, View } from '@latch/core'
import type { ComponentType } from 'react'
import { expectTypeOf, test } from 'vitest'
import { isAccountOn, useLatchAccount } from './hooks/useLatchAccount.js'
import type { ViewProps, ViewRegistry } from './modal/views/index.js'

declare const latch: Latch
declare const Any: ComponentType<ViewProps<never>>

test('the view registry needs a component for every view core has, and only those', () => {
  expectTypeOf<keyof ViewRegistry>().toEqualTypeOf<View>()
  const { SIWXSignMessage: _left, ...withoutSignIn } = {} as ViewRegistry
  // @ts-expect-error a view without a component does not compile
  const missing: ViewRegistry = withoutSignIn
  // @ts-expect-error a component for a view core does not have does not compile either
  const extra: ViewRegistry = { ...withoutSignIn, SIWXSignMessage: Any, Swap: Any }
  void [missing, extra]
})

test("a view's component receives its own route", () => {
  expectTypeOf<
    ViewProps<'SwitchNetwork'>['entry']['params']['caipNetworkId']
  >().toEqualTypeOf<`${string}:${string}`>()
  expectTypeOf<ViewProps<'Connecting'>['entry']['params']['connectorId']>().toEqualTypeOf<string>()
})

test('a connected eip155 account has a 0x address without narrowing by hand', () => {
  const account = useLatchAccount({ latch, namespace: 'eip155' })
  if (account.isConnected) expectTypeOf(account.address).toEqualTypeOf<`0x${string}`>()
  if (account.status === 'connecting')
    expectTypeOf(account.address).toEqualTypeOf<`0x${string}` | undefined>()
  const solana = useLatchAccount({ latch, namespace: 'solana' })
  if (solana.isConnected) expectTypeOf(solana.address).toEqualTypeOf<string>()
})

test('an account of the namespace picked at run time narrows to eip155 with isAccountOn', () => {
  const account = useLatchAccount({ latch })
  if (account.isConnected) {
    expectTypeOf(account.address).toEqualTypeOf<string>()
    // @ts-expect-error not known to be 0x-hex until the namespace is checked
    const hex: `0x${string}` = account.address
    void hex
  }
  if (isAccountOn(account, 'eip155') && account.isConnected) {
    expectTypeOf(account.address).toEqualTypeOf<`0x${string}`>()
    expectTypeOf(account.namespace).toEqualTypeOf<'eip155'>()
  }
  if (isAccountOn(account, 'solana') && account.status === 'connected')
    expectTypeOf(account.address).toEqualTypeOf<string>()
})
