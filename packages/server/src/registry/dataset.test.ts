import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { walletSnapshot } from '../../../core/src/registry/snapshot.js'
import { walletLogos } from '../../../core/src/registry/snapshotLogos.js'
import { loadImages, loadWalletLogos, loadWallets, parseWallets, RegistryDataError } from './dataset.js'
import { colourOf, initialsOf, renderInitialsSvg } from './image.js'
import { toSnapshotWallets } from './snapshot.js'

describe('given the curated wallet dataset', () => {
  it('then it lists at least 45 wallets with unique ids and unique orders', async () => {
    const wallets = await loadWallets()
    expect(wallets.length).toBeGreaterThanOrEqual(45)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.order)).size).toBe(wallets.length)
  })

  it('then every wallet can be reached somehow: a mobile, desktop or web link, or a homepage', async () => {
    for (const w of await loadWallets()) {
      expect(
        [w.mobile_link, w.desktop_link, w.webapp_link, w.homepage].some((l) => l !== null),
        w.id,
      ).toBe(true)
    }
  })

  it('then the kit snapshot was regenerated from it (npm run build:snapshot -w @latch/server)', async () => {
    expect(walletSnapshot).toEqual(toSnapshotWallets(await loadWallets()))
  })

  it('then an image is generated for every wallet, asset, currency and token, none with markup from data', async () => {
    const wallets = await loadWallets()
    const images = await loadImages(wallets)
    expect(images.filter((i) => i.kind === 'wallet')).toHaveLength(wallets.length)
    for (const kind of ['asset', 'currency', 'token'] as const) {
      expect(images.some((i) => i.kind === kind)).toBe(true)
    }
    for (const image of images) expect(image.body).not.toMatch(/<script|on\w+=/i)
  })

  it('then every wallet carries its real logo, every network and most tokens their brand logo', async () => {
    const wallets = await loadWallets()
    const images = await loadImages(wallets)
    const isLogo = (i: { body: string }) => !i.body.includes('</text>')
    const byKey = new Map(images.map((i) => [`${i.kind}/${i.id}`, i]))
    for (const wallet of wallets) expect(isLogo(byKey.get(`wallet/${wallet.id}`)!), wallet.id).toBe(true)
    expect(byKey.get('wallet/metamask')!.body).toContain('class="web3icons"')
    expect(isLogo(byKey.get('asset/eip155:8453')!)).toBe(true)
    expect(isLogo(byKey.get('token/USDC')!)).toBe(true)
    const coverage = (kind: string) => {
      const list = images.filter((i) => i.kind === kind)
      return `${list.filter(isLogo).length}/${list.length}`
    }
    // The coverage docs/decisions.md reports; update both when the dataset or the icons change.
    expect({
      wallet: coverage('wallet'),
      asset: coverage('asset'),
      currency: coverage('currency'),
      token: coverage('token'),
    }).toEqual({ wallet: '45/45', asset: '21/21', currency: '0/10', token: '17/18' })
  })

  it('then the kit snapshot carries the same logos (npm run build:snapshot -w @latch/server)', async () => {
    const wallets = await loadWallets()
    expect(new Map(Object.entries(walletLogos))).toEqual(await loadWalletLogos(wallets))
  })

  it('then a wallet without a logo, or with one too large or able to load anything, is refused', async () => {
    const [wallet] = await loadWallets()
    const dir = await mkdtemp(join(tmpdir(), 'latch-logos-'))
    const write = async (svg: string | undefined) => {
      const file = join(dir, 'logos.json')
      await writeFile(file, JSON.stringify({ wallets: svg === undefined ? {} : { [wallet!.id]: { svg } } }))
      return file
    }
    await expect(loadWalletLogos([wallet!], await write(undefined))).rejects.toThrow(/has no logo/)
    const big = `<svg>${'x'.repeat(9000)}</svg>`
    await expect(loadWalletLogos([wallet!], await write(big))).rejects.toThrow(RegistryDataError)
    const remote = '<svg><use href="https://example.com/a.svg#x"/></svg>'
    await expect(loadWalletLogos([wallet!], await write(remote))).rejects.toThrow(/not a plain image/)
    await expect(loadWalletLogos([wallet!], await write('<svg onload="x()"/>'))).rejects.toThrow(
      RegistryDataError,
    )
  })
})

