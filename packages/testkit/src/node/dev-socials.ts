import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createConsent,
  type DevOauthClient,
  pkceChallenge,
  readBody,
  sameSecret,
  sendJson,
} from './dev-oauth-shared.js'

/** The plain OAuth 2 providers Dev Socials stands in for. */
export type DevSocialProvider = 'discord' | 'x' | 'facebook'

/** A person who can authorize an app at one of Dev Socials' providers. */
export interface DevSocialUser {
  /** The provider's id for the person: what an app keys them by. */
  id: string
  /** The handle (Discord's and X's `username`); Facebook has none and shows the name. */
  username: string
  name: string
  /** The account's email, or null when the provider gives none (X never does). */
  email: string | null
  /** Whether the provider says the email is verified (Discord's `verified`; the others say nothing). */
  emailVerified: boolean
}

export interface StartDevSocialsOptions {
  /** The apps registered at each provider (an app's server). */
  clients: Partial<Record<DevSocialProvider, DevOauthClient[]>>
  /** 0 (default): a free port. */
  port?: number
  users?: Partial<Record<DevSocialProvider, readonly DevSocialUser[]>>
}

export interface DevSocials {
  /** Each provider's base URL, to register with the app's server as its issuer. */
  issuers: Record<DevSocialProvider, string>
  users: Record<DevSocialProvider, DevSocialUser[]>
  close(): Promise<void>
}

/** Facebook's Graph API version the stand-in serves (the one the server asks for). */
const GRAPH = 'v23.0'

/** Dev Socials' people: at Discord one with a verified email and one without; at X and Facebook one each. */
export const DEV_SOCIAL_USERS: Readonly<Record<DevSocialProvider, readonly DevSocialUser[]>> = {
  discord: [
    {
      id: '80351110224678912',
      username: 'dev.visitor',
      name: 'Discord Visitor',
      email: 'discord.visitor@example.com',
      emailVerified: true,
    },
    {
      id: '80351110224678913',
      username: 'unverified.visitor',
      name: 'Unverified Discorder',
      email: 'unverified.discord@example.com',
      emailVerified: false,
    },
  ],
  x: [
    {
      id: '1450000000000000001',
      username: 'DevVisitor',
      name: 'X Visitor',
      email: null,
      emailVerified: false,
    },
  ],
  facebook: [
    {
      id: '10160000000000001',
      username: 'Facebook Visitor',
      name: 'Facebook Visitor',
      email: 'facebook.visitor@example.com',
      emailVerified: false,
    },
  ],
}

/** Each provider's paths under its base URL: the same as on the provider's own hosts. */
const PATHS = {
  discord: { authorize: '/oauth2/authorize', token: '/api/oauth2/token', me: '/api/users/@me' },
  x: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', me: '/2/users/me' },
  facebook: {
    authorize: `/${GRAPH}/dialog/oauth`,
    token: `/${GRAPH}/oauth/access_token`,
    me: `/${GRAPH}/me`,
  },
} as const satisfies Record<DevSocialProvider, { authorize: string; token: string; me: string }>

const DENIED: Record<DevSocialProvider, Record<string, string>> = {
  discord: { error_description: 'The resource owner or authorization server denied the request' },
  x: {},
  facebook: { error_reason: 'user_denied', error_description: 'Permissions error' },
}

/** The person as each provider's API answers for them. */
function profile(provider: DevSocialProvider, user: DevSocialUser, scope: string[]) {
  if (provider === 'discord')
    return {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.name,
      avatar: null,
      ...(scope.includes('email') ? { email: user.email, verified: user.emailVerified } : {}),
    }
  if (provider === 'x') return { data: { id: user.id, name: user.name, username: user.username } }
  return { id: user.id, name: user.name, ...(user.email !== null ? { email: user.email } : {}) }
}

/**
 * Stand-ins for Discord's, X's and Facebook's OAuth 2 on one loopback port, for tests and the
 * demo (none is reachable offline), each under its own base (`/discord`, `/x`, `/facebook`) with
 * the provider's own paths below it: the authorization page (its test people, and Cancel), the
 * token endpoint (PKCE S256 checked; X takes the client's secret only as HTTP Basic, Facebook's
 * errors are Graph's `{ error: { message, type, code } }`), and the API's "me" for the token.
 */
