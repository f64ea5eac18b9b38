import { describe, expect, it } from 'vitest'
import type { Connector, RegistryWallet } from '../types.js'
import { filterLinkedWallets, filterMobileWallets, withoutInstalled } from './filters.js'
import { fromServerWallet } from './map.js'
import { querySnapshot } from './query.js'
import type { SnapshotWallet } from './snapshot.js'

const wallet = (id: string, extra: Partial<RegistryWallet> = {}): RegistryWallet => ({
  id,
  name: id,
  chains: ['eip155'],
  ...extra,
})
const ids = (wallets: readonly { id: string }[]) => wallets.map((w) => w.id)

describe('given the mobile rule (spec §5)', () => {
  const list = [
    wallet('linked', { mobileLink: 'linked://' }),
    wallet('desktop-only', { desktopLink: 'app://' }),
    wallet('coinbase'),
    wallet('phantom', { chains: ['solana'] }),
    wallet('solflare', { chains: ['solana'] }),
  ]
  it('when the app offers Solana, then wallets with a mobile link, Coinbase, Phantom and Solflare stay', () => {
    expect(ids(filterMobileWallets(list, { namespaces: ['eip155', 'solana'] }))).toEqual([
      'linked',
      'coinbase',
      'phantom',
      'solflare',
    ])
  })
  it('when the app offers no Solana, then Phantom and Solflare without a mobile link are dropped', () => {
    expect(ids(filterMobileWallets(list, { namespaces: ['eip155'] }))).toEqual(['linked', 'coinbase'])
  })
  it('when the universal provider is used, then wallets lacking mobile, desktop and webapp links are dropped', () => {
    expect(ids(filterLinkedWallets([...list, wallet('web', { webappLink: 'https://w.example' })]))).toEqual([
      'linked',
      'desktop-only',
      'web',
    ])
  })
})

describe('given installed wallets', () => {
  it('when the registry lists one with the same rdns or registry id, then it is not repeated', () => {
    const connectors: Connector[] = [
      { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' },
      { id: 'custom', type: 'INJECTED', name: 'Rabby', chain: 'eip155', explorerId: 'rabby' },
    ]
    const registry = [
      wallet('metamask', { rdns: 'io.metamask' }),
      wallet('rabby'),
      wallet('rainbow', { rdns: 'me.rainbow' }),
    ]
    expect(ids(withoutInstalled(registry, connectors))).toEqual(['rainbow'])
  })
})

describe('given a server wallet item', () => {
  it('when its links use unsafe schemes, then they are dropped and the image comes from the API', () => {
    const mapped = fromServerWallet(
      {
        id: 'w',
        name: 'W',
        image_id: 'w-img',
        rdns: null,
        chains: ['eip155'],
        mobile_link: 'javascript:alert(1)',
        desktop_link: 'w://open',
        webapp_link: 'http://plain.example',
      },
      { apiUrl: 'https://api.example', projectId: 'p 1' },
    )
    expect(mapped).toEqual({
      id: 'w',
      name: 'W',
      imageUrl: 'https://api.example/getWalletImage/w-img?projectId=p%201',
      rdns: undefined,
      chains: ['eip155'],
      mobileLink: undefined,
      desktopLink: 'w://open',
      webappLink: undefined,
    })
  })
})

describe('given the snapshot queried like the server', () => {
  const snapshot: SnapshotWallet[] = [
    { id: 'b', name: 'Beta Wallet', chains: ['eip155'], order: 2 },
    { id: 'a', name: 'Alpha', chains: ['solana'], order: 1 },
    { id: 'c', name: 'Gamma wallet', chains: ['eip155', 'solana'], order: 2 },
    { id: 'd', name: '100%_Wallet', chains: ['eip155'], order: 3 },
  ]
  it('when searching " WALLET ", then the match is a trimmed, case-insensitive substring, in registry order then name', () => {
    expect(querySnapshot(snapshot, { page: 1, entries: 10, search: ' WALLET ' })).toMatchObject({ count: 3 })
    expect(ids(querySnapshot(snapshot, { page: 1, entries: 10, search: ' WALLET ' }).data)).toEqual([
      'b',
      'c',
      'd',
    ])
    expect(ids(querySnapshot(snapshot, { page: 1, entries: 10, search: '%_' }).data)).toEqual(['d'])
  })
  it('when including ids, then they come in the order given, minus exclusions and other namespaces', () => {
    const page = querySnapshot(snapshot, {
      page: 1,
      entries: 10,
      include: ['d', 'a', 'b', 'c'],
      exclude: ['b'],
      chains: ['eip155:1'],
    })
    expect(ids(page.data)).toEqual(['d', 'c'])
  })
  it('when paging, then count is the total and each page holds its share', () => {
    const second = querySnapshot(snapshot, { page: 2, entries: 3 })
    expect(second.count).toBe(4)
    expect(ids(second.data)).toEqual(['d'])
  })
})
