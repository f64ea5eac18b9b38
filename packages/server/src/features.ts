import { type FeatureId, type FeatureSetting, featureIds, type Project } from './storage/types.js'

/** The features `/appkit/v1/config` reports, in this order. */
export const remoteFeatureIds = ['social_login', 'swap', 'onramp', 'activity', 'reown_branding'] as const

/** Entries `social_login` may list: 'email' turns on email login, the others are socials. */
export const socialLoginEntries = [
  'email',
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const

// A new project has every remote feature off: the kit then behaves as with no server config.
const defaults: Record<FeatureId, FeatureSetting> = {
  social_login: { isEnabled: false, config: [] },
  swap: { isEnabled: false, config: [] },
  onramp: { isEnabled: false, config: [] },
  activity: { isEnabled: false, config: null },
  reown_branding: { isEnabled: false, config: null },
  analytics: { isEnabled: false, config: null },
}

/** The feature's effective setting for a project. */
export function featureSetting(project: Project, id: FeatureId): FeatureSetting {
  return project.features[id] ?? defaults[id]
}

/** The body of `/appkit/v1/config`. */
export function remoteConfig(project: Project): { features: Array<{ id: string } & FeatureSetting> } {
  return { features: remoteFeatureIds.map((id) => ({ id, ...featureSetting(project, id) })) }
}

export const isFeatureId = (value: string): value is FeatureId => featureIds.includes(value as FeatureId)

const providerPattern = /^[a-z0-9][a-z0-9_-]{0,31}$/

/**
 * Check a feature's config before it is stored, so the server never serves a shape the kit
 * would reject. Returns an error message, or undefined when the config is valid.
 */
export function validateFeatureConfig(id: FeatureId, config: unknown): string | undefined {
  switch (id) {
    case 'social_login':
      if (
        !Array.isArray(config) ||
        !config.every((entry) => socialLoginEntries.includes(entry as (typeof socialLoginEntries)[number]))
      ) {
        return `social_login config must be a list of: ${socialLoginEntries.join(', ')}`
      }
      return undefined
    case 'swap':
    case 'onramp':
      if (!Array.isArray(config) || !config.every((p) => typeof p === 'string' && providerPattern.test(p))) {
        return `${id} config must be a list of provider names`
      }
      return undefined
    default:
      return config === null ? undefined : `${id} takes no config`
  }
}

/** The config a feature gets when the operator turns it on without giving one. */
export function defaultConfigFor(id: FeatureId): unknown {
  return id === 'social_login' ? ['email'] : defaults[id].config
}
