import { describe, expect, it } from 'vitest'
import { isInAppBrowser } from './inAppBrowser.js'

const UA = {
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  iosInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92 (iPhone15,3; iOS 17_4; en_US)',
  androidFacebook:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
  iosWeChat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  androidTelegram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 Telegram-Android/11.0.0',
}

describe("given a user agent, whether it is an app's built-in browser (where Google refuses to sign in)", () => {
  it.each([
    ['iosSafari', false],
    ['iosChrome', false],
    ['androidChrome', false],
    ['desktopChrome', false],
    ['iosInstagram', true],
    ['androidFacebook', true],
    ['iosWeChat', true],
    ['androidTelegram', true],
  ] as const)('when it is %s, then %s', (name, expected) => {
    expect(isInAppBrowser({ userAgent: UA[name] })).toBe(expected)
  })

  it('when a Telegram Mini App runs on a desktop user agent, then it is one; with no user agent, none', () => {
    expect(isInAppBrowser({ userAgent: UA.desktopChrome, telegram: true })).toBe(true)
    expect(isInAppBrowser({ userAgent: '' })).toBe(false)
  })
})
