import { describe, expect, it, vi } from 'vitest'
import type { ModalState } from '../types.js'
import {
  createModalState,
  type ModalAction,
  modalReducer,
  resolveOpenView,
  scheduleShake,
} from './openModal.js'

const base = { isConnected: false, hasAdapters: true, manualWCControl: false, isMobile: false }

describe('given the opening rules (spec §2, §4)', () => {
  it('then the modal opens on Connect by default', () => {
    expect(resolveOpenView(base).view).toBe('Connect')
  })

  it('when an address is already connected, then it opens on Account', () => {
    expect(resolveOpenView({ ...base, isConnected: true }).view).toBe('Account')
  })

  it('when there are no adapters, then it opens on AllWallets (mobile) or ConnectingWalletConnectBasic (desktop)', () => {
    expect(resolveOpenView({ ...base, hasAdapters: false, isMobile: true }).view).toBe('AllWallets')
    expect(resolveOpenView({ ...base, hasAdapters: false, isMobile: false }).view).toBe(
      'ConnectingWalletConnectBasic',
    )
  })

  it('when manual control is on, then it opens on AllWallets (mobile) or ConnectingWalletConnectBasic (desktop)', () => {
    expect(resolveOpenView({ ...base, manualWCControl: true, isMobile: true }).view).toBe('AllWallets')
    expect(resolveOpenView({ ...base, manualWCControl: true }).view).toBe('ConnectingWalletConnectBasic')
  })

  it('when a caller requests a specific view with data, then that view opens with it', () => {
    const resolved = resolveOpenView({
      ...base,
      isConnected: true,
      requested: { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } },
    })
    expect(resolved).toEqual({
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:8453' },
      switchNamespaceTo: undefined,
    })
  })

  it('when no view is requested, then the default view opens without data', () => {
    expect(resolveOpenView({ ...base, isConnected: true })).toEqual({
      view: 'Account',
      switchNamespaceTo: undefined,
    })
  })

  it('when the requested namespace differs from the active one, then it switches namespace first', () => {
    expect(
      resolveOpenView({ ...base, namespaceFilter: 'solana', activeNamespace: 'eip155' }).switchNamespaceTo,
    ).toBe('solana')
    expect(
      resolveOpenView({ ...base, namespaceFilter: 'eip155', activeNamespace: 'eip155' }).switchNamespaceTo,
    ).toBeUndefined()
  })
})

describe('given the modal flags (spec §4: open/closed, loading, shake)', () => {
  const run = (state: ModalState, ...actions: ModalAction[]) => actions.reduce(modalReducer, state)

  it('then it starts closed, not loading, not shaking', () => {
    expect(createModalState()).toEqual({ open: false, loading: false, shake: false })
  })

  it('when opened and loading, then both flags are set; closing clears every flag', () => {
    const open = run(
      createModalState(),
      { type: 'open' },
      { type: 'loading', loading: true },
      { type: 'shake' },
    )
    expect(open).toEqual({ open: true, loading: true, shake: true })
    expect(modalReducer(open, { type: 'close' })).toEqual({ open: false, loading: false, shake: false })
  })

  it('when nothing changes, then the same state object is returned (no re-render)', () => {
    const open = run(createModalState(), { type: 'open' })
    expect(modalReducer(open, { type: 'open' })).toBe(open)
    expect(modalReducer(open, { type: 'loading', loading: false })).toBe(open)
  })

  it('when it shakes, then the shake ends after 500 ms', () => {
    vi.useFakeTimers()
    try {
      let state = modalReducer(createModalState(), { type: 'open' })
      scheduleShake((action) => {
        state = modalReducer(state, action)
      })
      expect(state.shake).toBe(true)
      vi.advanceTimersByTime(499)
      expect(state.shake).toBe(true)
      vi.advanceTimersByTime(1)
      expect(state.shake).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('when a pending shake is cancelled, then it never ends by itself', () => {
    vi.useFakeTimers()
    try {
      const seen: ModalAction['type'][] = []
      const cancel = scheduleShake((action) => seen.push(action.type))
      cancel()
      vi.advanceTimersByTime(1000)
      expect(seen).toEqual(['shake'])
    } finally {
      vi.useRealTimers()
    }
  })
})
