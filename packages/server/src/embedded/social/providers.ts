/**
 * The social providers the embedded wallet can log in with, and how each speaks: an OpenID
 * Connect provider proves the visitor with a signed ID token (`oidc.ts`); a plain OAuth 2
 * provider hands an access token the server reads the visitor from its API with (`oauth2.ts`).
 * Both share the rest of the flow (`login.ts`): state, PKCE, the attempt and the session.
 */
interface ProviderBase {
  /** The issuer a project uses unless it names another (a local provider in development). */
  defaultIssuer: string
  scope: string
  /**
   * Whether the provider's word that the email is verified may join an account of the same
   * email (Google's `email_verified: true`; GitHub's primary email marked `verified`).
   */
  vouchesForEmail: boolean
}

export interface OidcProvider extends ProviderBase {
  kind: 'oidc'
}

/** GitHub's shape: no discovery and no ID token; the person and emails come from its REST API. */
export interface GithubProvider extends ProviderBase {
  kind: 'github'
}

export type SocialProvider = OidcProvider | GithubProvider

export const socialProviders = {
  google: {
    kind: 'oidc',
    defaultIssuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    vouchesForEmail: true,
  },
  github: {
    kind: 'github',
    defaultIssuer: 'https://github.com',
    scope: 'read:user user:email',
    vouchesForEmail: true,
  },
} as const satisfies Record<string, SocialProvider>

export type SocialProviderId = keyof typeof socialProviders

export const socialProviderIds = Object.keys(socialProviders) as SocialProviderId[]

export const isSocialProvider = (id: string): id is SocialProviderId => Object.hasOwn(socialProviders, id)
