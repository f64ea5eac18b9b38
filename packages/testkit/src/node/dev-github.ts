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

/** One of a Dev GitHub person's email addresses, as `GET /user/emails` lists it. */
export interface DevGithubEmail {
  email: string
  primary: boolean
  verified: boolean
}

/** A person who can authorize an app at Dev GitHub. */
export interface DevGithubUser {
  /** GitHub's numeric account id: what an app keys the person by. */
  id: number
  login: string
  name: string
  emails: DevGithubEmail[]
}

/** An OAuth app registered at Dev GitHub (an app's server). */
export type DevGithubClient = DevOauthClient

export interface StartDevGithubOptions {
  clients: DevGithubClient[]
  /** 0 (default): a free port. */
  port?: number
  users?: DevGithubUser[]
}

export interface DevGithub {
  /**
   * The base URL to register with the app's server, as a GitHub Enterprise Server's: the OAuth
   * pages under `/login/oauth/`, the REST API under `/api/v3`.
   */
  issuer: string
  users: DevGithubUser[]
  close(): Promise<void>
}

/** Dev GitHub's people: one whose primary email is verified, one whose primary email is not. */
export const DEV_GITHUB_USERS: readonly DevGithubUser[] = [
  {
    id: 58_231_001,
    login: 'octo-visitor',
    name: 'Octo Visitor',
    emails: [
      { email: 'octo.visitor@example.com', primary: true, verified: true },
      { email: 'octo.old@example.com', primary: false, verified: false },
    ],
  },
  {
    id: 58_231_002,
    login: 'unverified-octo',
    name: 'Unverified Octo',
    emails: [{ email: 'unverified.octo@example.com', primary: true, verified: false }],
  },
]

const docs =
  'https://docs.github.com/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-oauth-app-access-token-request-errors'

/**
 * A stand-in for GitHub's OAuth apps on loopback, for tests and the demo (no GitHub is reachable
 * offline): GitHub's own endpoints and answers — `GET /login/oauth/authorize` (a page listing its
 * test people, and Cancel), the callback's `code` and `state` (or `error=access_denied`),
 * `POST /login/oauth/access_token` (form or JSON in; JSON or a form out by `Accept`; errors with
 * HTTP 200 as GitHub sends them; PKCE S256 checked when the app sent a challenge), and the REST
 * API's `GET /user` and `GET /user/emails` with the access token.
 */
export async function startDevGithub(options: StartDevGithubOptions): Promise<DevGithub> {
  const users = [...(options.users ?? DEV_GITHUB_USERS)]
  const consent = createConsent({
    name: 'Dev GitHub',
    clients: options.clients,
    users,
    idOf: (u) => String(u.id),
    labelOf: (u) => `${u.name} · @${u.login}`,
    action: '/login/oauth/authorize',
    denied: {
      error_description: 'The user has denied your application access.',
      error_uri: `${docs}#access-denied`,
    },
  })
  const tokens = new Map<string, { user: DevGithubUser; scope: string }>()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const json = sendJson

  async function accessToken(request: IncomingMessage, response: ServerResponse) {
    const form = await readBody(request)
    const wantsJson = (request.headers.accept ?? '').includes('application/json')
    const answer = (body: Record<string, string>) =>
      wantsJson
        ? json(response, 200, body)
        : response
            .writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' })
            .end(new URLSearchParams(body).toString())
    const fail = (error: string, description: string) =>
      answer({ error, error_description: description, error_uri: `${docs}#${error.replaceAll('_', '-')}` })
    const client = options.clients.find((c) => c.clientId === form.get('client_id'))
    if (client === undefined || !sameSecret(client.clientSecret, form.get('client_secret') ?? ''))
      return fail('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.')
    // A code works once, for the app it was given to, within 10 minutes.
    const grant = consent.redeem(form.get('code') ?? '', client)
    if (grant === undefined) return fail('bad_verification_code', 'The code passed is incorrect or expired.')
    const redirectUri = form.get('redirect_uri')
    if (redirectUri !== null && redirectUri !== grant.redirectUri)
      return fail(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      )
    if (grant.challenge !== null && pkceChallenge(form.get('code_verifier') ?? '') !== grant.challenge)
      return fail('bad_verification_code', 'The code_verifier does not match the code_challenge.')
    const token = `gho_${randomBytes(18).toString('base64url')}`
    tokens.set(token, { user: grant.user, scope: grant.scope })
    return answer({ access_token: token, token_type: 'bearer', scope: grant.scope.split(/[\s,]+/).join(',') })
  }

  function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ')
    const held = /^(bearer|token)$/i.test(scheme ?? '') ? tokens.get(token ?? '') : undefined
    if (held === undefined)
      return json(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      })
    const { user, scope } = held
    if (path === '/user') {
      const primary = user.emails.find((e) => e.primary)
      return json(response, 200, {
        login: user.login,
        id: user.id,
        node_id: Buffer.from(`04:User${user.id}`).toString('base64'),
        avatar_url: `${issuer}/avatars/${user.id}`,
        type: 'User',
        site_admin: false,
        name: user.name,
        // The public email, as GitHub shows it: only a verified primary one here.
        email: primary?.verified ? primary.email : null,
      })
    }
    if (path === '/user/emails') {
      if (!scope.split(/[\s,]+/).some((s) => s === 'user:email' || s === 'user'))
        return json(response, 404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest',
        })
      return json(
        response,
        200,
        user.emails.map((e) => ({ ...e, visibility: e.primary ? 'public' : null })),
      )
    }
    return json(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
  }

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const route = `${request.method} ${url.pathname}`
    const run = async () => {
      if (route === 'GET /login/oauth/authorize') return consent.authorize(url, response)
      if (route === 'POST /login/oauth/authorize') return consent.decide(request, response)
      if (route === 'POST /login/oauth/access_token') return accessToken(request, response)
      if (request.method === 'GET' && url.pathname.startsWith('/api/v3/'))
        return api(request, response, url.pathname.slice('/api/v3'.length))
      return json(response, 404, { message: 'Not Found' })
    }
    run().catch((error: Error) => {
      if (!response.headersSent) json(response, 400, { message: error.message })
    })
  })
  return {
    issuer,
    users,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
