import { describe, expect, it } from 'vitest'
import type { Connector } from '../types.js'
import {
  connectMethodsOrder,
  isBrowserWalletHidden,
  type OrderConnectorsParameters,
  orderConnectors,
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
      ['injected', 'io.rabby'],
      ['injected', 'io.metamask'],
      ['injected', 'multi'],
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
      'io.rabby',
      'multi',
      'featured-1',
      'custom-1',
      'rec-1',
    ])
  })

  it('when a group order is configured, then those groups come first in that order, the others after in the default order', () => {
    expect(
      orderConnectors({ ...base, groupOrder: ['recommended', 'injected'] }).map((entry) => [
        entry.group,
        entry.id,
      ]),
    ).toEqual([
      ['recommended', 'rec-1'],
      ['injected', 'io.rabby'],
      ['injected', 'io.metamask'],
      ['injected', 'multi'],
      ['walletConnect', 'walletConnect'],
      ['featured', 'featured-1'],
      ['custom', 'custom-1'],
      ['external', 'ext'],
    ])
  })

  it('when both orders are configured, then the named wallets still come first', () => {
    expect(ids({ ...base, groupOrder: ['external'], connectorOrder: ['rec-1'] }).slice(0, 3)).toEqual([
      'rec-1',
      'ext',
      'walletConnect',
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

describe('given a wallet that serves several namespaces (one row per wallet)', () => {
  const phantomEvm = connector({
    id: 'app.phantom',
    type: 'ANNOUNCED',
    name: 'Phantom',
    rdns: 'app.phantom',
    installed: true,
  })
  const phantomSolana: Connector = {
    id: 'Phantom',
    type: 'INJECTED',
    name: 'Phantom',
    chain: 'solana',
    installed: true,
  }
  const registry = [{ id: 'phantom', name: 'Phantom', rdns: 'app.phantom' }]

  it('when its registry entry bears the Wallet Standard name, then both namespaces are one row', () => {
    const list = orderConnectors({
      connectors: [phantomEvm, phantomSolana],
      registry,
      walletConnectEnabled: false,
      isMobile: false,
    })
    expect(list).toHaveLength(1)
    expect(list[0]?.connectors.map((c) => c.chain)).toEqual(['eip155', 'solana'])
  })

  it('when a look-alike name joins a known rdns, then it stays its own row', () => {
    const lookAlike: Connector = { id: 'Phant0m', type: 'INJECTED', name: 'Phant0m', chain: 'solana' }
    const list = orderConnectors({
      connectors: [phantomEvm, lookAlike],
      registry,
      walletConnectEnabled: false,
      isMobile: false,
    })
    // Its own row, listed before the announced wallet as injected wallets are (spec §2).
    expect(list.map((e) => e.id)).toEqual(['Phant0m', 'app.phantom'])
  })

  it('when a connector claims the name of a known wallet under another rdns, then it is not merged', () => {
    const impostor = connector({ id: 'evil.wallet', type: 'ANNOUNCED', name: 'Phantom', rdns: 'evil.wallet' })
    const list = orderConnectors({
      connectors: [phantomEvm, impostor, phantomSolana],
      registry,
      walletConnectEnabled: false,
      isMobile: false,
    })
    expect(list.map((e) => e.id)).toEqual(['app.phantom', 'evil.wallet'])
    expect(list[0]?.connectors).toHaveLength(2)
  })

  it('when there is no registry entry, then the normalised name joins namespaces', () => {
    const list = orderConnectors({
      connectors: [phantomEvm, { ...phantomSolana, name: ' phantom ' }],
      walletConnectEnabled: false,
      isMobile: false,
    })
    expect(list).toHaveLength(1)
  })

  it('when a recent registry wallet is in no other group, then it takes the recent slot', () => {
    const list = orderConnectors({
      connectors: [metamask],
      recent: [{ id: 'rainbow', name: 'Rainbow' }],
      recentIds: ['rainbow'],
      walletConnectEnabled: false,
      isMobile: false,
    })
    expect(list.map((e) => [e.group, e.id])).toEqual([
      ['recent', 'rainbow'],
      ['injected', 'io.metamask'],
    ])
  })
})

describe('connectMethodsOrder (spec §2 default order)', () => {
  it('puts email, then social, then wallets', () => {
    expect(connectMethodsOrder({ email: true, social: true })).toEqual(['email', 'social', 'wallet'])
  })
  it('keeps only what the app offers; wallets always', () => {
    expect(connectMethodsOrder({ email: true, social: false })).toEqual(['email', 'wallet'])
    expect(connectMethodsOrder({ email: false, social: false })).toEqual(['wallet'])
    expect(connectMethodsOrder({ email: true, social: false, order: ['social'] })).toEqual(['wallet'])
  })
  it('follows a configured order', () => {
    expect(connectMethodsOrder({ email: true, social: true, order: ['wallet', 'email', 'email'] })).toEqual([
      'wallet',
      'email',
    ])
  })
})
