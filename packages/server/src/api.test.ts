import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWallets } from './registry/dataset.js'
import type { RegistryWallet } from './registry/types.js'
import { backends, demoProject, startTestServer } from './test/backends.js'

interface WalletItem extends RegistryWallet {
  image_id: string
}
interface WalletsBody {
  data: WalletItem[]
  count: number
}

describe.each(backends)('given a server on %s with the seeded registry', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let dataset: RegistryWallet[]
  const get = async (path: string) => fetch(`${server.base}${path}`)
  const wallets = async (query: string): Promise<WalletsBody> => {
    const response = await get(`/getWallets?projectId=${demoProject.id}&st=appkit&sv=1.0.0&${query}`)
    expect(response.status).toBe(200)
    return (await response.json()) as WalletsBody
  }

  beforeAll(async () => {
    server = await startTestServer(backend)
    dataset = await loadWallets()
  })
  afterAll(() => server.close())

  describe('when the kit loads the remote config of a new project', () => {
    it('then every remote feature is listed with id, isEnabled and config, all off', async () => {
      const body = await (
        await get(`/appkit/v1/config?projectId=${demoProject.id}&st=appkit&sv=1.0.0`)
      ).json()
      expect(body).toEqual({
        features: [
          { id: 'social_login', isEnabled: false, config: [] },
          { id: 'swap', isEnabled: false, config: [] },
          { id: 'onramp', isEnabled: false, config: [] },
          { id: 'activity', isEnabled: false, config: null },
          { id: 'reown_branding', isEnabled: false, config: null },
        ],
      })
    })

    it('then a feature the project turned on is reported with its config', async () => {
      await server.repository.updateProject(demoProject.id, {
        features: { social_login: { isEnabled: true, config: ['email', 'github'] } },
      })
      const body = (await (await get(`/appkit/v1/config?projectId=${demoProject.id}`)).json()) as {
        features: Array<{ id: string; isEnabled: boolean; config: unknown }>
      }
      expect(body.features.find((f) => f.id === 'social_login')).toEqual({
        id: 'social_login',
        isEnabled: true,
        config: ['email', 'github'],
      })
      await server.repository.updateProject(demoProject.id, { features: {} })
    })
  })

  describe('when the kit asks for the allowed origins', () => {
    it('then it gets the project allowedOrigins', async () => {
      const body = await (await get(`/projects/v1/origins?projectId=${demoProject.id}`)).json()
      expect(body).toEqual({ allowedOrigins: demoProject.allowedOrigins })
    })
  })

  describe('when the kit asks for the analytics config', () => {
    it('then isAnalyticsEnabled is false unless the project turned it on', async () => {
      const path = `/getAnalyticsConfig?projectId=${demoProject.id}`
      expect(await (await get(path)).json()).toEqual({ isAnalyticsEnabled: false })
      await server.repository.updateProject(demoProject.id, {
        features: { analytics: { isEnabled: true, config: null } },
      })
      expect(await (await get(path)).json()).toEqual({ isAnalyticsEnabled: true })
      await server.repository.updateProject(demoProject.id, { features: {} })
    })
  })

  describe('when AllWallets pages through the registry 40 per page', () => {
    it('then each page holds 40 wallets in registry order, count is the total, and pages do not overlap', async () => {
      const first = await wallets('page=1&entries=40')
      const second = await wallets('page=2&entries=40')
      expect(dataset.length).toBeGreaterThan(40)
      expect(first.count).toBe(dataset.length)
      expect(first.data).toHaveLength(40)
      expect(second.data).toHaveLength(Math.min(40, dataset.length - 40))
      const ordered = [...dataset].sort((a, b) => a.order - b.order).map((w) => w.id)
      expect([...first.data, ...second.data].map((w) => w.id)).toEqual(ordered.slice(0, 80))
    })

    it('then each wallet list item carries id, name, image_id, rdns, chains and links', async () => {
      const { data } = await wallets('page=1&entries=1')
      expect(data[0]).toMatchObject({
        id: 'metamask',
        name: 'MetaMask',
        image_id: 'metamask',
        rdns: 'io.metamask',
        chains: ['eip155'],
        mobile_link: 'metamask://',
        desktop_link: null,
        webapp_link: null,
        badge_type: 'certified',
      })
    })

    it('then a page past the end is empty but still reports the count', async () => {
      expect(await wallets('page=50&entries=40')).toEqual({ data: [], count: dataset.length })
    })
  })

  describe('when the user searches (100 entries)', () => {
    it('then the search text is trimmed and matched case-insensitively within the name', async () => {
      const body = await wallets(`page=1&entries=100&search=${encodeURIComponent('  wALLet ')}`)
      const expected = dataset.filter((w) => w.name.toLowerCase().includes('wallet'))
      expect(expected.length).toBeGreaterThan(5)
      expect(body.count).toBe(expected.length)
      expect(body.data.map((w) => w.id).sort()).toEqual(expected.map((w) => w.id).sort())
    })

    it('then wildcard characters in the text are taken literally', async () => {
      expect(await wallets('entries=100&search=%25')).toEqual({ data: [], count: 0 })
      expect(await wallets('entries=100&search=_')).toEqual({ data: [], count: 0 })
    })

    it('then a text that only has spaces lists everything', async () => {
      expect((await wallets('entries=100&search=%20%20')).count).toBe(dataset.length)
    })
  })

  describe('when featured or excluded wallets are given', () => {
    it('then include returns only those wallets, in the order given (featured page = number of ids)', async () => {
      const body = await wallets('page=1&entries=3&include=safe,metamask,phantom')
      expect(body.data.map((w) => w.id)).toEqual(['safe', 'metamask', 'phantom'])
      expect(body.count).toBe(3)
    })

    it('then exclude hides those wallets from the listing', async () => {
      const body = await wallets('page=1&entries=100&exclude=metamask,trust')
      expect(body.count).toBe(dataset.length - 2)
      expect(body.data.map((w) => w.id)).not.toContain('metamask')
      expect(body.data.map((w) => w.id)).not.toContain('trust')
    })

    it('then recommended (4, certified, not the featured ones) combines badge_type and exclude', async () => {
      const body = await wallets('page=1&entries=4&badge_type=certified&exclude=metamask')
      expect(body.data).toHaveLength(4)
      expect(body.data.every((w) => w.badge_type === 'certified' && w.id !== 'metamask')).toBe(true)
      expect(body.count).toBe(dataset.filter((w) => w.badge_type === 'certified').length - 1)
    })
  })

  describe('when the app filters by chains', () => {
    it('then only wallets supporting one of the namespaces are listed, from chain ids or bare namespaces', async () => {
      const byId = await wallets('entries=100&chains=polkadot:91b171bb158e2d3848fa23a9f1c25182')
      const byNamespace = await wallets('entries=100&chains=polkadot')
      const expected = dataset.filter((w) => w.chains.includes('polkadot')).map((w) => w.id)
      expect(byId.data.map((w) => w.id).sort()).toEqual(expected.sort())
      expect(byNamespace.count).toBe(expected.length)
    })

    it('then several chains widen the set to wallets of any of them', async () => {
      const both = await wallets(
        'entries=100&chains=bip122:000000000019d6689c085ae165831e93,cosmos:cosmoshub-4',
      )
      const expected = dataset.filter((w) => w.chains.includes('bip122') || w.chains.includes('cosmos'))
      expect(both.count).toBe(expected.length)
    })
  })
})
