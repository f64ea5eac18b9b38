// Remote project config, the origin check and every fallback to the snapshot, against a real
// @latch/server (SQLite in a temp dir) and a small server that answers garbage.
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { prefetch } from '../actions/prefetch.js'
import { loadProjectConfig } from '../actions/projectConfig.js'
import { searchWallets } from '../actions/searchWallets.js'
import { createLatch, type LatchOptions } from '../createLatch.js'
import { embeddedWallet } from '../embedded/embeddedWallet.js'
import { createMemoryStorage } from '../storage.js'
import { walletSnapshot } from './snapshot.js'
import { mainnet, startTestServer } from './testServer.fixture.js'

let closeServer: () => Promise<void>
let base: string
let garbage: Server
let garbageBase: string
const requests: string[] = []

beforeAll(async () => {
  const server = await startTestServer({
    projects: [
      { id: 'plain', name: 'Plain', allowedOrigins: ['https://app.example.com'] },
      {
        id: 'login',
        name: 'With login',
        allowedOrigins: ['https://app.example.com', 'https://*.preview.example.com'],
        features: {
          social_login: { isEnabled: true, config: ['email', 'google', 'github'] },
          swap: { isEnabled: true, config: ['1inch'] },
        },
      },
    ],
    onRequest: (url) => requests.push(url.split('?', 1)[0] ?? ''),
  })
  base = server.base
  closeServer = server.close

  // Answers 200 with bodies of the wrong shape (and once not JSON at all).
  garbage = createHttpServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    if (request.url?.startsWith('/getWallets')) {
      response.end(JSON.stringify({ count: 'many', data: [{ id: '<img src=x onerror=alert(1)>', name: 1 }] }))
    } else if (request.url?.startsWith('/appkit/v1/config')) {
      response.end('{"features": "all of them"}')
    } else response.end('not json')
  })
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve))
  garbageBase = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`
})
afterAll(async () => {
  await closeServer()
  await new Promise<void>((resolve) => garbage.close(() => resolve()))
})

function latchFor(options: Partial<LatchOptions> = {}) {
  return createLatch({
    networks: [mainnet],
    projectId: 'plain',
    apiUrl: base,
    storage: createMemoryStorage(),
    ...options,
  })
}

const alertIds = (latch: ReturnType<typeof latchFor>) => latch.store.getState().alerts.map((a) => a.id)
/** The snapshot's eip155 wallets in registry order. */
const snapshotEip155 = walletSnapshot
  .filter((w) => w.chains.includes('eip155'))
  .sort((a, b) => a.order - b.order)
/** A page of it as the kit lists it without adapters: only wallets with some link. */
const snapshotPage = (start: number, end: number, skip: readonly string[] = []) =>
  snapshotEip155
    .filter((w) => !skip.includes(w.id))
    .slice(start, end)
    .filter((w) => w.mobile_link || w.desktop_link || w.webapp_link)
    .map((w) => w.id)

describe('given full mode and a project with login and swaps on', () => {
  it('when it prefetches, then the remote features are loaded', async () => {
    const latch = latchFor({ projectId: 'login' })
    await prefetch(latch, { origin: 'https://app.example.com' })
    expect(latch.store.getState().remote).toEqual({
      status: 'loaded',
      features: {
        email: false, // on in the project, but this app has no embedded wallet to log in with

        socials: ['google', 'github'],
        swaps: true,
        onramp: false,
        activity: false,
        reownBranding: false,
      },
    })
    expect(alertIds(latch)).toEqual([])
  })

  it("when the app also set local features, then the 'Local configuration ignored' warning shows", async () => {
    const latch = latchFor({ projectId: 'login', features: { swaps: false, onramp: true } })
    await prefetch(latch, { origin: 'https://app.example.com' })
    expect(latch.store.getState().alerts).toContainEqual({
      id: 'LOCAL_CONFIGURATION_IGNORED',
      variant: 'warning',
      message: 'Local configuration ignored',
    })
    expect(latch.store.getState().remote.features?.onramp).toBe(false)
  })

  it.each([
    ['an allowed origin', 'https://app.example.com', false],
    ['a wildcard-allowed origin', 'https://pr-7.preview.example.com', false],
    ['a default allowed ancestor', 'https://my-dapp.vercel.app', false],
    ['localhost', 'http://localhost:5173', false],
    ['an origin the project does not list', 'https://evil.example.org', true],
  ])(
    "when the page is on %s, then the 'invalid app configuration' alert shows: %s → %s",
    async (_, origin, alerted) => {
      const latch = latchFor({ projectId: 'login' })
      await prefetch(latch, { origin })
      expect(alertIds(latch).includes('INVALID_APP_CONFIGURATION')).toBe(alerted)
    },
  )

  it('when the app offers the embedded wallet, then the origin is checked as for email (spec §5 advisory alert)', async () => {
    const latch = latchFor({
      projectId: 'plain',
      connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId: 'plain' })],
    })
    await prefetch(latch, { origin: 'https://evil.example.org' })
    expect(alertIds(latch)).toContain('INVALID_APP_CONFIGURATION')
    const allowed = latchFor({
      projectId: 'plain',
      connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId: 'plain' })],
    })
    await prefetch(allowed, { origin: 'https://app.example.com' })
    expect(alertIds(allowed)).not.toContain('INVALID_APP_CONFIGURATION')
  })

  it('when email and socials are off, then the origins are not even asked for', async () => {
    const since = requests.length
    await prefetch(latchFor(), { origin: 'https://evil.example.org' })
    expect(requests.slice(since)).toContain('/appkit/v1/config')
    expect(requests.slice(since)).not.toContain('/projects/v1/origins')
  })

  it('when prefetch is called twice at once, then config and each list are asked for once', async () => {
    const latch = latchFor({ projectId: 'login' })
    const since = requests.length
    await Promise.all([prefetch(latch, { origin: 'https://app.example.com' }), prefetch(latch)])
    await prefetch(latch)
    const calls = requests.slice(since)
    expect(calls.filter((path) => path === '/appkit/v1/config')).toHaveLength(1)
    expect(calls.filter((path) => path === '/getWallets')).toHaveLength(2) // first page + recommended
  })
})

describe('given a wallet list that is slow to answer', () => {
  it('when it prefetches, then the project config is in state before the lists answer', async () => {
    const latch = latchFor({ projectId: 'login' })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The wallet lists wait until released; the config and origins answer at once.
    const slowLists: typeof fetch = async (input, init) => {
      if (String(input).includes('/getWallets')) await held
      return fetch(input, init)
    }
    const done = prefetch(latch, { origin: 'https://app.example.com', fetch: slowLists })
    await vi.waitFor(() => expect(latch.store.getState().remote.status).toBe('loaded'))
    expect(latch.store.getState().remote.features.socials).toEqual(['google', 'github'])
    expect(latch.store.getState().registry.status).toBe('loading')
    release()
    await done
    expect(latch.store.getState().registry.status).toBe('ready')
  })

  it('when the config read started first (as the provider does at first paint), then prefetch reuses it', async () => {
    const latch = latchFor({ projectId: 'login' })
    const since = requests.length
    const early = loadProjectConfig(latch, { embedded: false })
    expect(latch.store.getState().remote.status).toBe('loading')
    await Promise.all([early, prefetch(latch, { origin: 'https://app.example.com' })])
    expect(requests.slice(since).filter((path) => path === '/appkit/v1/config')).toHaveLength(1)
    expect(latch.store.getState().remote.status).toBe('loaded')
  })
})

describe('given an app with an embedded-wallet connector (email login by its own settings)', () => {
  const withEmbedded = (projectId: string, options: Partial<LatchOptions> = {}) =>
    latchFor({
      projectId,
      connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com', projectId })],
      ...options,
    })

  it('when nothing has loaded yet, then email login is in force from the app settings alone', () => {
    expect(withEmbedded('plain').store.getState().remote).toMatchObject({
      status: 'idle',
      features: { email: true },
    })
    expect(withEmbedded('plain', { features: { email: false } }).store.getState().remote.features.email).toBe(
      false,
    )
  })

  it("when the project turns email on, then it stays on and nothing is 'ignored'", async () => {
    const latch = withEmbedded('login')
    await prefetch(latch, { origin: 'https://app.example.com' })
    expect(latch.store.getState().remote.features.email).toBe(true)
    expect(alertIds(latch)).toEqual([])
  })

  it("when the project has email off, then email login goes off and the 'Local configuration ignored' warning shows", async () => {
    const latch = withEmbedded('plain')
    await prefetch(latch, { origin: 'https://app.example.com' })
    expect(latch.store.getState().remote).toMatchObject({ status: 'loaded', features: { email: false } })
    expect(alertIds(latch)).toContain('LOCAL_CONFIGURATION_IGNORED')
  })

  it('when the project turns email on but the app has no embedded connector, then email stays off (nothing could serve it)', async () => {
    const latch = latchFor({ projectId: 'login' })
    await prefetch(latch, { origin: 'https://app.example.com' })
    expect(latch.store.getState().remote.features).toMatchObject({ email: false, swaps: true })
  })

  it('when the server answers garbage, then the app settings stay in force and the console says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const latch = withEmbedded('login', { apiUrl: garbageBase, features: { swaps: true } })
      await prefetch(latch)
      expect(latch.store.getState().remote).toMatchObject({
        status: 'failed',
        features: { email: true, swaps: true },
      })
      const said = warn.mock.calls.map((call) => String(call[0])).join('\n')
      expect(said).toContain('The project config of login could not be loaded')
      expect(said).toContain("the app's own feature settings apply")
    } finally {
      warn.mockRestore()
    }
  })
})

describe('given basic mode', () => {
  it('when it prefetches, then no request goes to /appkit/v1/config and remote features are off', async () => {
    const latch = latchFor({ projectId: 'login', basic: true, features: { email: true } })
    const since = requests.length
    await prefetch(latch, { origin: 'https://evil.example.org' })
    expect(requests.slice(since)).not.toContain('/appkit/v1/config')
    expect(requests.slice(since)).toContain('/getWallets')
    expect(latch.store.getState().remote.status).toBe('off')
    expect(latch.store.getState().remote.features?.email).toBe(false)
    expect(alertIds(latch)).not.toContain('LOCAL_CONFIGURATION_IGNORED')
  })
})

describe('given a server that cannot be used', () => {
  it('when the project is unknown to it, then remote config fails to the defaults and wallets come from the snapshot', async () => {
    const latch = latchFor({ projectId: 'nobody', features: { email: true } })
    await prefetch(latch)
    const state = latch.store.getState()
    expect(state.remote.status).toBe('failed')
    expect(state.remote.features?.email).toBe(true)
    expect(state.alerts.map((a) => a.id)).not.toContain('LOCAL_CONFIGURATION_IGNORED')
    expect(state.registry.source).toBe('snapshot')
    expect(state.registry.wallets.map((w) => w.id)).toEqual(snapshotPage(0, 40))
  })

  it('when it answers garbage, then the response is rejected: snapshot list, failed config, nothing of it in state', async () => {
    const latch = latchFor({ apiUrl: garbageBase })
    await prefetch(latch)
    const state = latch.store.getState()
    expect(state.remote.status).toBe('failed')
    expect(state.registry.source).toBe('snapshot')
    expect(state.registry.wallets.map((w) => w.id)).toEqual(snapshotPage(0, 40))
    expect(JSON.stringify(state.registry)).not.toContain('onerror')
    await searchWallets(latch, { query: 'rain' })
    expect(latch.store.getState().registry.search.results.map((w) => w.id)).toEqual(['rainbow'])
  })

  it('when it is stopped, then the kit lists the snapshot', async () => {
    const dead = createHttpServer()
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
    const deadBase = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => dead.close(() => resolve()))
    const latch = latchFor({ apiUrl: deadBase, featuredWalletIds: ['rainbow'] })
    await prefetch(latch)
    const { registry, remote } = latch.store.getState()
    expect(remote.status).toBe('failed')
    expect(registry.source).toBe('snapshot')
    expect(registry.featured.map((w) => w.id)).toEqual(['rainbow'])
    expect(registry.featured[0]?.imageUrl).toMatch(/^data:image\/svg\+xml,%3Csvg/)
    expect(registry.recommended.map((w) => w.id)).toEqual(snapshotPage(0, 4, ['rainbow']))
  })
})

describe('given no apiUrl', () => {
  it('when it prefetches and searches, then no request is made and the snapshot is listed', async () => {
    const calls: string[] = []
    const fetchSpy: typeof fetch = (input, init) => {
      calls.push(String(input))
      return fetch(input, init)
    }
    const latch = createLatch({ networks: [mainnet], projectId: 'plain', storage: createMemoryStorage() })
    const since = requests.length
    await prefetch(latch, { fetch: fetchSpy, origin: 'https://evil.example.org' })
    await searchWallets(latch, { query: 'zer', fetch: fetchSpy })
    expect(calls).toEqual([])
    expect(requests.length).toBe(since)
    const state = latch.store.getState()
    expect(state.remote.status).toBe('off')
    expect(state.registry.source).toBe('snapshot')
    expect(state.registry.count).toBe(snapshotEip155.length)
    expect(state.registry.search.results.map((w) => w.id)).toEqual(['zerion'])
  })
})
