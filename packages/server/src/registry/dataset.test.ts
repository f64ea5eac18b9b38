import { describe, expect, it } from 'vitest'
import { walletSnapshot } from '../../../core/src/registry/snapshot.js'
import { loadImages, loadWallets, parseWallets, RegistryDataError } from './dataset.js'
import { colourOf, initialsOf, renderInitialsSvg } from './image.js'
import { toSnapshotWallets } from './snapshot.js'

describe('given the curated wallet dataset', () => {
  it('then it lists at least 60 wallets with unique ids and unique orders', async () => {
    const wallets = await loadWallets()
    expect(wallets.length).toBeGreaterThanOrEqual(60)
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
