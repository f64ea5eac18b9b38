/**
 * The social providers the embedded wallet can log in with, and how each speaks. Only OpenID
 * Connect providers run today; a plain OAuth 2 provider (GitHub's shape: the email from an API)
 * becomes another `kind` with its own exchange in `oidc.ts`'s place.
 */
export interface SocialProvider {
  kind: 'oidc'
  /** The issuer a project uses unless it names another (a local provider in development). */
  defaultIssuer: string
  scope: string
  /** Whether the provider's `email_verified: true` may join an account of the same email. */
  vouchesForEmail: boolean
}

export const socialProviders = {
  google: {
    kind: 'oidc',
    defaultIssuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    vouchesForEmail: true,
  },
} as const satisfies Record<string, SocialProvider>

export type SocialProviderId = keyof typeof socialProviders

export const socialProviderIds = Object.keys(socialProviders) as SocialProviderId[]

export const isSocialProvider = (id: string): id is SocialProviderId => Object.hasOwn(socialProviders, id)