describe('given a malformed dataset entry', () => {
  const valid = {
    id: 'ok',
    name: 'Ok',
    rdns: null,
    chains: ['eip155'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: 'https://ok.example',
    chrome_store: null,
    app_store: null,
    play_store: null,
    badge: null,
    order: 1,
  }

  it.each([
    [{ ...valid, id: 'Has Space' }, 'wallets[0]: id must be a slug'],
    [{ ...valid, chains: ['eip155', 'tron'] }, 'wallets[0]: chains must be a non-empty list'],
    [
      { ...valid, webapp_link: 'javascript:alert(1)' },
      'wallets[0]: webapp_link must be an https URL or null',
    ],
    [{ ...valid, badge: 'gold' }, "wallets[0]: badge must be 'certified' or null"],
    [{ ...valid, order: 0 }, 'wallets[0]: order must be a positive integer'],
  ])('when it is %o, then loading fails with "%s"', (entry, message) => {
    expect(() => parseWallets({ wallets: [entry] })).toThrow(RegistryDataError)
    expect(() => parseWallets({ wallets: [entry] })).toThrow(message)
  })

  it.each([
    ['mobile_link', 'javascript:alert(1)'],
    ['mobile_link', 'JavaScript:alert(1)'],
    ['desktop_link', 'data:text/html,<script>alert(1)</script>'],
    ['desktop_link', 'file:///etc/passwd'],
    ['mobile_link', 'vbscript:msgbox(1)'],
    ['mobile_link', 'http://wallet.example/wc'],
    ['mobile_link', 'unknownwallet://wc'],
    ['homepage', 'https://user:pw@ok.example'],
    ['webapp_link', 'data:text/html,x'],
    ['chrome_store', 'https://evil.example/detail/nkbihfbeogaeaoehlefnkodbefgpgknn'],
    ['app_store', 'https://apps.apple.com.evil.example/app/id1438144202'],
    ['play_store', 'https://play.google.com/store/apps/details?id=x&next=https://evil.example'],
  ])('when its %s is %s, then loading fails: only https and known wallet app schemes pass', (key, link) => {
    expect(() => parseWallets({ wallets: [{ ...valid, [key]: link }] })).toThrow(`wallets[0]: ${key} must be`)
  })

  it('when its links are https or a listed wallet app scheme, then it loads', () => {
    const entry = { ...valid, mobile_link: 'metamask://', desktop_link: 'https://ok.example/open' }
    expect(parseWallets({ wallets: [entry] })[0]?.mobile_link).toBe('metamask://')
  })

  it('when two entries share an id, then loading fails', () => {
    expect(() => parseWallets({ wallets: [valid, { ...valid, order: 2 }] })).toThrow('duplicate id ok')
  })
})

describe('given a wallet name', () => {
  it.each([
    ['MetaMask', 'MM'],
    ['Trust Wallet', 'TW'],
    ['1inch Wallet', '1W'],
    ['Safe{Wallet}', 'SW'],
    ['Zerion', 'ZE'],
    ['<img src=x onerror=alert(1)>', 'IS'],
  ])('when %s is drawn, then the initials are %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
    expect(renderInitialsSvg('x', name)).toContain(`>${initials}</text>`)
  })

  it('when two ids differ, then their colours are stable per id', () => {
    expect(colourOf('metamask')).toBe(colourOf('metamask'))
    expect(colourOf('metamask')).not.toBe(colourOf('rainbow'))
  })
})
