import { describe, expect, it } from 'vitest'
import type { Connector } from '../types.js'
import {
  isBrowserWalletHidden,
  type OrderConnectorsParameters,
  orderConnectMethods,
  orderConnectors,
  orderWalletFeatures,
} from './connectors.js'

const connector = (overrides: Partial<Connector> & Pick<Connector, 'id' | 'type'>): Connector => ({
  name: overrides.id,
  chain: 'eip155',
  ...overrides,
})

const walletConnect = connector({ id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect' })
const metamask = connector({
  id: 'io.metamask',
  type: 'ANNOUNCED',
  name: 'MetaMask',
  rdns: 'io.metamask',
  installed: true,
})
const rabby = connector({
  id: 'io.rabby',
  type: 'ANNOUNCED',
  name: 'Rabby',
  rdns: 'io.rabby',
  installed: true,
})
const multi = connector({ id: 'multi', type: 'MULTI_CHAIN', name: 'Multi' })
const external = connector({ id: 'ext', type: 'EXTERNAL', name: 'Ledger Live' })
const auth = connector({ id: 'auth', type: 'AUTH', name: 'Email' })
const browserWallet = connector({ id: 'injected', type: 'INJECTED', name: 'Browser Wallet' })

const base: OrderConnectorsParameters = {
  connectors: [external, multi, rabby, walletConnect, auth, metamask],
  featured: [{ id: 'featured-1', name: 'Trust' }],
  custom: [{ id: 'custom-1', name: 'My Wallet' }],
  recommended: [{ id: 'rec-1', name: 'Zerion' }],
  walletConnectEnabled: true,
  isMobile: false,
}
const ids = (parameters: OrderConnectorsParameters) => orderConnectors(parameters).map((entry) => entry.id)

describe('given the connector listing order (spec §2)', () => {
  it('then it is walletConnect, recent, injected (injected, announced, multi-chain), featured, custom, external, recommended', () => {
    const list = orderConnectors({ ...base, recentIds: ['custom-1'] })
    expect(list.map((entry) => [entry.group, entry.id])).toEqual([
      ['walletConnect', 'walletConnect'],
      ['recent', 'custom-1'],
      ['injected', 'multi'],
      ['injected', 'io.rabby'],
      ['injected', 'io.metamask'],
      ['featured', 'featured-1'],
      ['external', 'ext'],
      ['recommended', 'rec-1'],
    ])
  })

  it('then the auth connector is not a wallet row (email and socials are connect methods)', () => {
    expect(ids(base)).not.toContain('auth')
  })

  it('when WalletConnect is disabled, then it is not listed', () => {
    expect(ids({ ...base, walletConnectEnabled: false })).not.toContain('walletConnect')
  })

  it('when already connected through WalletConnect, then it is not listed', () => {
    expect(ids({ ...base, connectedConnectorIds: ['walletConnect'] })).not.toContain('walletConnect')
  })

  it('when several wallets are recent, then they follow the recency order', () => {
    expect(ids({ ...base, recentIds: ['io.metamask', 'rec-1'] }).slice(0, 3)).toEqual([
      'walletConnect',
      'io.metamask',
      'rec-1',
    ])
  })

  it('when a connector order is configured, then it overrides the default order', () => {
    expect(ids({ ...base, connectorOrder: ['ext', 'io.metamask'] })).toEqual([
      'ext',
      'io.metamask',
      'walletConnect',
      'multi',
      'io.rabby',
      'featured-1',
      'custom-1',
      'rec-1',
    ])
  })

  it('when wallets are excluded by id, rdns or name, then they are hidden', () => {
    const list = ids({ ...base, exclude: { ids: ['featured-1'], rdns: ['io.rabby'], names: ['zerion'] } })
    expect(list).not.toContain('featured-1')
    expect(list).not.toContain('io.rabby')
    expect(list).not.toContain('rec-1')
    expect(list).toContain('io.metamask')
  })

  it('when an excluded registry id is the explorer id of a connector, then the connector is hidden too', () => {
    const withExplorer = { ...metamask, explorerId: 'c57ca95b' }
    expect(ids({ ...base, connectors: [withExplorer], exclude: { ids: ['c57ca95b'] } })).toEqual([
      'featured-1',
      'custom-1',
      'rec-1',
    ])
  })

  it('when the same wallet comes from two sources, then it is listed once, as the announced one', () => {
    const list = orderConnectors({
      ...base,
      connectors: [
        metamask,
        connector({ id: 'mm-injected', type: 'INJECTED', name: 'MetaMask', rdns: 'io.metamask' }),
      ],
      featured: [{ id: 'c57ca95b', name: 'MetaMask', rdns: 'io.metamask' }],
    })
    const metamaskRows = list.filter((entry) => entry.rdns === 'io.metamask')
    expect(metamaskRows).toHaveLength(1)
    expect(metamaskRows[0]?.connector?.type).toBe('ANNOUNCED')
    expect(metamaskRows[0]?.group).toBe('injected')
  })
})

describe("given the injected 'Browser Wallet' (spec §2)", () => {
  it('then it is hidden on desktop', () => {
    expect(isBrowserWalletHidden({ ...browserWallet, installed: true }, false)).toBe(true)
    expect(ids({ ...base, connectors: [browserWallet] })).not.toContain('injected')
  })

  it('then on mobile it is hidden when it has no rdns and is not installed', () => {
    expect(isBrowserWalletHidden(browserWallet, true)).toBe(true)
    expect(isBrowserWalletHidden({ ...browserWallet, installed: true }, true)).toBe(false)
    expect(isBrowserWalletHidden({ ...browserWallet, rdns: 'com.example' }, true)).toBe(false)
    expect(ids({ ...base, connectors: [{ ...browserWallet, installed: true }], isMobile: true })).toContain(
      'injected',
    )
  })

  it('then other injected wallets are never hidden by this rule', () => {
    expect(isBrowserWalletHidden(metamask, false)).toBe(false)
  })
})

describe('given the wallet features (spec §2: onramp, swaps, receive, send)', () => {
  it('then enabled features come in that order', () => {
    expect(orderWalletFeatures({ send: true, receive: true, swaps: true, onramp: true })).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
    ])
  })

  it('then disabled features are left out', () => {
    expect(orderWalletFeatures({ send: true, receive: false, swaps: true })).toEqual(['swaps', 'send'])
  })

  it('when the app gives its own order, then it wins and unknown names are ignored', () => {
    expect(
      orderWalletFeatures({ send: true, receive: true, onramp: true }, [
        'send',
        'bogus' as 'send',
        'receive',
      ]),
    ).toEqual(['send', 'receive', 'onramp'])
  })
})

describe('given the connect methods (spec §2: email, social, wallet)', () => {
  it('then the default order is email, social, wallet', () => {
    expect(orderConnectMethods({ email: true, socials: ['google'] })).toEqual(['email', 'social', 'wallet'])
  })

  it('then email and social appear only when enabled; wallet always', () => {
    expect(orderConnectMethods({ email: false, socials: [] })).toEqual(['wallet'])
    expect(orderConnectMethods({ email: true, socials: false })).toEqual(['email', 'wallet'])
  })

  it('when a connectMethodsOrder is configured, then it is followed', () => {
    expect(orderConnectMethods({ email: true, socials: true, order: ['wallet', 'email', 'social'] })).toEqual(
      ['wallet', 'email', 'social'],
    )
  })
})
