import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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
export interface DevGithubClient {
  clientId: string
  clientSecret: string
  /** The app's callback URL; a `redirect_uri` must be it (or under it, as GitHub allows). */
  redirectUri: string
}

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
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev GitHub</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;display:block;width:100%;margin:.5rem 0;padding:.6rem;border-radius:.5rem;border:1px solid #555;background:#fff;cursor:pointer}</style></head><body><main>${body}</main></body></html>`
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')
const same = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('Body too large')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  // GitHub's token endpoint takes a form or JSON.
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return new URLSearchParams(JSON.parse(text) as Record<string, string>)
  return new URLSearchParams(text)
}

interface Pending {
  client: DevGithubClient
  redirectUri: string
  state: string | null
  scope: string
  challenge: string | null
}

interface Grant {
  client: DevGithubClient
  redirectUri: string
  challenge: string | null
  user: DevGithubUser
  scope: string
  expiresAt: number
}

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
  const pendings = new Map<string, Pending>()
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, { user: DevGithubUser; scope: string }>()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body))
  const html = (response: ServerResponse, status: number, body: string) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(body))
  const back = (response: ServerResponse, pending: Pending, params: Record<string, string>) => {
    const url = new URL(pending.redirectUri)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    if (pending.state !== null) url.searchParams.set('state', pending.state)
    response.writeHead(302, { location: url.toString() }).end()
  }

  function authorize(url: URL, response: ServerResponse) {
    const client = options.clients.find((c) => c.clientId === url.searchParams.get('client_id'))
    if (client === undefined)
      return html(response, 404, '<h1>Dev GitHub</h1><p>Not Found: no such OAuth app.</p>')
    const redirectUri = url.searchParams.get('redirect_uri') ?? client.redirectUri
    if (!redirectUri.startsWith(client.redirectUri))
      return html(
        response,
        400,
        '<h1>Dev GitHub</h1><p>The redirect_uri is not associated with this application.</p>',
      )
    const method = url.searchParams.get('code_challenge_method')
    const challenge = url.searchParams.get('code_challenge')
    const pending: Pending = {
      client,
      redirectUri,
      state: url.searchParams.get('state'),
      scope: url.searchParams.get('scope') ?? '',
      challenge,
    }
    if (challenge !== null && method !== 'S256')
      return back(response, pending, {
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256',
      })
    const id = randomBytes(16).toString('base64url')
    pendings.set(id, pending)
    const app = escapeHtml(client.clientId)
    return html(
      response,
      200,
      `<h1>Dev GitHub</h1><p>Authorize ${app}: it wants to read your profile and your email addresses.</p><form method="post" action="/login/oauth/authorize">${users
        .map(
          (u) =>
            `<button type="submit" name="user" value="${u.id}">${escapeHtml(u.name)} · @${escapeHtml(u.login)}</button>`,
        )
        .join(
          '',
        )}<input type="hidden" name="request" value="${id}"></form><form method="post" action="/login/oauth/authorize"><input type="hidden" name="request" value="${id}"><button type="submit" name="cancel" value="1">Cancel</button></form>`,
    )
  }

  async function decide(request: IncomingMessage, response: ServerResponse) {
    const form = await readBody(request)
    const id = form.get('request') ?? ''
    const pending = pendings.get(id)
    pendings.delete(id)
    if (pending === undefined)
      return html(response, 400, '<h1>Dev GitHub</h1><p>This request has expired.</p>')
    if (form.has('cancel'))
      return back(response, pending, {
        error: 'access_denied',
        error_description: 'The user has denied your application access.',
        error_uri: `${docs}#access-denied`,
      })
    const user = users.find((u) => String(u.id) === form.get('user'))
    if (user === undefined) return html(response, 400, '<h1>Dev GitHub</h1><p>Unknown account.</p>')
    const code = randomBytes(10).toString('hex')
    grants.set(code, { ...pending, user, expiresAt: Date.now() + 10 * 60_000 })
    return back(response, pending, { code })
  }

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
    if (client === undefined || !same(client.clientSecret, form.get('client_secret') ?? ''))
      return fail('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.')
    const code = form.get('code') ?? ''
    const grant = grants.get(code)
    // A code works once, for the app it was given to, within 10 minutes.
    grants.delete(code)
    if (grant === undefined || grant.client !== client || grant.expiresAt <= Date.now())
      return fail('bad_verification_code', 'The code passed is incorrect or expired.')
    const redirectUri = form.get('redirect_uri')
    if (redirectUri !== null && redirectUri !== grant.redirectUri)
      return fail(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      )
    if (grant.challenge !== null && sha256(form.get('code_verifier') ?? '') !== grant.challenge)
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
      if (route === 'GET /login/oauth/authorize') return authorize(url, response)
      if (route === 'POST /login/oauth/authorize') return decide(request, response)
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
