import * as oauth from 'oauth4webapi'
import type { SocialResult } from '../../storage/social.js'
import { appleClientSecret, appleCredentials, appleEmailVerified, appleUsername } from './apple.js'
import type { OidcProvider } from './providers.js'
import {
  asRefusal,
  requestOptions as bounded,
  callbackParams,
  emailOrNull,
  type SocialBinding,
  type SocialClient,
  SocialRefusal,
  usernameOrNull,
} from './shared.js'

/** A provider's discovery document is reused this long. */
const discoveryTtlMs = 10 * 60_000

/**
 * OpenID Connect through `oauth4webapi`: discovery, the authorization URL (code flow, PKCE
 * S256, state, nonce) and the code's redemption, whose ID token the library checks (signature
 * against the provider's JWKS, iss, aud, azp, nonce, exp, iat). `timeoutMs` bounds every call to
 * the provider. Apple's dialect (`provider.dialect`) differs in four places only: the answer comes
 * as a form POST, the client secret is a JWT signed for each request, `email_verified` may be the
 * string "true", and the name is in the answer's `user` field (`apple.ts`).
 */
export function createOidc({ timeoutMs }: { timeoutMs: number }) {
  const servers = new Map<string, { expiresAt: number; value: Promise<oauth.AuthorizationServer> }>()
  const requestOptions = (issuer: URL) => bounded(issuer, timeoutMs)

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
    client: SocialClient,
    provider: OidcProvider,
    binding: SocialBinding,
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
      // Apple answers a request for the name or email only by form POST.
      ...(provider.dialect === 'apple' ? { response_mode: 'form_post' } : {}),
    }).toString()
    return url.toString()
  }

  /**
   * Redeems the callback's code with the verifier and checks the ID token; resolves its subject
   * and email. Throws {@link SocialRefusal} when the visitor refused or a check failed.
   */
  async function redeem(
    client: SocialClient,
    provider: OidcProvider,
    callback: URLSearchParams,
    binding: SocialBinding,
  ): Promise<SocialResult> {
    const as = await discover(client.issuer)
    const issuer = new URL(client.issuer)
    const oauthClient: oauth.Client = { client_id: client.clientId }
    const params = callbackParams(as, oauthClient, callback, binding.state)
    const apple = provider.dialect === 'apple'
    // Apple's secret, made now for this request, is for the issuer as its discovery names it.
    const clientSecret = apple
      ? await appleClientSecret(appleCredentials(client.clientSecret), client.clientId, as.issuer)
      : client.clientSecret
    let claims: oauth.IDToken | undefined
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        oauthClient,
        oauth.ClientSecretPost(clientSecret),
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
      throw asRefusal(error)
    }
    if (claims === undefined) throw new SocialRefusal('invalid')
    const email = emailOrNull(claims.email)
    return {
      subject: claims.sub,
      email,
      // Only the boolean true counts (and Apple's string "true"): any other string, a missing claim
      // or false never joins an account.
      emailVerified:
        email !== null &&
        (apple ? appleEmailVerified(claims.email_verified) : claims.email_verified === true),
      // Google gives no handle: the name on the account stands for one. Apple gives no name in the
      // ID token: only its first answer's `user` field has one.
      username: apple
        ? appleUsername(callback.get('user'))
        : (usernameOrNull(claims.preferred_username) ?? usernameOrNull(claims.name)),
    }
  }

  return { authorizationUrl, redeem }
}
