import { DEFAULT_FEATURES, type SocialProvider } from '../constants.js'
import type { ResolvedOptions } from '../options.js'
import type { RemoteFeatures } from '../types.js'
import type { RemoteConfigResponse } from './schemas.js'

/** Basic mode: every remote feature off (spec §1). */
export const REMOTE_FEATURES_OFF: Readonly<RemoteFeatures> = Object.freeze({
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
})

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

/** The app's own settings for the features remote config controls (used when it is not loaded). */
export function localRemoteFeatures(options: ResolvedOptions): RemoteFeatures {
  const { features } = options
  return {
    email: features.email,
    socials: features.socials,
    swaps: features.swaps,
    onramp: features.onramp,
    activity: features.activity,
    reownBranding: false,
  }
}

/** Whether the app set any feature that remote config overrides, so loading it ignores them. */
export function hasLocalRemoteFeatures(options: ResolvedOptions): boolean {
  const { features } = options
  return (
    features.email !== DEFAULT_FEATURES.email ||
    features.socials !== DEFAULT_FEATURES.socials ||
    features.swaps !== DEFAULT_FEATURES.swaps ||
    features.onramp !== DEFAULT_FEATURES.onramp ||
    features.activity !== DEFAULT_FEATURES.activity
  )
}
