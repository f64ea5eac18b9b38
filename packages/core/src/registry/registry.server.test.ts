// The registry actions against a real @latch/server (SQLite in a temp dir) on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchWalletsPage } from '../actions/fetchWalletsPage.js'
import { prefetch } from '../actions/prefetch.js'
import { searchWallets } from '../actions/searchWallets.js'
import { createLatch, type LatchOptions } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import { mainnet, startTestServer } from './testServer.fixture.js'

type Item = {
  id: string
  name: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
}

let base: string
let close: () => Promise<void>
const requests: { path: string; query: URLSearchParams }[] = []

beforeAll(async () => {
  const server = await startTestServer({
    projects: [{ id: 'plain', name: 'Plain', allowedOrigins: ['https://app.example.com'] }],
    onRequest(url) {
      const [path = '', query = ''] = url.split('?', 2)
      requests.push({ path, query: new URLSearchParams(query) })
    },
  })
  base = server.base
  close = server.close
})
afterAll(() => close())

function latchFor(options: Partial<LatchOptions> = {}) {
  return createLatch({
    networks: [mainnet],
    projectId: 'plain',
    apiUrl: base,
    storage: createMemoryStorage(),
    ...options,
  })
}

/** The server's own answer, read without the kit. */
async function direct(params: Record<string, string>): Promise<{ count: number; data: Item[] }> {
  const query = new URLSearchParams({ projectId: 'plain', chains: 'eip155', ...params })
  return (await (await fetch(`${base}/getWallets?${query}`)).json()) as { count: number; data: Item[] }
}

const hasLink = (item: Item) => Boolean(item.mobile_link || item.desktop_link || item.webapp_link)
const callsTo = (path: string, since: number) => requests.slice(since).filter((r) => r.path === path)

describe('given a kit pointed at its server', () => {
  it('when it prefetches with featured ids, then featured lists exactly those, in that order, in one page of that size', async () => {
    const latch = latchFor({ featuredWalletIds: ['rainbow', 'metamask'] })
    const since = requests.length
    await prefetch(latch)
    const { registry } = latch.store.getState()
    expect(registry.source).toBe('server')
    expect(registry.featured.map((w) => w.id)).toEqual(['rainbow', 'metamask'])
    expect(registry.featured[0]?.imageUrl).toBe(`${base}/getWalletImage/rainbow?projectId=plain`)
    const featuredCall = callsTo('/getWallets', since).find((r) => r.query.get('include'))
    expect(featuredCall?.query.get('entries')).toBe('2')
    expect(featuredCall?.query.get('st')).toBe('latch')
    // The image URL the kit builds is served by the same server.
    const image = await fetch(registry.featured[0]?.imageUrl ?? '')
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
  })

  it('then recommended has 4 wallets, the first page 40, and neither repeats a featured wallet', async () => {
    const latch = latchFor({ featuredWalletIds: ['metamask'] })
    await prefetch(latch)
    const { registry } = latch.store.getState()
    const expected = await direct({ page: '1', entries: '40', exclude: 'metamask' })
    expect(registry.recommended).toHaveLength(4)
    expect(registry.count).toBe(expected.count)
    expect(registry.page).toBe(1)
    expect(registry.wallets.map((w) => w.id)).toEqual(expected.data.filter(hasLink).map((w) => w.id))
    expect([...registry.recommended, ...registry.wallets].some((w) => w.id === 'metamask')).toBe(false)
  })

  it('then recommended asks the server for certified wallets only (badge_type), the other lists for any', async () => {
    const latch = latchFor({ includeWalletIds: ['exodus', 'metamask', 'bitget', 'trust'] })
    const since = requests.length
    await prefetch(latch)
    const { registry } = latch.store.getState()
    expect(registry.recommended.map((w) => w.id)).toEqual(['metamask', 'trust'])
    expect(registry.wallets.map((w) => w.id)).toEqual(['exodus', 'metamask', 'bitget', 'trust'])
    const calls = callsTo('/getWallets', since)
    expect(calls.find((r) => r.query.get('entries') === '4')?.query.get('badge_type')).toBe('certified')
    expect(calls.find((r) => r.query.get('entries') === '40')?.query.has('badge_type')).toBe(false)
  })

  it('when it pages to the end, then every wallet is listed once and one more call asks nothing', async () => {
    const latch = latchFor()
    await prefetch(latch)
    while (await fetchWalletsPage(latch)) {}
    const all = await direct({ page: '1', entries: '100' })
    const { registry } = latch.store.getState()
    expect(registry.page).toBe(Math.ceil(all.count / 40))
    expect(registry.wallets.map((w) => w.id)).toEqual(all.data.filter(hasLink).map((w) => w.id))
    const since = requests.length
    expect(await fetchWalletsPage(latch)).toBe(false)
    expect(requests.length).toBe(since)
  })

  it('when the app includes and excludes wallets, then every list keeps to them', async () => {
    const latch = latchFor({
      includeWalletIds: ['metamask', 'trust', 'rainbow', 'zerion'],
      excludeWalletIds: ['trust'],
      featuredWalletIds: ['zerion', 'trust'],
    })
    await prefetch(latch)
    const { registry } = latch.store.getState()
    expect(registry.featured.map((w) => w.id)).toEqual(['zerion'])
    expect(registry.wallets.map((w) => w.id).sort()).toEqual(['metamask', 'rainbow'])
    await searchWallets(latch, { query: 'a' })
    const ids = latch.store.getState().registry.search.results.map((w) => w.id)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.every((id) => ['metamask', 'rainbow', 'zerion'].includes(id))).toBe(true)
  })
})

