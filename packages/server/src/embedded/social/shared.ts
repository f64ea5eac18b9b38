import * as oauth from 'oauth4webapi'
import { isLoopback } from '../links.js'

/** A project's client at a provider, its secret opened. */
export interface SocialClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** What binds one login: the state (and, for OpenID Connect, the nonce) sent, the PKCE verifier kept. */
export interface SocialBinding {
  redirectUri: string
  state: string
  nonce: string
  codeVerifier: string
}

/** How a provider's answer failed: the visitor said no, or a check of the answer failed. */
export class SocialRefusal extends Error {
  override name = 'SocialRefusal' as const
  constructor(
    readonly reason: 'denied' | 'invalid',
    cause?: unknown,
  ) {
    super(reason === 'denied' ? 'The provider refused the login' : 'The provider answer failed a check', {
      cause,
    })
  }
}

/** Every call to a provider: bounded in time; plain HTTP only for a provider on this machine. */
export const requestOptions = (url: URL, timeoutMs: number) => ({
  signal: AbortSignal.timeout(timeoutMs),
  ...(isLoopback(url.hostname) ? { [oauth.allowInsecureRequests]: true } : {}),
})

/**
 * Reads the callback's parameters against the state sent: the code, or a refusal (`denied` when
 * the provider says the visitor refused, `invalid` for anything else).
 */
export function callbackParams(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  callback: URLSearchParams,
  state: string,
): URLSearchParams {
  try {
    return oauth.validateAuthResponse(as, client, callback, state)
  } catch (error) {
    throw new SocialRefusal(error instanceof oauth.AuthorizationResponseError ? 'denied' : 'invalid', error)
  }
}

/** A protocol failure of the provider's answer is a refusal; anything else (down, slow) is not. */
export function asRefusal(error: unknown): unknown {
  if (
    error instanceof oauth.ResponseBodyError ||
    error instanceof oauth.OperationProcessingError ||
    error instanceof oauth.UnsupportedOperationError ||
    error instanceof oauth.WWWAuthenticateChallengeError
  )
    return new SocialRefusal('invalid', error)
  return error
}

/** The account's email as the provider gives it, or null when it is none (or too long for one). */
export const emailOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 254 ? value : null

/** A name the visitor goes by at the provider, or null when it is none (or too long for one). */
export const usernameOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 100 ? value.trim() : null
