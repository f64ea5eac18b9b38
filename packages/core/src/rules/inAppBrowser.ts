import { currentEnvironment, type PlatformEnvironment } from './platform.js'

/**
 * The tokens apps add to their built-in browsers' user agents: Facebook, Instagram, LINE, WeChat,
 * TikTok, X, LinkedIn, Snapchat, Telegram, and Android's WebView (`; wv)`).
 */
const IN_APP_TOKENS =
  /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|musical_ly|BytedanceWebview|Twitter|LinkedInApp|Snapchat|Telegram|; wv\)/i

/**
 * Whether the page runs in an app's built-in browser (or a Telegram Mini App), where Google
 * refuses its sign-in page. Its own module: only the social buttons load it, not the first load.
 */
export function isInAppBrowser(environment: PlatformEnvironment = currentEnvironment()): boolean {
  return environment.telegram === true || IN_APP_TOKENS.test(environment.userAgent)
}
