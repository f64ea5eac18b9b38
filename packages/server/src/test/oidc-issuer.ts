import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

/** Who logs in at the issuer, and what its ID token then says of them. */
export interface IssuerUser {
  sub: string
  email?: string
  email_verified?: unknown
}

/**
 * What the next ID token gets wrong, as a hostile or broken provider would: another audience,
 * another nonce, an expiry in the past, a key the issuer does not publish.
 */
export interface IssuerFault {
  aud?: string
  nonce?: string
  expired?: boolean
  foreignKey?: boolean
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * An OpenID provider on loopback for the server's tests: discovery, JWKS, an authorization
 * endpoint that logs the chosen user in at once (or denies), and a token endpoint that checks the
 * client's secret, the redirect URI and the PKCE verifier before it signs an ID token. It speaks
 * the real protocol over HTTP; unlike the test kit's provider it can be told to issue a wrong token,
 * which is what the server's checks are tested against.
 */
export async function startOidcIssuer(client: { clientId: string; clientSecret: string }) {
  const key = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  const codes = new Map<string, { redirectUri: string; challenge: string; nonce: string; user: IssuerUser }>()
  const state = {
    user: { sub: 'subject-1', email: 'visitor@example.com', email_verified: true } as IssuerUser,
    deny: false,
    fault: {} as IssuerFault,
    /** Codes the token endpoint redeemed. */
    redeemed: 0,
  }
  let issuer = ''

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      })
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] })
    if (url.pathname === '/authorize') {
      const q = url.searchParams
      const back = new URL(q.get('redirect_uri') ?? '')
      back.searchParams.set('state', q.get('state') ?? '')
      back.searchParams.set('iss', issuer)
      if (state.deny) back.searchParams.set('error', 'access_denied')
      else {
        const code = randomBytes(16).toString('base64url')
        codes.set(code, {
          redirectUri: q.get('redirect_uri') ?? '',
          challenge: q.get('code_challenge') ?? '',
          nonce: q.get('nonce') ?? '',
          user: state.user,
        })
        back.searchParams.set('code', code)
      }
      return response.writeHead(302, { location: back.toString() }).end()
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = await readBody(request)
      const grant = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
        return json(401, { error: 'invalid_client' })
      if (
        grant === undefined ||
        grant.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
      )
        return json(400, { error: 'invalid_grant' })
      state.redeemed++
      const fault = state.fault
      const now = Math.floor(Date.now() / 1000)
      const idToken = await new SignJWT({
        nonce: fault.nonce ?? grant.nonce,
        ...(grant.user.email === undefined ? {} : { email: grant.user.email }),
        ...(grant.user.email_verified === undefined ? {} : { email_verified: grant.user.email_verified }),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject(grant.user.sub)
        .setAudience(fault.aud ?? client.clientId)
        .setIssuedAt(fault.expired ? now - 7200 : now)
        .setExpirationTime(fault.expired ? now - 3600 : now + 600)
        .sign(fault.foreignKey ? foreign.privateKey : key.privateKey)
      return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 600, id_token: idToken })
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
