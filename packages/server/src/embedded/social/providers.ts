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
   * email (Google's `email_verified: true`; GitHub's primary email marked `verified`; Apple's
   * `email_verified` true or "true").
   */
  vouchesForEmail: boolean
}

export interface OidcProvider extends ProviderBase {
  kind: 'oidc'
  /**
   * Apple's dialect of OpenID Connect (`apple.ts`): the answer comes back as a form POST, the
   * client authenticates with an ES256 JWT it signs for each request, `email_verified` may be the
   * string "true", and the name comes only in the first answer's `user` field.
   */
  dialect?: 'apple'
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
  apple: {
    kind: 'oidc',
    dialect: 'apple',
    defaultIssuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    // Apple verifies the addresses it gives, Hide My Email relay addresses included.
    vouchesForEmail: true,
  },
} as const satisfies Record<string, SocialProvider>

export type SocialProviderId = keyof typeof socialProviders

export const socialProviderIds = Object.keys(socialProviders) as SocialProviderId[]

export const isSocialProvider = (id: string): id is SocialProviderId => Object.hasOwn(socialProviders, id)
