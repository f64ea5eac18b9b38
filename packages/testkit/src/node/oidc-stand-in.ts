import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Provider from 'oidc-provider'
import { escapeHtml, page, readBody } from './dev-oauth-shared.js'

/** A person the stand-in's login page lists, and the claims of their ID token. */
export interface StandInPerson {
  sub: string
  /** What the login page shows for them ("Dev Visitor · dev.visitor@example.com"). */
  label: string
  claims: Record<string, unknown>
}

export interface OidcStandInOptions {
  /** The name its pages show ("Dev Google"). */
  name: string
  /** 0 or undefined: a free port. */
  port: number | undefined
  people: readonly StandInPerson[]
  /** The registered clients, as oidc-provider's client metadata. */
  clients: Record<string, unknown>[]
  /** The claims each scope grants (oidc-provider's `claims`). */
  claims: Record<string, string[]>
  /** Where the endpoints are, when not at oidc-provider's paths (oidc-provider's `routes`). */
  routes?: Record<string, string>
  /**
   * Sees every request before the provider does: resolves true when it answered the request
   * itself, false to hand it on (with `request.body` set when it read the body).
   */
  intercept?: (request: IncomingMessage, response: ServerResponse, issuer: string) => Promise<boolean>
}

export interface OidcStandIn {
  issuer: string
  provider: Provider
  close(): Promise<void>
}

/**
 * A real OpenID provider on loopback (`oidc-provider`, the certified implementation) with test
 * people, the stand-ins' common part: the authorization code flow with PKCE S256 required, RS256
 * ID tokens carrying the scopes' claims, a login page listing its people and a consent page with
 * Allow and Cancel, so a browser test clicks through what a visitor would.
 */
export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  const { default: Provider } = await import('oidc-provider')
  const { name, people } = options
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [{ ...signing, kid: 'dev-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    pkce: { methods: ['S256'], required: () => true },
    claims: options.claims,
    // The scope's claims go in the ID token itself, as Google's and Apple's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ...(options.routes === undefined ? {} : { routes: options.routes }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const person = people.find((p) => p.sub === id)
      return person && { accountId: id, claims: () => ({ ...person.claims, sub: id }) }
    },
  })
  const handle = provider.callback()

  async function interaction(
    request: IncomingMessage,
    response: ServerResponse,
    uid: string,
    action: string,
  ) {
    const details = await provider.interactionDetails(request, response)
    if (details.uid !== uid) throw new Error('Unknown interaction')
    if (request.method === 'GET') {
      const client = escapeHtml(String(details.params.client_id ?? ''))
      const body =
        details.prompt.name === 'login'
          ? `<h1>${escapeHtml(name)}</h1><p>Choose an account to continue to ${client}</p><form method="post" action="/interaction/${uid}/login">${people
              .map(
                (p) =>
                  `<button type="submit" name="sub" value="${escapeHtml(p.sub)}">${escapeHtml(p.label)}</button>`,
              )
              .join(
                '',
              )}</form><form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`
          : `<h1>${escapeHtml(name)}</h1><p>${client} wants to know your name and email address.</p><form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form><form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(name, body))
    }
    if (action === 'login') {
      const sub = (await readBody(request)).get('sub') ?? ''
      if (!people.some((p) => p.sub === sub)) throw new Error('Unknown account')
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: sub } },
        {
          mergeWithLastSubmission: false,
        },
      )
    }
    if (action === 'confirm') {
      const accountId = details.session?.accountId ?? ''
      const clientId = String(details.params.client_id ?? '')
      const grant =
        (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId })
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      return provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      )
    }
    return provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The visitor cancelled' },
      { mergeWithLastSubmission: false },
    )
  }

  const fail = (response: ServerResponse, error: Error) => {
    if (!response.headersSent)
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`${name}: ${error.message}`)
  }
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/.exec(
      (request.url ?? '').split('?')[0] ?? '',
    )
    if (match !== null) {
      interaction(request, response, match[1] ?? '', match[2] ?? '').catch((error: Error) =>
        fail(response, error),
      )
      return
    }
    if (options.intercept === undefined) return handle(request, response)
    options
      .intercept(request, response, issuer)
      .then((answered) => {
        if (!answered) handle(request, response)
      })
      .catch((error: Error) => fail(response, error))
  })
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
