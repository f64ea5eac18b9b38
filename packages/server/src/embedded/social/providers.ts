/**
 * The social providers the embedded wallet can log in with, and how each speaks: an OpenID
 * Connect provider proves the visitor with a signed ID token (`oidc.ts`); a plain OAuth 2
 * provider hands an access token the server reads the visitor from its API with (`oauth2.ts`).
 * Both share the rest of the flow (`login.ts`): state, PKCE, the attempt and the session.
 * Farcaster is no OAuth provider: the visitor's Farcaster client signs a Sign In With Farcaster
 * message (FIP-11) and posts it to the relay this server hosts (`farcaster.ts`); the attempt and
 * the session are the same.
 */
interface ProviderBase {
  /** The issuer a project uses unless it names another (a local provider in development). */
  defaultIssuer: string
  scope: string
  /**
   * Whether the provider's word that the email is verified may join an account of the same
   * email (Google's `email_verified: true`; GitHub's primary email marked `verified`; Discord's
   * `verified`; Apple's `email_verified` true or "true"). Providers that never say so (X,
   * Facebook) do not.
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

/**
 * A plain OAuth 2 provider: no discovery and no ID token; the person (and the email, where the
 * provider gives one) come from its API, whose shape `oauth2.ts` knows by the provider's name.
 */
export interface Oauth2Provider extends ProviderBase {
  kind: 'oauth2'
  api: 'github' | 'discord' | 'x' | 'facebook'
}

/**
 * Sign In With Farcaster (FIP-11): no issuer, no client and no redirect. The project names the
 * OP Mainnet RPC the signature and the fid's custody address are checked against; Farcaster
 * gives no email.
 */
export interface FarcasterProvider {
  kind: 'farcaster'
  vouchesForEmail: false
}

export type SocialProvider = OidcProvider | Oauth2Provider | FarcasterProvider

export const socialProviders = {
  google: {
    kind: 'oidc',
    defaultIssuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    vouchesForEmail: true,
  },
  github: {
    kind: 'oauth2',
    api: 'github',
    defaultIssuer: 'https://github.com',
    scope: 'read:user user:email',
    vouchesForEmail: true,
  },
  // Discord says whether the email is verified (`verified`); only a verified one joins.
  discord: {
    kind: 'oauth2',
    api: 'discord',
    defaultIssuer: 'https://discord.com',
    scope: 'identify email',
    vouchesForEmail: true,
  },
  // X gives no email with these scopes: an X account is always its own.
  x: {
    kind: 'oauth2',
    api: 'x',
    defaultIssuer: 'https://x.com',
    scope: 'users.read tweet.read',
    vouchesForEmail: false,
  },
  // Facebook gives an email but never says it was verified: it never joins an account.
  facebook: {
    kind: 'oauth2',
    api: 'facebook',
    defaultIssuer: 'https://www.facebook.com',
    scope: 'public_profile email',
    vouchesForEmail: false,
  },
  apple: {
    kind: 'oidc',
    dialect: 'apple',
    defaultIssuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    // Apple verifies the addresses it gives, Hide My Email relay addresses included.
    vouchesForEmail: true,
  },
  // The fid is the person; a Farcaster account has no email to join.
  farcaster: { kind: 'farcaster', vouchesForEmail: false },
} as const satisfies Record<string, SocialProvider>

export type SocialProviderId = keyof typeof socialProviders

export const socialProviderIds = Object.keys(socialProviders) as SocialProviderId[]

/** The providers the visitor's window is sent to and comes back from (every one but Farcaster). */
export type RedirectProviderId = Exclude<SocialProviderId, 'farcaster'>

export const isSocialProvider = (id: string): id is SocialProviderId => Object.hasOwn(socialProviders, id)
