import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;display:block;width:100%;margin:.5rem 0;padding:.6rem;border-radius:.5rem;border:1px solid #555;background:#fff;cursor:pointer}</style></head><body><main>${body}</main></body></html>`

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * A real OpenID provider on loopback (`oidc-provider`, the certified implementation) for tests and
 * the demo, in Google's shape: the authorization code flow with PKCE required, RS256 ID tokens
 * carrying `email` and `email_verified`, a login page listing its test people and a consent page
 * with Allow and Cancel, so a browser test clicks through what a visitor would.
 */
export async function startDevOidcProvider(options: StartDevOidcProviderOptions): Promise<DevOidcProvider> {
  const { default: Provider } = await import('oidc-provider')
  const name = options.name ?? 'Dev Google'
  const users = [...(options.users ?? DEV_OIDC_USERS)]
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...signing, kid: 'dev-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    pkce: { methods: ['S256'], required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const user = users.find((u) => u.sub === id)
      return (
        user && {
          accountId: id,
          claims: () => ({ sub: id, name: user.name, email: user.email, email_verified: user.emailVerified }),
        }
      )
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
          ? `<h1>${escapeHtml(name)}</h1><p>Choose an account to continue to ${client}</p><form method="post" action="/interaction/${uid}/login">${users
              .map(
                (u) =>
                  `<button type="submit" name="sub" value="${escapeHtml(u.sub)}">${escapeHtml(u.name)} · ${escapeHtml(u.email)}</button>`,
              )
              .join(
                '',
              )}</form><form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`
          : `<h1>${escapeHtml(name)}</h1><p>${client} wants to know your name and email address.</p><form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form><form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(name, body))
    }
    if (action === 'login') {
      const sub = (await readForm(request)).get('sub') ?? ''
      if (!users.some((u) => u.sub === sub)) throw new Error('Unknown account')
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

  server.on('request', (request, response) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/.exec(
      (request.url ?? '').split('?')[0] ?? '',
    )
    if (match === null) return handle(request, response)
    interaction(request, response, match[1] ?? '', match[2] ?? '').catch((error: Error) => {
      if (!response.headersSent)
        response.writeHead(400, { 'content-type': 'text/plain' }).end(`${name}: ${error.message}`)
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
