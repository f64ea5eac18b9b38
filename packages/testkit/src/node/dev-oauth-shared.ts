import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * What the test kit's plain OAuth 2 stand-ins (Dev GitHub, Dev Discord, Dev X, Dev Facebook)
 * share: the pages, the bodies, and the consent step every provider's authorization endpoint
 * runs — the app checked, a page listing the test people (and Cancel), then back to the app with
 * a code or `error=access_denied`.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;display:block;width:100%;margin:.5rem 0;padding:.6rem;border-radius:.5rem;border:1px solid #555;background:#fff;cursor:pointer}</style></head><body><main>${body}</main></body></html>`

/** PKCE S256: the challenge a verifier answers. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** Equal secrets, compared in constant time. */
export const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A request's body as text, at most 16 KiB. */
export async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('Body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A request's body (at most 16 KiB) as parameters: a form, or JSON when it says so. */
export async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const text = await readText(request)
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return new URLSearchParams(JSON.parse(text) as Record<string, string>)
  return new URLSearchParams(text)
}

export const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))

/** An OAuth app registered at a stand-in (an app's server). */
export interface DevOauthClient {
  clientId: string
  clientSecret: string
  /** The app's callback URL; a `redirect_uri` must be it (or under it). */
  redirectUri: string
}

/** A code the visitor's consent gave an app: redeemable once, by that app, within 10 minutes. */
export interface DevGrant<U> {
  client: DevOauthClient
  redirectUri: string
  challenge: string | null
  user: U
  scope: string
  expiresAt: number
}

interface Pending {
  client: DevOauthClient
  redirectUri: string
  state: string | null
  scope: string
  challenge: string | null
}

export interface ConsentOptions<U> {
  /** The provider's name on its pages ("Dev Discord"). */
  name: string
  clients: readonly DevOauthClient[]
  users: readonly U[]
  /** The form value that picks a person, and how the page names them. */
  idOf(user: U): string
  labelOf(user: U): string
  /** Where the page's forms post the decision (the authorization endpoint's path). */
  action: string
  /** What the app reads when the visitor cancels, beside `error=access_denied`. */
  denied: Record<string, string>
}

/**
 * The consent step of an authorization endpoint: `authorize` checks the app and its redirect URI
 * and shows the people; `decide` takes the visitor's choice back to the app; `redeem` hands the
 * grant of a code to the app it was given to, once.
 */
export function createConsent<U>(options: ConsentOptions<U>) {
  const pendings = new Map<string, Pending>()
  const grants = new Map<string, DevGrant<U>>()
  const name = escapeHtml(options.name)
  const html = (response: ServerResponse, status: number, body: string) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(options.name, body))
  const back = (response: ServerResponse, pending: Pending, params: Record<string, string>) => {
    const url = new URL(pending.redirectUri)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    if (pending.state !== null) url.searchParams.set('state', pending.state)
    response.writeHead(302, { location: url.toString() }).end()
  }

  function authorize(url: URL, response: ServerResponse) {
    const client = options.clients.find((c) => c.clientId === url.searchParams.get('client_id'))
    if (client === undefined)
      return html(response, 404, `<h1>${name}</h1><p>Not Found: no such OAuth app.</p>`)
    const redirectUri = url.searchParams.get('redirect_uri') ?? client.redirectUri
    if (!redirectUri.startsWith(client.redirectUri))
      return html(
        response,
        400,
        `<h1>${name}</h1><p>The redirect_uri is not associated with this application.</p>`,
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
    const people = options.users
      .map(
        (u) =>
          `<button type="submit" name="user" value="${escapeHtml(options.idOf(u))}">${escapeHtml(options.labelOf(u))}</button>`,
      )
      .join('')
    const request = `<input type="hidden" name="request" value="${id}">`
    return html(
      response,
      200,
      `<h1>${name}</h1><p>Authorize ${app}: it wants to read your profile and your email address.</p><form method="post" action="${escapeHtml(options.action)}">${people}${request}</form><form method="post" action="${escapeHtml(options.action)}">${request}<button type="submit" name="cancel" value="1">Cancel</button></form>`,
    )
  }

  async function decide(request: IncomingMessage, response: ServerResponse) {
    const form = await readBody(request)
    const id = form.get('request') ?? ''
    const pending = pendings.get(id)
    pendings.delete(id)
    if (pending === undefined) return html(response, 400, `<h1>${name}</h1><p>This request has expired.</p>`)
    if (form.has('cancel')) return back(response, pending, { error: 'access_denied', ...options.denied })
    const user = options.users.find((u) => options.idOf(u) === form.get('user'))
    if (user === undefined) return html(response, 400, `<h1>${name}</h1><p>Unknown account.</p>`)
    const code = randomBytes(20).toString('base64url')
    grants.set(code, { ...pending, user, expiresAt: Date.now() + 10 * 60_000 })
    return back(response, pending, { code })
  }

  /** The grant of `code` for `client`, taken (a code works once); undefined when it is none. */
  function redeem(code: string, client: DevOauthClient): DevGrant<U> | undefined {
    const grant = grants.get(code)
    grants.delete(code)
    if (grant === undefined || grant.client !== client || grant.expiresAt <= Date.now()) return undefined
    return grant
  }

  return { authorize, decide, redeem }
}
