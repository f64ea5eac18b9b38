import { describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../createLatch.js'
import type { LatchOptions } from '../options.js'
import { walletSnapshot } from '../registry/snapshot.js'
import { createMemoryStorage } from '../storage.js'
import { memoryAdapter, network } from '../test/memoryAdapter.fixture.js'
import type { CaipNetwork } from '../types.js'
import { fetchWalletsPage } from './fetchWalletsPage.js'
import { prefetch } from './prefetch.js'
import { searchWallets } from './searchWallets.js'

// The wallet lists of an app without a server (no apiUrl): the bundled registry snapshot, the
// same lists the modal shows. The server's own paths are in registry/*.server.test.ts.

const mainnet = network('eip155', 1, 'Ethereum')
const eip155Wallets = walletSnapshot.filter((w) => w.chains.includes('eip155'))

function setup(options: Partial<LatchOptions> = {}): Latch {
  return createLatch({
    networks: [mainnet] as [CaipNetwork, ...CaipNetwork[]],
    adapters: [memoryAdapter('eip155', [mainnet]).adapter],
    storage: createMemoryStorage(),
    ...options,
  })
}
const registry = (latch: Latch) => latch.store.getState().registry
const ids = (wallets: readonly { id: string }[]) => wallets.map((w) => w.id)

describe('given the lists before the modal opens', () => {
  it('then featured wallets come in the app’s order, then 4 recommended and the first page of 40, none repeated', async () => {
    const latch = setup({ featuredWalletIds: ['zerion', 'metamask'] })
    const pending = prefetch(latch, { isMobile: false })
    expect(registry(latch).status).toBe('loading')
    // Spec §4 modal flags: loading while the lists load.
    expect(latch.store.getState().modal.loading).toBe(true)
    expect(prefetch(latch, { isMobile: false })).toBe(pending)
    await pending
    expect(latch.store.getState().modal.loading).toBe(false)
    const r = registry(latch)
    expect(r.status).toBe('ready')
    expect(r.source).toBe('snapshot')
    expect(ids(r.featured)).toEqual(['zerion', 'metamask'])
    expect(r.recommended).toHaveLength(4)
    expect(r.wallets).toHaveLength(40)
    expect(r.page).toBe(1)
    expect(r.count).toBe(eip155Wallets.length - 2)
    for (const list of [r.recommended, r.wallets]) {
      expect(ids(list)).not.toContain('zerion')
      expect(ids(list)).not.toContain('metamask')
    }
    expect(ids(r.wallets).slice(0, 3)).toEqual(['trust', 'coinbase', 'rainbow'])
    expect(latch.store.getState().remote.status).toBe('off')
  })

  it('when the app includes and excludes wallets, then featured keeps only the included ones that are not excluded', async () => {
    const latch = setup({
      featuredWalletIds: ['rainbow', 'trust', 'okx'],
      includeWalletIds: ['rainbow', 'trust', 'metamask'],
      excludeWalletIds: ['trust'],
    })
    await prefetch(latch, { isMobile: false })
    const r = registry(latch)
    expect(ids(r.featured)).toEqual(['rainbow'])
    expect(ids(r.wallets)).toEqual(['metamask'])
    expect(ids(r.recommended)).toEqual(['metamask'])
  })

  it('when the app has no featured wallets, then featured is empty', async () => {
    const latch = setup()
    await prefetch(latch, { isMobile: false })
    expect(registry(latch).featured).toEqual([])
    expect(registry(latch).count).toBe(eip155Wallets.length)
  })

  it('when in basic mode, then every remote feature is off', async () => {
    const latch = setup({ basic: true })
    await prefetch(latch, { isMobile: false })
    expect(latch.store.getState().remote).toMatchObject({
      status: 'off',
      features: { email: false, socials: false, swaps: false, onramp: false },
    })
  })

  it('when on a mobile browser, then only wallets a phone can open are listed', async () => {
    const latch = setup()
    await prefetch(latch, { isMobile: true })
    const listed = registry(latch).wallets
    expect(listed.length).toBeGreaterThan(0)
    // Spec §5: a mobile link, or Coinbase (which opens without one).
    for (const wallet of listed)
      expect(Boolean(wallet.mobileLink) || wallet.id === 'coinbase', wallet.id).toBe(true)
    expect(ids(listed)).not.toContain('frame')
  })
})

describe('given the visitor scrolls All Wallets', () => {
  it('then each page adds the next 40 until the end, and one more asks nothing', async () => {
    const latch = setup()
    await prefetch(latch, { isMobile: false })
    expect(await fetchWalletsPage(latch, { isMobile: false })).toBe(true)
    expect(registry(latch)).toMatchObject({ page: 2, status: 'ready', source: 'snapshot' })
    expect(ids(registry(latch).wallets)).toEqual(ids(eip155Wallets).slice(0, registry(latch).wallets.length))
    // Bounded: a list that never ends must fail here, not hang.
    for (let i = 0; i < 5 && registry(latch).page * 40 < registry(latch).count; i++)
      await fetchWalletsPage(latch, { isMobile: false })
    expect(new Set(ids(registry(latch).wallets)).size).toBe(eip155Wallets.length)
    const before = registry(latch)
    expect(await fetchWalletsPage(latch, { isMobile: false })).toBe(false)
    expect(registry(latch)).toBe(before)
  })

  it('when a page is loading, then a second call adds nothing', async () => {
    const latch = setup()
    const first = fetchWalletsPage(latch, { isMobile: false })
    expect(registry(latch).status).toBe('loading')
    expect(await fetchWalletsPage(latch, { isMobile: false })).toBe(false)
    expect(await first).toBe(true)
    expect(registry(latch).page).toBe(1)
    expect(registry(latch).wallets).toHaveLength(40)
  })

  it('when featured wallets are set, then the pages leave them out', async () => {
    const latch = setup({ featuredWalletIds: ['trust'] })
    await fetchWalletsPage(latch, { isMobile: false })
    expect(ids(registry(latch).wallets)).not.toContain('trust')
  })
})

describe('given the wallet search', () => {
  it('when the visitor types " rain ", then loading shows at once with the trimmed text, and results come after 300 ms at least', async () => {
    const latch = setup()
    const started = Date.now()
    const pending = searchWallets(latch, { query: ' rain ', isMobile: false })
    expect(registry(latch).search).toMatchObject({ query: 'rain', status: 'loading' })
    const results = await pending
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(ids(results ?? [])).toEqual(['rainbow'])
    expect(registry(latch).search).toEqual({ query: 'rain', status: 'ready', results })
  })

  it('when a newer query starts, then only its results land and the older one resolves undefined', async () => {
    const latch = setup()
    const older = searchWallets(latch, { query: 'rain', isMobile: false })
    const newer = searchWallets(latch, { query: 'zer', isMobile: false })
    expect(await older).toBeUndefined()
    expect(ids((await newer) ?? [])).toEqual(['zerion'])
    expect(ids(registry(latch).search.results)).toEqual(['zerion'])
  })

  it('when the field is cleared, then the search is idle and empty, and the in-flight one is dropped', async () => {
    const latch = setup()
    const pending = searchWallets(latch, { query: 'rain', isMobile: false })
    expect(await searchWallets(latch, { query: '   ' })).toEqual([])
    expect(registry(latch).search).toEqual({ query: '', status: 'idle', results: [] })
    expect(await pending).toBeUndefined()
    expect(registry(latch).search.status).toBe('idle')
  })

  it('when the text is longer than 100 characters, then the first 100 are searched', async () => {
    const latch = setup()
    const pending = searchWallets(latch, { query: `  ${'m'.repeat(150)}`, isMobile: false })
    expect(registry(latch).search.query).toBe('m'.repeat(100))
    expect(await pending).toEqual([])
  })
})
