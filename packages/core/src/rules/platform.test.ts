import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentEnvironment, detectPlatform, isMobileBrowser, isPairingReuseBrowser } from './platform.js'

const UA = {
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
  iosFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  iosGoogleApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/310.0 Mobile/15E148 Safari/604.1',
  iosWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTelegram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 Telegram-Android/11.0.0',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  desktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
}

afterEach(() => vi.unstubAllGlobals())

describe('given a browser user agent (one detection for mobile, Telegram and iOS Safari)', () => {
  it.each([
    ['iosSafari', { mobile: true, telegram: false, iosSafari: true }],
    ['ipadSafari', { mobile: true, telegram: false, iosSafari: true }],
    ['iosChrome', { mobile: true, telegram: false, iosSafari: false }],
    ['iosFirefox', { mobile: true, telegram: false, iosSafari: false }],
    ['iosGoogleApp', { mobile: true, telegram: false, iosSafari: false }],
    ['iosWebView', { mobile: true, telegram: false, iosSafari: false }],
    ['androidChrome', { mobile: true, telegram: false, iosSafari: false }],
    ['androidTelegram', { mobile: true, telegram: true, iosSafari: false }],
    ['desktopChrome', { mobile: false, telegram: false, iosSafari: false }],
    ['desktopSafari', { mobile: false, telegram: false, iosSafari: false }],
  ] as const)('when it is %s, then the platform is %o', (name, expected) => {
    expect(detectPlatform({ userAgent: UA[name] })).toEqual(expected)
  })

  it('when a Telegram Mini App runs on a desktop user agent, then it is Telegram (pairing reused) but not mobile', () => {
    const environment = { userAgent: UA.desktopChrome, telegram: true }
    expect(detectPlatform(environment)).toEqual({ mobile: false, telegram: true, iosSafari: false })
    expect(isPairingReuseBrowser(environment)).toBe(true)
  })

  it('when it is iOS Safari or Telegram, then the pairing is reused; elsewhere it is not', () => {
    expect(isPairingReuseBrowser({ userAgent: UA.iosSafari })).toBe(true)
    expect(isPairingReuseBrowser({ userAgent: UA.androidTelegram })).toBe(true)
    expect(isPairingReuseBrowser({ userAgent: UA.iosChrome })).toBe(false)
    expect(isPairingReuseBrowser({ userAgent: UA.androidChrome })).toBe(false)
    expect(isPairingReuseBrowser({ userAgent: UA.desktopSafari })).toBe(false)
  })

  it('when the user agent is empty (Node, server rendering), then nothing is detected', () => {
    expect(detectPlatform({ userAgent: '' })).toEqual({ mobile: false, telegram: false, iosSafari: false })
  })
})

describe('given the page environment', () => {
  it('when navigator and Telegram.WebApp exist, then they are read', () => {
    vi.stubGlobal('navigator', { userAgent: UA.androidChrome })
    vi.stubGlobal('window', { Telegram: { WebApp: {} } })
    expect(currentEnvironment()).toEqual({ userAgent: UA.androidChrome, telegram: true })
    expect(isMobileBrowser()).toBe(true)
    expect(isPairingReuseBrowser()).toBe(true)
  })

  it('when there is no browser, then the environment is empty and not mobile', () => {
    vi.stubGlobal('navigator', undefined)
    vi.stubGlobal('window', undefined)
    expect(currentEnvironment()).toEqual({ userAgent: '', telegram: false })
    expect(isMobileBrowser()).toBe(false)
  })
})
