import { describe, expectTypeOf, it } from 'vitest'
import type { Alert } from './errors/alerts.js'
import type { BaseError } from './errors/base.js'
import { SwitchNetworkNotFoundError } from './errors/network.js'
import { toWalletError } from './errors/toWalletError.js'
import { type ResolvedOptions, validateOptions } from './options.js'
import { accountReducer } from './rules/account.js'
import { orderConnectors, type WalletListEntry } from './rules/connectors.js'
import { namespacesToDisconnect } from './rules/disconnect.js'
import { findNetwork, switchNetworkView } from './rules/network.js'
import { resolveOpenView } from './rules/openModal.js'
import { goBack, routerReducer, settleTransactionStack } from './rules/router.js'
import { s } from './schema/s.js'
import type { Infer } from './schema/schema.js'
import type { AccountState, CaipNetwork, ChainNamespace, RouterState, View } from './types.js'

describe('rule function types', () => {
  it('router helpers take and return RouterState', () => {
    expectTypeOf(goBack).returns.toEqualTypeOf<{ state: RouterState; close: boolean }>()
    expectTypeOf(routerReducer).returns.toEqualTypeOf<RouterState>()
    expectTypeOf(settleTransactionStack)
      .returns.toHaveProperty('navigation')
      .toEqualTypeOf<'back' | 'close' | 'stay'>()
    // @ts-expect-error an unknown action type is refused
    routerReducer({ history: [], transactionStack: [] }, { type: 'jump' })
  })

  it('opening and network rules return views', () => {
    expectTypeOf(resolveOpenView).returns.toHaveProperty('view').toEqualTypeOf<View>()
    expectTypeOf(switchNetworkView).returns.toEqualTypeOf<'SwitchNetwork' | 'SwitchActiveChain'>()
    expectTypeOf(findNetwork).returns.toEqualTypeOf<CaipNetwork>()
  })

  it('account, connectors, disconnect and options', () => {
    expectTypeOf(accountReducer).returns.toEqualTypeOf<AccountState>()
    expectTypeOf(orderConnectors).returns.toEqualTypeOf<WalletListEntry[]>()
    expectTypeOf(namespacesToDisconnect).returns.toEqualTypeOf<ChainNamespace[]>()
    expectTypeOf(validateOptions).returns.toEqualTypeOf<{ options: ResolvedOptions; alerts: Alert[] }>()
  })

  it('errors keep literal names', () => {
    expectTypeOf(new SwitchNetworkNotFoundError().name).toEqualTypeOf<'SwitchNetworkNotFoundError'>()
    expectTypeOf(toWalletError).returns.toEqualTypeOf<BaseError>()
  })

  it('schemas infer their output, optional keys included', () => {
    const user = s.object({
      email: s.string().email(),
      age: s.number().optional(),
      mode: s.enum(['light', 'dark']),
    })
    expectTypeOf<Infer<typeof user>>().toEqualTypeOf<{
      email: string
      age?: number | undefined
      mode: 'light' | 'dark'
    }>()
    expectTypeOf(s.union([s.string(), s.literal(1)]).parse).returns.toEqualTypeOf<string | 1>()
  })
})
