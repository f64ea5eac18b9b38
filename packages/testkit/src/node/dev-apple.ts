import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { importJWK, type JWK, jwtVerify } from 'jose'
import { readBody } from './dev-oauth-shared.js'
import { startOidcStandIn } from './oidc-stand-in.js'

/** A person who can sign in at Dev Apple, and what its ID token says of them. */
export interface DevAppleUser {
  /** Apple's stable user id for the team ("001234.…"). */
  sub: string
  firstName: string
  lastName: string
  /** The address Apple gives the app: the person's own, or a Hide My Email relay address. */
  email: string
  /**
   * Apple's `email_verified`: the string "true" as Apple's ID tokens often carry it, the boolean
   * true, or false (a shape Apple does not send, for a test of the refusal).
   */
  emailVerified: boolean | 'true'
  /** Whether `email` is a Hide My Email relay address (`is_private_email`). */
  isPrivateEmail?: boolean
}

/** A team's Sign in with Apple key, as the developer account gives it (the `.p8` file and its ids). */
export interface DevAppleKey {
  /** The team id: 10 characters, A–Z and 0–9. */
  teamId: string
  /** The key id: 10 characters, A–Z and 0–9. */
  keyId: string
  /** The private key as the `.p8` file holds it: PKCS#8 PEM, P-256. */
  privateKeyPem: string
  /** Its public half, which Dev Apple checks client secrets with. */
  publicKey: JsonWebKey
}

/** A Services ID registered at Dev Apple (an app's server) and the team keys it may sign with. */
export interface DevAppleClient {
  /** The Services ID: the app's `client_id`, and the `sub` of its client secret. */
  clientId: string
  /** The `iss` of its client secret. */
  teamId: string
  /** The keys a client secret may be signed with, by key id (its header's `kid`). */
  keys: { keyId: string; publicKey: JsonWebKey }[]
  redirectUris: string[]
}

export interface StartDevAppleOptions {
  clients: DevAppleClient[]
  /** 0 (default): a free port. */
  port?: number
  users?: DevAppleUser[]
  /**
   * The time client secrets are checked at (default: the system's). A later one makes a secret
   * the app just signed an expired one.
   */
  now?: () => Date
}

export interface DevApple {
  /** The issuer, to register with the app's server (`http://127.0.0.1:PORT`). */
  issuer: string
  users: DevAppleUser[]
  close(): Promise<void>
}

/**
 * Dev Apple's people: `email_verified` as the string "true", a Hide My Email relay address with
 * the boolean true, and one with false.
 */
export const DEV_APPLE_USERS: readonly DevAppleUser[] = [
  {
    sub: '001729.5f0c3a9d2b7e4c18a6d9e0f1b2c3d4e5.1201',
    firstName: 'Apple',
    lastName: 'Visitor',
    email: 'apple.visitor@example.com',
    emailVerified: 'true',
  },
  {
    sub: '001729.9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.1202',
    firstName: 'Relay',
    lastName: 'Visitor',
    email: 'k7q2xw9d4m@privaterelay.appleid.com',
    emailVerified: true,
    isPrivateEmail: true,
  },
  {
    sub: '001729.0e1d2c3b4a5968778695a4b3c2d1e0f9.1203',
    firstName: 'Unverified',
    lastName: 'Apple',
    email: 'unverified.apple@example.com',
    emailVerified: false,
  },
]

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const appleId = () => Array.from({ length: 10 }, () => idAlphabet[randomInt(idAlphabet.length)]).join('')

/**
 * A fresh test key as Apple's developer account hands one out: a P-256 key pair, its private half
 * as a `.p8` PEM, with a random team id and key id (or the given ones).
 */
export function generateDevAppleKey(ids: { teamId?: string; keyId?: string } = {}): DevAppleKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  return {
    teamId: ids.teamId ?? appleId(),
    keyId: ids.keyId ?? appleId(),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: publicKey.export({ format: 'jwk' }),
  }
}

/** Apple takes a client secret that expires at most six months after it was made. */
const maxSecretLifetimeSeconds = 15_777_000

