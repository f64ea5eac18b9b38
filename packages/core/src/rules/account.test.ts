import { describe, expect, it } from 'vitest'
import type { AccountState } from '../types.js'
import {
  type AccountAction,
  accountReducer,
  type ConnectedPayload,
  createAccountState,
  createNetworkState,
  isNamespaceAddress,
} from './account.js'
import { balanceRetryBlocked } from './balance.js'

const alice = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const bob = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const session: ConnectedPayload = {
  address: alice,
  caipNetworkId: 'eip155:1',
  connectorId: 'io.metamask',
  walletInfo: { name: 'MetaMask', type: 'ANNOUNCED' },
}
const run = (...actions: AccountAction[]) => actions.reduce(accountReducer, createAccountState())

describe('given the account state of a namespace (spec §3, §4)', () => {
  it('then it starts disconnected and empty', () => {
    const state = createAccountState()
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
    expect(state.allAccounts).toEqual([])
    expect(createNetworkState()).toMatchObject({
      caipNetwork: undefined,
      unsupported: false,
      requestedCaipNetworks: [],
    })
  })

  it('when the app starts, then the namespace goes connecting, then connected when the previous session comes back', () => {
    const connecting = run({ type: 'connecting' })
    expect(connecting.status).toBe('connecting')
    expect(accountReducer(connecting, { type: 'connecting' })).toBe(connecting)
    const synced = accountReducer(connecting, { type: 'connected', ...session })
    expect(synced).toMatchObject({ status: 'connected', address: alice, caipAddress: `eip155:1:${alice}` })
  })

  it('when the app starts without a previous session, then the namespace goes connecting, then disconnected', () => {
    expect(run({ type: 'connecting' }, { type: 'reset' }).status).toBe('disconnected')
  })

  it('when connected, then address, CAIP address, accounts, connector and wallet info are set', () => {
    const state = run({ type: 'connected', ...session })
    expect(state).toMatchObject({
      status: 'connected',
      address: alice,
      caipAddress: `eip155:1:${alice}`,
      allAccounts: [{ address: alice, type: 'eoa' }],
      connectorId: 'io.metamask',
      connectedWalletInfo: { name: 'MetaMask', type: 'ANNOUNCED' },
    })
  })

  it('when the wallet changes account, then the new address shows and the old balance is dropped', () => {
    const state = run(
      { type: 'connected', ...session },
      { type: 'balance', phase: 'loaded', balance: '1.5', symbol: 'ETH' },
      { type: 'accountsChanged', accounts: [{ address: bob, type: 'eoa' }], caipNetworkId: 'eip155:1' },
    )
    expect(state).toMatchObject({
      status: 'connected',
      address: bob,
      caipAddress: `eip155:1:${bob}`,
      balance: undefined,
    })
    expect(state.connectorId).toBe('io.metamask')
  })

  it('when the wallet reports no accounts, then the namespace is disconnected', () => {
    const state = run(
      { type: 'connected', ...session },
      { type: 'accountsChanged', accounts: [], caipNetworkId: 'eip155:1' },
    )
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
  })

  it('when the wallet changes account while on an unlisted chain, then no CAIP address is set', () => {
    const state = run(
      { type: 'connected', ...session },
      { type: 'accountsChanged', accounts: [{ address: bob, type: 'eoa' }], caipNetworkId: undefined },
    )
    expect(state).toMatchObject({ address: bob, caipAddress: undefined })
  })

  it('when accounts change while nobody is connected, then nothing happens', () => {
    const before = createAccountState()
    expect(
      accountReducer(before, {
        type: 'accountsChanged',
        accounts: [{ address: bob, type: 'eoa' }],
        caipNetworkId: 'eip155:1',
      }),
    ).toBe(before)
  })

  it('when the balance loads, then balance and symbol show', () => {
    const loaded = run(
      { type: 'connected', ...session },
      { type: 'balance', phase: 'loaded', balance: '2', symbol: 'ETH' },
    )
    expect(loaded).toMatchObject({ balance: '2', balanceSymbol: 'ETH' })
  })

  it('when the balance fetch fails, then it shows the fallback, and the failed query blocks the next retry for 30 s', () => {
    const failed = run({ type: 'balance', phase: 'failed', fallback: '0.00', symbol: 'ETH' })
    expect(failed).toMatchObject({ balance: '0.00', balanceSymbol: 'ETH' })
    const errored = { status: 'error', errorUpdatedAt: 1_000 }
    expect(balanceRetryBlocked(errored, 1_000 + 29_999)).toBe(true)
    expect(balanceRetryBlocked(errored, 1_000 + 30_000)).toBe(false)
    expect(balanceRetryBlocked({ status: 'success', errorUpdatedAt: 1_000 }, 1_001)).toBe(false)
    expect(balanceRetryBlocked(undefined, 0)).toBe(false)
  })

  it('when reset, then it is disconnected and every field is cleared', () => {
    const busy: AccountState = {
      ...run(
        { type: 'connected', ...session },
        { type: 'balance', phase: 'loaded', balance: '1', symbol: 'ETH' },
      ),
      currentTab: 1,
      profileName: 'alice.eth',
      addressLabels: { a: 'b' },
      farcasterUrl: 'https://example.com',
    }
    expect(accountReducer(busy, { type: 'reset' })).toEqual(createAccountState())
  })
})

describe('given an address a wallet reports', () => {
  it('then on eip155 only 20 bytes of 0x-hex pass, and other namespaces are left to their adapters', () => {
    expect(isNamespaceAddress('eip155', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(isNamespaceAddress('eip155', '0x52908400098527886e0f7030069857d2e4169ee7')).toBe(true)
    expect(isNamespaceAddress('eip155', 'vitalik.eth')).toBe(false)
    expect(isNamespaceAddress('eip155', '0x5290840009852788')).toBe(false)
    expect(isNamespaceAddress('eip155', '0x52908400098527886E0F7030069857D2E4169EE7ab')).toBe(false)
    expect(isNamespaceAddress('solana', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true)
  })
})
