import type { ResolvedOptions } from '../options.js'
import type { RemoteFeatures } from '../types.js'

// Kept apart from the parsing of the project config (remoteConfig.ts): creating an instance needs
// only these, and the parsing loads with prefetch.

/** Basic mode: every remote feature off (spec §1). */
export const REMOTE_FEATURES_OFF: Readonly<RemoteFeatures> = Object.freeze({
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
})

/**
 * The app's own settings for the features remote config controls: in force without a server,
 * while the project config loads, and when it fails (spec §4 "Remote config failure").
 */
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

/** Basic mode turns every remote feature off; otherwise the app's settings until the config loads. */
export function initialRemoteFeatures(options: ResolvedOptions): RemoteFeatures {
  return options.basic ? { ...REMOTE_FEATURES_OFF } : localRemoteFeatures(options)
}