/**
 * A stand-in for Sign in with Apple on loopback, for tests and the demo, built on the same
 * `oidc-provider` as Dev Google, in Apple's shape: its endpoints at Apple's paths
 * (`/auth/authorize`, `/auth/token`, `/auth/keys`), scopes `openid email name`, the answer only as
 * a form POST to the app (`response_mode=form_post`), whose first one for a person and app
 * carries the `user` field (the name, as JSON), and ID tokens with `email_verified` as Apple
 * writes it. The token endpoint takes Apple's client secret: an ES256 JWT from the app's team
 * (`iss`) for its Services ID (`sub`) to this issuer (`aud`), signed with a registered key
 * (`kid`), unexpired and made for at most six months; anything else is `invalid_client`.
 */
export async function startDevApple(options: StartDevAppleOptions): Promise<DevApple> {
  const users = [...(options.users ?? DEV_APPLE_USERS)]
  // The secret oidc-provider knows each client by: a checked client secret is swapped for it.
  const internal = new Map(options.clients.map((c) => [c.clientId, randomBytes(32).toString('hex')]))
  const shared = new Set<string>()

  async function checkClientSecret(client: DevAppleClient, secret: string, issuer: string) {
    const { payload } = await jwtVerify(
      secret,
      async (header) => {
        const key = client.keys.find((k) => k.keyId === header.kid)
        if (key === undefined) throw new Error('Unknown key id')
        return importJWK(key.publicKey as JWK, 'ES256')
      },
      {
        algorithms: ['ES256'],
        issuer: client.teamId,
        subject: client.clientId,
        audience: issuer,
        requiredClaims: ['iat', 'exp'],
        ...(options.now === undefined ? {} : { currentDate: options.now() }),
      },
    )
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > maxSecretLifetimeSeconds)
      throw new Error('The client secret lives too long')
  }

  async function token(request: IncomingMessage, response: ServerResponse, issuer: string) {
    if (request.method !== 'POST' || (request.url ?? '').split('?')[0] !== '/auth/token') return false
    const form = await readBody(request)
    const client = options.clients.find((c) => c.clientId === form.get('client_id'))
    const secret = form.get('client_secret')
    const checked =
      client !== undefined &&
      secret !== null &&
      (await checkClientSecret(client, secret, issuer).then(
        () => true,
        () => false,
      ))
    if (!checked) {
      response
        .writeHead(400, { 'content-type': 'application/json;charset=UTF-8' })
        .end(JSON.stringify({ error: 'invalid_client' }))
      return true
    }
    form.set('client_secret', internal.get(client.clientId) ?? '')
    // The body is read: oidc-provider takes the one set on the request in its place.
    ;(request as IncomingMessage & { body?: string }).body = form.toString()
    return false
  }

  const { issuer, provider, close } = await startOidcStandIn({
    name: 'Dev Apple',
    port: options.port,
    people: users.map((u) => ({
      sub: u.sub,
      label: `${u.firstName} ${u.lastName} · ${u.email}`,
      claims: {
        email: u.email,
        email_verified: u.emailVerified,
        ...(u.isPrivateEmail === undefined ? {} : { is_private_email: u.isPrivateEmail }),
      },
    })),
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: internal.get(c.clientId),
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      response_modes: ['form_post'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    // Apple's ID token has no name: the name comes once, in the first answer's `user` field.
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'], name: [] },
    routes: { authorization: '/auth/authorize', token: '/auth/token', jwks: '/auth/keys' },
    intercept: token,
  })

  provider.on('authorization.success', (ctx, out) => {
    const clientId = ctx.oidc.client?.clientId ?? ''
    const user = users.find((u) => u.sub === ctx.oidc.session?.accountId)
    const scopes = String(ctx.oidc.params?.scope ?? '').split(' ')
    const first = `${clientId} ${user?.sub}`
    if (user === undefined || out.code === undefined || shared.has(first)) return
    if (!scopes.includes('name') && !scopes.includes('email')) return
    shared.add(first)
    out.user = JSON.stringify({
      ...(scopes.includes('name') ? { name: { firstName: user.firstName, lastName: user.lastName } } : {}),
      ...(scopes.includes('email') ? { email: user.email } : {}),
    })
  })
  return { issuer, users, close }
}
