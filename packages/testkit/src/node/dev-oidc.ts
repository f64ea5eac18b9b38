import { startOidcStandIn } from './oidc-stand-in.js'

/** A person who can log in at the Dev provider, and what its ID token says of them. */
export interface DevOidcUser {
  sub: string
  name: string
  email: string
  /** Whether the provider vouches for the email (`email_verified`). */
  emailVerified: boolean
}

/** An OAuth client registered at the Dev provider (an app's server). */
export interface DevOidcClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export interface StartDevOidcProviderOptions {
  clients: DevOidcClient[]
  /** 0 (default): a free port. */
  port?: number
  /** The name its pages show ("Dev Google"). */
  name?: string
  users?: DevOidcUser[]
}

export interface DevOidcProvider {
  /** The issuer, to register with the app's server (`http://127.0.0.1:PORT`). */
  issuer: string
  users: DevOidcUser[]
  close(): Promise<void>
}

/** The Dev provider's people: one whose email is verified, one whose email is not. */
export const DEV_OIDC_USERS: readonly DevOidcUser[] = [
  {
    sub: '104729000000000000001',
    name: 'Dev Visitor',
    email: 'dev.visitor@example.com',
    emailVerified: true,
  },
  {
    sub: '104729000000000000002',
    name: 'Unverified Visitor',
    email: 'unverified@example.com',
    emailVerified: false,
  },
]

/**
 * A real OpenID provider on loopback (`oidc-provider`, the certified implementation) for tests and
 * the demo, in Google's shape: the authorization code flow with PKCE required, RS256 ID tokens
 * carrying `email` and `email_verified`, a login page listing its test people and a consent page
 * with Allow and Cancel, so a browser test clicks through what a visitor would.
 */
export async function startDevOidcProvider(options: StartDevOidcProviderOptions): Promise<DevOidcProvider> {
  const users = [...(options.users ?? DEV_OIDC_USERS)]
  const { issuer, close } = await startOidcStandIn({
    name: options.name ?? 'Dev Google',
    port: options.port,
    people: users.map((u) => ({
      sub: u.sub,
      label: `${u.name} · ${u.email}`,
      claims: { name: u.name, email: u.email, email_verified: u.emailVerified },
    })),
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  })
  return { issuer, users, close }
}
