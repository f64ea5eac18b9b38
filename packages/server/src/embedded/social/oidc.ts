import * as oauth from 'oauth4webapi'
import type { SocialResult } from '../../storage/social.js'
import { isLoopback } from '../links.js'
import type { SocialProvider } from './providers.js'

/** A project's client at an OpenID provider, its secret opened. */
export interface OidcClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** What binds one login: the state and nonce sent, the PKCE verifier kept. */
export interface OidcBinding {
  redirectUri: string
  state: string
  nonce: string
  codeVerifier: string
}

/** How a provider's answer failed: the visitor said no, or a check of the answer failed. */
export class OidcRefusal extends Error {
  override name = 'OidcRefusal' as const
  constructor(
    readonly reason: 'denied' | 'invalid',
    cause?: unknown,
  ) {
    super(reason === 'denied' ? 'The provider refused the login' : 'The provider answer failed a check', {
      cause,
    })
  }
}

/** A provider's discovery document is reused this long. */
const discoveryTtlMs = 10 * 60_000

/**
 * OpenID Connect through `oauth4webapi`: discovery, the authorization URL (code flow, PKCE
 * S256, state, nonce) and the code's redemption, whose ID token the library checks (signature
 * against the provider's JWKS, iss, aud, azp, nonce, exp, iat). `timeoutMs` bounds every call to
 * the provider.
 */
export function createOidc({ timeoutMs }: { timeoutMs: number }) {
  const servers = new Map<string, { expiresAt: number; value: Promise<oauth.AuthorizationServer> }>()
  const requestOptions = (issuer: URL) => ({
    signal: AbortSignal.timeout(timeoutMs),
    // Only a provider on this machine may speak plain HTTP: a local development provider.
    ...(isLoopback(issuer.hostname) ? { [oauth.allowInsecureRequests]: true } : {}),
  })

  function discover(issuer: string): Promise<oauth.AuthorizationServer> {
    const hit = servers.get(issuer)
    if (hit !== undefined && hit.expiresAt > Date.now()) return hit.value
    const url = new URL(issuer)
    const value = oauth
      .discoveryRequest(url, { ...requestOptions(url), algorithm: 'oidc' })
      .then((response) => oauth.processDiscoveryResponse(url, response))
    servers.set(issuer, { expiresAt: Date.now() + discoveryTtlMs, value })
    // A provider that was down is asked again next time.
    value.catch(() => servers.delete(issuer))
    return value
  }

  /** The provider's authorization URL for this login, for the visitor's window. */
  async function authorizationUrl(
    client: OidcClient,
    provider: SocialProvider,
    binding: OidcBinding,
  ): Promise<string> {
    const as = await discover(client.issuer)
    if (as.authorization_endpoint === undefined) throw new Error('The provider has no authorization endpoint')
    const url = new URL(as.authorization_endpoint)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: binding.redirectUri,
      scope: provider.scope,
      state: binding.state,
      nonce: binding.nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(binding.codeVerifier),
      code_challenge_method: 'S256',
    }).toString()
    return url.toString()
  }

  /**
   * Redeems the callback's code with the verifier and checks the ID token; resolves its subject
   * and email. Throws {@link OidcRefusal} when the visitor refused or a check failed.
   */
  async function redeem(
    client: OidcClient,
    callback: URLSearchParams,
    binding: OidcBinding,
  ): Promise<SocialResult> {
    const as = await discover(client.issuer)
    const issuer = new URL(client.issuer)
    const oauthClient: oauth.Client = { client_id: client.clientId }
    let params: URLSearchParams
    try {
      params = oauth.validateAuthResponse(as, oauthClient, callback, binding.state)
    } catch (error) {
      throw new OidcRefusal(error instanceof oauth.AuthorizationResponseError ? 'denied' : 'invalid', error)
    }
    let claims: oauth.IDToken | undefined
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        oauthClient,
        oauth.ClientSecretPost(client.clientSecret),
        params,
        binding.redirectUri,
        binding.codeVerifier,
        requestOptions(issuer),
      )
      const result = await oauth.processAuthorizationCodeResponse(as, oauthClient, response, {
        expectedNonce: binding.nonce,
        requireIdToken: true,
      })
      // The token came straight from the provider over TLS; its signature is checked all the
      // same, so a token endpoint that is not the issuer's own cannot speak for it.
      await oauth.validateApplicationLevelSignature(as, response, requestOptions(issuer))
      claims = oauth.getValidatedIdTokenClaims(result)
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError || error instanceof oauth.OperationProcessingError)
        throw new OidcRefusal('invalid', error)
      if (
        error instanceof oauth.UnsupportedOperationError ||
        error instanceof oauth.WWWAuthenticateChallengeError
      )
        throw new OidcRefusal('invalid', error)
      throw error
    }
    if (claims === undefined) throw new OidcRefusal('invalid')
    const email = typeof claims.email === 'string' && claims.email.length <= 254 ? claims.email : null
    return {
      subject: claims.sub,
      email,
      // Only the boolean true counts: a string, a missing claim or false never joins an account.
      emailVerified: email !== null && claims.email_verified === true,
    }
  }

  return { authorizationUrl, redeem }
}