export async function startDevSocials(options: StartDevSocialsOptions): Promise<DevSocials> {
  const providers = ['discord', 'x', 'facebook'] as const
  const users = Object.fromEntries(
    providers.map((p) => [p, [...(options.users?.[p] ?? DEV_SOCIAL_USERS[p])]]),
  ) as Record<DevSocialProvider, DevSocialUser[]>
  const names = { discord: 'Dev Discord', x: 'Dev X', facebook: 'Dev Facebook' }
  const consents = Object.fromEntries(
    providers.map((p) => [
      p,
      createConsent({
        name: names[p],
        clients: options.clients[p] ?? [],
        users: users[p],
        idOf: (u) => u.id,
        labelOf: (u) => (u.username === u.name ? u.name : `${u.name} · @${u.username}`),
        action: `/${p}${PATHS[p].authorize}`,
        denied: DENIED[p],
      }),
    ]),
  ) as Record<DevSocialProvider, ReturnType<typeof createConsent<DevSocialUser>>>
  const tokens = new Map<string, { provider: DevSocialProvider; user: DevSocialUser; scope: string[] }>()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function token(provider: DevSocialProvider, request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin)
    const form = request.method === 'GET' ? url.searchParams : await readBody(request)
    const fail = (status: number, error: string, description: string) =>
      provider === 'facebook'
        ? sendJson(response, status, { error: { message: description, type: 'OAuthException', code: 100 } })
        : sendJson(response, status, { error, error_description: description })
    // The client's credentials: HTTP Basic, or (not at X) the form's client_id and client_secret.
    let id = form.get('client_id')
    let secret = form.get('client_secret')
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ')
    if (/^basic$/i.test(scheme ?? '') && encoded !== undefined) {
      const decoded = Buffer.from(encoded, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      id = decodeURIComponent(decoded.slice(0, colon))
      secret = decodeURIComponent(decoded.slice(colon + 1))
    } else if (provider === 'x') secret = null
    const client = options.clients[provider]?.find((c) => c.clientId === id)
    if (client === undefined || secret === null || !sameSecret(client.clientSecret, secret))
      return fail(401, 'invalid_client', 'Client authentication failed')
    const grant = consents[provider].redeem(form.get('code') ?? '', client)
    if (grant === undefined) return fail(400, 'invalid_grant', 'Invalid "code" in request.')
    if (form.get('redirect_uri') !== grant.redirectUri)
      return fail(400, 'invalid_grant', 'Invalid "redirect_uri" in request.')
    if (grant.challenge !== null && pkceChallenge(form.get('code_verifier') ?? '') !== grant.challenge)
      return fail(400, 'invalid_grant', 'Invalid "code_verifier" in request.')
    const accessToken = randomBytes(24).toString('base64url')
    const scope = grant.scope.split(/[\s,]+/).filter(Boolean)
    tokens.set(accessToken, { provider, user: grant.user, scope })
    return sendJson(response, 200, {
      access_token: accessToken,
      token_type: provider === 'discord' ? 'Bearer' : 'bearer',
      expires_in: 3600,
      scope: scope.join(' '),
    })
  }

  function me(provider: DevSocialProvider, request: IncomingMessage, response: ServerResponse) {
    const [scheme, value] = (request.headers.authorization ?? '').split(' ')
    const held = /^bearer$/i.test(scheme ?? '') ? tokens.get(value ?? '') : undefined
    if (held === undefined || held.provider !== provider)
      return sendJson(response, 401, { message: '401: Unauthorized', code: 0 })
    return sendJson(response, 200, profile(provider, held.user, held.scope))
  }

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', origin)
    const provider = providers.find((p) => url.pathname.startsWith(`/${p}/`))
    const run = async () => {
      if (provider === undefined) return sendJson(response, 404, { message: 'Not Found' })
      const path = url.pathname.slice(provider.length + 1)
      const paths = PATHS[provider]
      if (path === paths.authorize && request.method === 'GET')
        return consents[provider].authorize(url, response)
      if (path === paths.authorize && request.method === 'POST')
        return consents[provider].decide(request, response)
      if (path === paths.token && (request.method === 'POST' || provider === 'facebook'))
        return token(provider, request, response)
      if (path === paths.me && request.method === 'GET') return me(provider, request, response)
      return sendJson(response, 404, { message: 'Not Found' })
    }
    run().catch((error: Error) => {
      if (!response.headersSent) sendJson(response, 400, { message: error.message })
    })
  })
  return {
    issuers: { discord: `${origin}/discord`, x: `${origin}/x`, facebook: `${origin}/facebook` },
    users,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
