import { safeLink } from '../registry/links.js'
import type { SessionConnector } from '../types.js'
import {
  currentEnvironment,
  detectPlatform,
  isPairingReuseBrowser,
  type PlatformEnvironment,
} from './platform.js'

/** Where the visitor is: decides which of a registry wallet's links to open. */
export type LinkPlatform = 'mobile' | 'desktop' | 'webapp'

/**
 * Whether a pending pairing URI should be shown again rather than a new one produced: only in
 * the browsers of {@link isPairingReuseBrowser}, and only while it has not expired.
 */
export function shouldReusePairing(
  parameters: PlatformEnvironment & {
    pairing: { uri: string; expiresAt: number } | undefined
    now: number
  },
): boolean {
  const { pairing, now } = parameters
  if (!pairing || pairing.expiresAt <= now) return false
  return isPairingReuseBrowser(parameters)
}

/**
 * The link that opens a wallet app with a pairing URI. Universal links (https) and web apps get
 * `<link>/wc?uri=<encoded>`; app schemes (`metamask://`) get `<scheme>://wc?uri=<encoded>`.
 * Unsafe or malformed links give undefined (web apps must be https).
 *
 * @example
 * walletLink({ link: 'metamask://', uri: 'wc:abc@2?…' }) // 'metamask://wc?uri=wc%3Aabc%402%3F…'
 */
export function walletLink(parameters: {
  link: string | undefined
  uri: string
  platform?: LinkPlatform
}): string | undefined {
  const safe = safeLink(parameters.link, parameters.platform === 'webapp' ? 'web' : 'app')
  if (!safe) return undefined
  const encoded = encodeURIComponent(parameters.uri)
  if (/^https?:\/\//i.test(safe)) return `${safe.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = safe.includes('://')
    ? safe.slice(0, safe.indexOf('://') + 3)
    : `${safe.replace(/:+$/, '')}://`
  return `${scheme}wc?uri=${encoded}`
}

/**
 * The link for this platform from a registry wallet's links: mobile → mobile link, desktop →
 * desktop link, then the web app on either when the native one is missing.
 */
export function walletLinkFor(parameters: {
  platform: 'mobile' | 'desktop'
  wallet: {
    mobileLink?: string | undefined
    desktopLink?: string | undefined
    webappLink?: string | undefined
  }
  uri: string
}): { href: string; platform: LinkPlatform } | undefined {
  const { wallet, uri } = parameters
  const native = parameters.platform === 'mobile' ? wallet.mobileLink : wallet.desktopLink
  const href = walletLink({ link: native, uri, platform: parameters.platform })
  if (href) return { href, platform: parameters.platform }
  const web = walletLink({ link: wallet.webappLink, uri, platform: 'webapp' })
  return web ? { href: web, platform: 'webapp' } : undefined
}

/**
 * The session connector a WalletConnect pairing goes through: the requested one when the app has
 * it, else the app's first WalletConnect session connector (none when WalletConnect is off).
 */
export function walletConnectSessionConnector(
  connectors: ReadonlyMap<string, SessionConnector>,
  requestedId?: string | undefined,
): SessionConnector | undefined {
  const requested = requestedId === undefined ? undefined : connectors.get(requestedId)
  return requested ?? [...connectors.values()].find((connector) => connector.type === 'WALLET_CONNECT')
}

/**
 * Where a wallet that is not installed here is installed from, for this browser: on a desktop
 * Chromium browser its extension's Chrome Web Store page, on a phone its app store page (App
 * Store on iOS, Google Play elsewhere), else its site. Undefined when the registry has none.
 *
 * @example
 * installLinkFor({ wallet, environment: { userAgent: navigator.userAgent } })
 */
export function installLinkFor(parameters: {
  wallet: {
    homepage?: string | undefined
    chromeStore?: string | undefined
    appStore?: string | undefined
    playStore?: string | undefined
  }
  environment?: PlatformEnvironment | undefined
}): string | undefined {
  const { wallet } = parameters
  const environment = parameters.environment ?? currentEnvironment()
  // The Chrome Web Store serves every Chromium browser (Chrome, Edge, Brave, Opera), which all
  // carry Chrome's token; Firefox and Safari get the wallet's site.
  const store = !detectPlatform(environment).mobile
    ? /Chrome\//.test(environment.userAgent)
      ? wallet.chromeStore
      : undefined
    : /iPhone|iPad|iPod/i.test(environment.userAgent)
      ? wallet.appStore
      : wallet.playStore
  return [store, wallet.homepage].find((link) => link !== undefined && /^https:\/\//.test(link))
}
