import { describe, expect, it } from 'vitest'
import { memorySession } from '../test/memoryAdapter.fixture.js'
import { isPairingReuseBrowser } from './platform.js'
import {
  installLinkFor,
  shouldReusePairing,
  walletConnectSessionConnector,
  walletLink,
  walletLinkFor,
} from './walletConnect.js'

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1'
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const URI = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'

describe('pairing reuse (spec §4: on Telegram or iOS Safari an unexpired pairing is reused)', () => {
  const pairing = { uri: URI, expiresAt: 2_000 }
  it('given iOS Safari and an unexpired pairing, when the view opens again, then the pairing is reused', () => {
    expect(shouldReusePairing({ pairing, now: 1_000, userAgent: IOS_SAFARI })).toBe(true)
  })
  it('given the Telegram web app, then an unexpired pairing is reused', () => {
    expect(shouldReusePairing({ pairing, now: 1_000, userAgent: DESKTOP_CHROME, telegram: true })).toBe(true)
  })
  it('given iOS Safari and an expired pairing, then a new one is made', () => {
    expect(shouldReusePairing({ pairing, now: 2_000, userAgent: IOS_SAFARI })).toBe(false)
  })
  it('given desktop Chrome or Chrome on iOS, then a new pairing is made every time', () => {
    expect(shouldReusePairing({ pairing, now: 1_000, userAgent: DESKTOP_CHROME })).toBe(false)
    expect(isPairingReuseBrowser({ userAgent: IOS_CHROME })).toBe(false)
  })
  it('given no pairing, then there is nothing to reuse', () => {
    expect(shouldReusePairing({ pairing: undefined, now: 0, userAgent: IOS_SAFARI })).toBe(false)
  })
})

describe('wallet deep links', () => {
  const encoded = encodeURIComponent(URI)
  it('given an app scheme, then the link is <scheme>://wc?uri=<encoded pairing URI>', () => {
    expect(walletLink({ link: 'metamask://', uri: URI })).toBe(`metamask://wc?uri=${encoded}`)
    expect(walletLink({ link: 'rainbow:', uri: URI })).toBe(`rainbow://wc?uri=${encoded}`)
  })
  it('given a universal link with a trailing slash, then /wc?uri= is appended once', () => {
    expect(walletLink({ link: 'https://link.wallet.example/', uri: URI })).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
    )
  })
  it('given an unsafe or malformed link, then there is no link', () => {
    expect(walletLink({ link: 'javascript:alert(1)', uri: URI })).toBeUndefined()
    expect(walletLink({ link: 'not a link', uri: URI })).toBeUndefined()
    expect(walletLink({ link: 'http://wallet.example', uri: URI, platform: 'webapp' })).toBeUndefined()
  })
  const wallet = {
    mobileLink: 'examplewallet://',
    desktopLink: 'examplewallet-desktop://',
    webappLink: 'https://app.wallet.example',
  }
  it('given a phone, then the mobile link opens the wallet app', () => {
    expect(walletLinkFor({ platform: 'mobile', wallet, uri: URI })).toEqual({
      platform: 'mobile',
      href: `examplewallet://wc?uri=${encoded}`,
    })
  })
  it('given a desktop, then the desktop link opens the wallet app', () => {
    expect(walletLinkFor({ platform: 'desktop', wallet, uri: URI })?.href).toBe(
      `examplewallet-desktop://wc?uri=${encoded}`,
    )
  })
  it('given a wallet with only a web app, then the web app opens on either platform', () => {
    expect(
      walletLinkFor({ platform: 'desktop', wallet: { webappLink: wallet.webappLink }, uri: URI }),
    ).toEqual({
      platform: 'webapp',
      href: `https://app.wallet.example/wc?uri=${encoded}`,
    })
  })
})

describe('the session connector a WalletConnect pairing goes through', () => {
  const approved = { namespaces: {}, expiry: 0, wallet: { name: 'Phone' } }
  const email = memorySession('email', 'AUTH', approved).connector
  const first = memorySession('wc', 'WALLET_CONNECT', approved).connector
  const second = memorySession('wc2', 'WALLET_CONNECT', approved).connector
  const connectors = new Map([email, first, second].map((c) => [c.id, c]))

  it('given no request, then the first WalletConnect one is used, never another kind', () => {
    expect(walletConnectSessionConnector(connectors)).toBe(first)
    expect(walletConnectSessionConnector(new Map([[email.id, email]]))).toBeUndefined()
  })

  it('given a requested id the app has, then that one; an unknown id falls back', () => {
    expect(walletConnectSessionConnector(connectors, 'wc2')).toBe(second)
    expect(walletConnectSessionConnector(connectors, 'gone')).toBe(first)
  })
})

describe('given a wallet that is not installed here', () => {
  const wallet = {
    homepage: 'https://metamask.io',
    chromeStore: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
    appStore: 'https://apps.apple.com/app/id1438144202',
    playStore: 'https://play.google.com/store/apps/details?id=io.metamask',
  }
  const desktop = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
  }
  const iphone = {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
  }
  const android = { userAgent: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/156.0 Mobile Safari/537.36' }

  it('when on desktop, then it is installed from its extension store page, else its site', () => {
    expect(installLinkFor({ wallet, environment: desktop })).toBe(wallet.chromeStore)
    expect(installLinkFor({ wallet: { homepage: wallet.homepage }, environment: desktop })).toBe(
      wallet.homepage,
    )
    const firefox = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' }
    expect(installLinkFor({ wallet, environment: firefox })).toBe(wallet.homepage)
  })

  it('when on a phone, then from the App Store on iOS and Google Play elsewhere, else its site', () => {
    expect(installLinkFor({ wallet, environment: iphone })).toBe(wallet.appStore)
    expect(installLinkFor({ wallet, environment: android })).toBe(wallet.playStore)
    expect(installLinkFor({ wallet: { homepage: wallet.homepage }, environment: android })).toBe(
      wallet.homepage,
    )
  })

  it('when the registry has no link at all, or only one that is not https, then there is none', () => {
    expect(installLinkFor({ wallet: {}, environment: desktop })).toBeUndefined()
    expect(installLinkFor({ wallet: { homepage: 'http://x.example' }, environment: desktop })).toBeUndefined()
  })
})
