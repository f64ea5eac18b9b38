import type { SocialProvider } from '../constants.js'
import type { RemoteFeatures } from '../types.js'
import type { RemoteConfigResponse } from './schemas.js'

const SOCIALS: readonly string[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

const stringList = (config: unknown): string[] =>
  Array.isArray(config) ? config.filter((entry): entry is string => typeof entry === 'string') : []

/**
 * The remote features a `/appkit/v1/config` answer turns on (spec §6): `social_login` lists
 * 'email' and the socials; swap, onramp, activity and reown_branding are on/off. Unknown ids and
 * unknown socials are ignored.
 */
export function parseRemoteFeatures(response: RemoteConfigResponse): RemoteFeatures {
  const byId = new Map(response.features.map((feature) => [feature.id, feature]))
  const on = (id: string) => byId.get(id)?.isEnabled === true
  const login = byId.get('social_login')
  const entries = login?.isEnabled ? stringList(login.config) : []
  const socials = entries.filter((entry) => SOCIALS.includes(entry)) as (SocialProvider | 'farcaster')[]
  return {
    email: entries.includes('email'),
    socials: socials.length ? socials : false,
    swaps: on('swap'),
    onramp: on('onramp'),
    activity: on('activity'),
    reownBranding: on('reown_branding'),
  }
}

/**
 * The features in force once the project config has loaded (spec §1 full mode): the project's,
 * except that email login stays off without an embedded-wallet connector to serve it.
 */
export function loadedRemoteFeatures(remote: RemoteFeatures, hasEmbeddedConnector: boolean): RemoteFeatures {
  return { ...remote, email: remote.email && hasEmbeddedConnector }
}

const sameSocials = (a: RemoteFeatures['socials'], b: RemoteFeatures['socials']) =>
  a === b || (a !== false && b !== false && a.length === b.length && a.every((entry) => b.includes(entry)))

/**
 * Whether loading the project config overrides something the app turned on itself, so the
 * spec's 'Local configuration ignored' warning is due (spec §4). A feature only the project turns
 * on ignores nothing of the app's.
 */
export function overridesLocalFeatures(local: RemoteFeatures, loaded: RemoteFeatures): boolean {
  return (
    (local.email && !loaded.email) ||
    (local.socials !== false && !sameSocials(local.socials, loaded.socials)) ||
    (local.swaps && !loaded.swaps) ||
    (local.onramp && !loaded.onramp) ||
    (local.activity && !loaded.activity)
  )
}