describe('given the wallet search', () => {
  it('when the user types " rain ", then the search text is trimmed, loading shows at once and results come after at least 300 ms', async () => {
    const latch = latchFor()
    const since = requests.length
    const started = performance.now()
    const pending = searchWallets(latch, { query: ' rain ' })
    expect(latch.store.getState().registry.search).toMatchObject({ query: 'rain', status: 'loading' })
    const results = await pending
    expect(performance.now() - started).toBeGreaterThanOrEqual(299)
    expect(callsTo('/getWallets', since)[0]?.query.get('search')).toBe('rain')
    expect(callsTo('/getWallets', since)[0]?.query.get('entries')).toBe('100')
    const { search } = latch.store.getState().registry
    expect(search.status).toBe('ready')
    expect(search.results).toEqual(results)
    expect(search.results.map((w) => w.id)).toContain('rainbow')
    expect(search.results.every((w) => w.name.toLowerCase().includes('rain'))).toBe(true)
  })

  it('when a newer query starts before the older one ends, then only the newer results land', async () => {
    const latch = latchFor()
    const older = searchWallets(latch, { query: 'meta' })
    const newer = searchWallets(latch, { query: 'rain' })
    expect(await older).toBeUndefined()
    await newer
    const { search } = latch.store.getState().registry
    expect(search.query).toBe('rain')
    expect(search.results.some((w) => w.id === 'metamask')).toBe(false)
    expect(search.results.map((w) => w.id)).toContain('rainbow')
  })

  it('when the field is cleared, then the search is idle and empty, and an in-flight one is dropped', async () => {
    const latch = latchFor()
    const inFlight = searchWallets(latch, { query: 'rain' })
    await searchWallets(latch, { query: '   ' })
    expect(await inFlight).toBeUndefined()
    expect(latch.store.getState().registry.search).toEqual({ query: '', status: 'idle', results: [] })
  })
})

describe('given a visitor on a mobile browser', () => {
  it('when the lists load, then only wallets with a mobile link (or Coinbase) are listed', async () => {
    const latch = latchFor()
    await prefetch(latch, { isMobile: true })
    while (await fetchWalletsPage(latch, { isMobile: true })) {}
    const { registry } = latch.store.getState()
    const all = await direct({ page: '1', entries: '100' })
    const expected = all.data.filter((w) => w.mobile_link || w.id === 'coinbase').map((w) => w.id)
    expect(registry.wallets.map((w) => w.id)).toEqual(expected)
    expect(expected.length).toBeLessThan(all.data.length)
  })
})

describe('given a server that stops while the user pages', () => {
  it('when the next page fails, then the whole list is rebuilt from the snapshot', async () => {
    const second = await startTestServer({
      projects: [{ id: 'plain', name: 'Plain', allowedOrigins: ['https://app.example.com'] }],
    })
    const latch = latchFor({ apiUrl: second.base })
    await prefetch(latch)
    expect(latch.store.getState().registry.source).toBe('server')
    await second.close()
    expect(await fetchWalletsPage(latch)).toBe(true)
    const { registry } = latch.store.getState()
    expect(registry.source).toBe('snapshot')
    expect(registry.page).toBe(2)
    expect(new Set(registry.wallets.map((w) => w.id)).size).toBe(registry.wallets.length)
    expect(registry.wallets.every((w) => w.imageUrl?.startsWith('data:image/svg+xml,'))).toBe(true)
  })
})
