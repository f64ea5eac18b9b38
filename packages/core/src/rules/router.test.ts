import { describe, expect, it, vi } from 'vitest'
import type { RouterState } from '../types.js'
import {
  canClose,
  createRouterState,
  goBack,
  push,
  pushTransactionStack,
  replace,
  routerReducer,
  settleTransactionStack,
  viewAfterClose,
} from './router.js'

const views = (state: RouterState) => state.history.map((entry) => entry.view)

describe('given the navigation history (spec §2)', () => {
  it('then it starts at Connect', () => {
    expect(views(createRouterState())).toEqual(['Connect'])
  })

  it('when a view is pushed, then it is added on top', () => {
    const state = push(createRouterState(), { view: 'AllWallets' })
    expect(views(state)).toEqual(['Connect', 'AllWallets'])
  })

  it('when the pushed view is already current, then no entry is added', () => {
    const state = push(createRouterState(), { view: 'Connect' })
    expect(views(state)).toEqual(['Connect'])
  })

  it('when the current view is pushed again with new data, then its data is updated in place', () => {
    const first = push(createRouterState(), { view: 'Connecting', params: { connectorId: 'a' } })
    const second = push(first, { view: 'Connecting', params: { connectorId: 'b' } })
    expect(second.history).toEqual([
      { view: 'Connect' },
      { view: 'Connecting', params: { connectorId: 'b' } },
    ])
  })

  it('when replaced, then the last entry is swapped', () => {
    const state = replace(push(createRouterState(), { view: 'AllWallets' }), {
      view: 'Connecting',
      params: { connectorId: 'io.metamask' },
    })
    expect(views(state)).toEqual(['Connect', 'Connecting'])
  })

  it('when going back, then the last entry is popped and its data with it', () => {
    const state = push(push(createRouterState(), { view: 'AllWallets' }), {
      view: 'Connecting',
      params: { connectorId: 'io.metamask' },
    })
    const result = goBack(state, { isConnected: false })
    expect(result.close).toBe(false)
    expect(result.state.history).toEqual([{ view: 'Connect' }, { view: 'AllWallets' }])
  })

  it('when going back with one entry, then the modal closes', () => {
    const state = createRouterState()
    expect(goBack(state, { isConnected: false })).toEqual({ state, close: true })
  })

  it('when going back to Connect with a connected account, then Account is shown', () => {
    const state = push(createRouterState(), { view: 'Networks' })
    expect(views(goBack(state, { isConnected: true }).state)).toEqual(['Account'])
    expect(views(goBack(state, { isConnected: false }).state)).toEqual(['Connect'])
  })

  it('when reset, then the history holds only the given view and nothing is pending', () => {
    const busy = pushTransactionStack(createRouterState(), { id: 1, view: 'Networks' })
    expect(routerReducer(busy, { type: 'reset', entry: { view: 'Connect' } }).transactionStack).toEqual([])
  })

  it('when a state is updated, then the previous state object is left untouched', () => {
    const before = push(createRouterState(), { view: 'Networks' })
    const snapshot = structuredClone(before)
    push(before, { view: 'AllWallets' })
    goBack(before, { isConnected: true })
    expect(before).toEqual(snapshot)
  })
})

describe('given the modal closes (spec §2)', () => {
  it('then closing resets to Connect', () => {
    expect(viewAfterClose({ embeddedMode: false, isConnected: true })).toBe('Connect')
    expect(viewAfterClose({ embeddedMode: false, isConnected: false })).toBe('Connect')
  })

  it('then in embedded mode it shows Account if connected, else Connect', () => {
    expect(viewAfterClose({ embeddedMode: true, isConnected: true })).toBe('Account')
    expect(viewAfterClose({ embeddedMode: true, isConnected: false })).toBe('Connect')
  })

  it('then SIWXSignMessage cannot be closed when sign-in is required and no session exists', () => {
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: false })).toBe(false)
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: true })).toBe(true)
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: false, hasSession: false })).toBe(true)
    expect(canClose({ view: 'Account', siwxRequired: true, hasSession: false })).toBe(true)
  })
})

