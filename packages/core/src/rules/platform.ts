/** What the platform is read from: the browser's user agent, and Telegram's Mini App object. */
export interface PlatformEnvironment {
  userAgent: string
  /** `window.Telegram.WebApp` exists (a Telegram Mini App, whatever its user agent says). */
  telegram?: boolean | undefined
}

/** Where the visitor is, as the connect flows need it. */
export interface Platform {
  /** A phone or tablet browser: wallet apps are opened by link, browser extensions do not exist. */
  mobile: boolean
  /** Telegram's in-app browser or a Telegram Mini App. */
  telegram: boolean
  /** Safari on iPhone, iPad or iPod (iOS browsers that are not Safari add their own token). */
  iosSafari: boolean
}

/**
 * The one pattern every platform check reads: the mobile tokens, Telegram's, Safari's, and the
 * tokens iOS browsers other than Safari add (Chrome, Firefox, Edge, Opera, the Google app).
 */
const PLATFORM_TOKENS = /Android|iPhone|iPad|iPod|Mobile|Telegram|Safari\/|CriOS|FxiOS|EdgiOS|OPiOS|GSA\//gi

const OTHER_IOS_BROWSERS = ['crios', 'fxios', 'edgios', 'opios', 'gsa/']

/** The environment of this page; empty outside a browser (server rendering, Node). */
export function currentEnvironment(): PlatformEnvironment {
  const userAgent = typeof navigator === 'undefined' ? '' : String(navigator.userAgent ?? '')
  const telegram =
    typeof window !== 'undefined' && !!(window as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp
  return { userAgent, telegram }
}

/**
 * Mobile, Telegram and iOS Safari detection, from one pattern (spec §4 pairing reuse, the
 * mobile wallet list, the default view without adapters).
 *
 * @example
 * detectPlatform().mobile
 * detectPlatform({ userAgent: navigator.userAgent, telegram: false })
 */
export function detectPlatform(environment: PlatformEnvironment = currentEnvironment()): Platform {
  const tokens = new Set((environment.userAgent.match(PLATFORM_TOKENS) ?? []).map((t) => t.toLowerCase()))
  const ios = tokens.has('iphone') || tokens.has('ipad') || tokens.has('ipod')
  return {
    mobile: ios || tokens.has('android') || tokens.has('mobile'),
    telegram: environment.telegram === true || tokens.has('telegram'),
    iosSafari: ios && tokens.has('safari/') && !OTHER_IOS_BROWSERS.some((token) => tokens.has(token)),
  }
}

/** Whether this is a phone or tablet browser ({@link detectPlatform}). */
export function isMobileBrowser(environment: PlatformEnvironment = currentEnvironment()): boolean {
  return detectPlatform(environment).mobile
}

/**
 * Telegram's in-app browser and iOS Safari (spec §4): there, leaving for the wallet app and
 * coming back must find the same pairing, so an unexpired one is reused instead of replaced.
 */
export function isPairingReuseBrowser(environment: PlatformEnvironment = currentEnvironment()): boolean {
  const platform = detectPlatform(environment)
  return platform.telegram || platform.iosSafari
}