describe('given a transaction stack entry (spec §2: run a success, error or cancel callback; error and cancel also go back)', () => {
  const withEntry = (goBackOnSuccess = false) => {
    const onSuccess = vi.fn()
    const onError = vi.fn()
    const onCancel = vi.fn()
    const base = push(createRouterState(), { view: 'Account' })
    const state = pushTransactionStack(base, { id: 1, view: 'Networks', goBack: goBackOnSuccess })
    return { state, callbacks: { onSuccess, onError, onCancel }, onSuccess, onError, onCancel }
  }

  it('when pushed, then its view is shown and the entry is pending', () => {
    const { state } = withEntry()
    expect(views(state)).toEqual(['Connect', 'Account', 'Networks'])
    expect(state.transactionStack).toHaveLength(1)
  })

  it('when pushed with replace, then its view replaces the current one', () => {
    const state = pushTransactionStack(push(createRouterState(), { view: 'Account' }), {
      id: 1,
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      replace: true,
    })
    expect(views(state)).toEqual(['Connect', 'SwitchNetwork'])
  })

  it('when it succeeds, then the success callback runs and the view stays unless it asked to go back', () => {
    const { state, callbacks, onSuccess, onError } = withEntry()
    const result = settleTransactionStack(state, 'success', callbacks)
    result.callback?.()
    expect(onSuccess).toHaveBeenCalledOnce()
    expect(onError).not.toHaveBeenCalled()
    expect(result.navigation).toBe('stay')
    expect(result.state.transactionStack).toEqual([])

    const backing = withEntry(true)
    const back = settleTransactionStack(backing.state, 'success', backing.callbacks)
    expect(back.navigation).toBe('back')
    expect(views(back.state)).toEqual(['Connect', 'Account'])
  })

  it('when it succeeds with a count, then it goes back that many views, closing when they run out', () => {
    const picker = pushTransactionStack(
      push(push(createRouterState(), { view: 'Account' }), { view: 'Networks' }),
      {
        id: 1,
        view: 'SwitchNetwork',
        params: { caipNetworkId: 'eip155:8453' },
        goBack: 2,
      },
    )
    expect(views(picker)).toEqual(['Connect', 'Account', 'Networks', 'SwitchNetwork'])
    const back = settleTransactionStack(picker, 'success', {})
    expect(back.navigation).toBe('back')
    expect(views(back.state)).toEqual(['Connect', 'Account'])
    // Error and cancel go back one view whatever the count: the picker shows again.
    expect(views(settleTransactionStack(picker, 'error', {}, new Error('x')).state)).toEqual([
      'Connect',
      'Account',
      'Networks',
    ])

    const alone = pushTransactionStack(createRouterState({ view: 'Networks' }), {
      id: 1,
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      goBack: 2,
    })
    expect(settleTransactionStack(alone, 'success', {}).navigation).toBe('close')
  })

  it('when it fails, then the error callback gets the error and the modal goes back', () => {
    const { state, callbacks, onError } = withEntry()
    const error = new Error('rejected')
    const result = settleTransactionStack(state, 'error', callbacks, error)
    result.callback?.()
    expect(onError).toHaveBeenCalledWith(error)
    expect(result.navigation).toBe('back')
    expect(views(result.state)).toEqual(['Connect', 'Account'])
  })

  it('when it is cancelled, then the cancel callback runs and the modal goes back', () => {
    const { state, callbacks, onCancel } = withEntry()
    const result = settleTransactionStack(state, 'cancel', callbacks)
    result.callback?.()
    expect(onCancel).toHaveBeenCalledOnce()
    expect(result.navigation).toBe('back')
  })

  it('when going back leaves nothing to show, then the modal closes', () => {
    const state = pushTransactionStack(createRouterState({ view: 'Networks' }), { id: 1 })
    expect(settleTransactionStack(state, 'cancel', {}).navigation).toBe('close')
  })

  it('when nothing is pending, then the request simply closes the modal', () => {
    const state = createRouterState()
    expect(settleTransactionStack(state, 'error', {}, new Error('x'))).toEqual({
      state,
      callback: undefined,
      navigation: 'close',
    })
  })
})
