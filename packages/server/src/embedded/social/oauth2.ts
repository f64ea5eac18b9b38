import { s } from '@latch/core/internal'
import * as oauth from 'oauth4webapi'
import type { SocialResult } from '../../storage/social.js'
import type { Oauth2Provider } from './providers.js'
import {
  asRefusal,
  callbackParams,
  emailOrNull,
  requestOptions,
  type SocialBinding,
  type SocialClient,
  SocialRefusal,
  usernameOrNull,
} from './shared.js'

/** Where a provider's pages and API are, and how it is read. */
interface Oauth2Api {
  endpoints(issuer: string): { authorization: string; token: string; api: string }
  /** How the token endpoint takes the client's secret: in the form, or as HTTP Basic (X's rule). */
  clientAuth: 'post' | 'basic'
  /** The authorization URL's parameters beside the standard ones. */
  params: Record<string, string>
  /** Headers of every API call beside the token. */
  headers: Record<string, string>
  /** The person from the provider's API (`get` reads a path under its API base). */
  identify(get: (path: string) => Promise<unknown>): Promise<SocialResult>
}

const parsed = <T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; issues: unknown } },
  value: unknown,
): T => {
  const result = schema.safeParse(value)
  if (!result.success) throw new SocialRefusal('invalid', result.issues)
  return result.data
}

/** The base of an issuer, and whether it is the provider's own host (else a stand-in serves all under it). */
const baseOf = (issuer: string) => issuer.replace(/\/+$/, '')

/**
 * Where GitHub's OAuth pages and REST API are for an issuer: github.com's API is on its own host;
 * a GitHub Enterprise Server (and the test kit's Dev GitHub) serves it under `/api/v3`.
 */
export function githubEndpoints(issuer: string) {
  const base = baseOf(issuer)
  return {
    authorization: `${base}/login/oauth/authorize`,
    token: `${base}/login/oauth/access_token`,
    api: new URL(base).hostname === 'github.com' ? 'https://api.github.com' : `${base}/api/v3`,
  }
}

// GitHub's `GET /user`: the numeric id is the person (a login name can be renamed and reused).
const githubUser = s.object({
  id: s
    .number()
    .int()
    .refine((id) => id > 0 && id <= Number.MAX_SAFE_INTEGER, 'Invalid id'),
  login: s.string().regex(/^[A-Za-z0-9-]{1,39}$/, 'Invalid login'),
})
// GitHub's `GET /user/emails`: the account's addresses, one of them primary.
const githubEmails = s
  .array(s.object({ email: s.string(), primary: s.boolean(), verified: s.boolean() }))
  .refine((emails) => emails.length <= 100, 'Too many emails')

// Discord's `GET /users/@me`: a snowflake id; the email and its `verified` flag with the email scope.
const discordUser = s.object({
  id: s.string().regex(/^\d{1,20}$/, 'Invalid id'),
  username: s.string().regex(/^[a-z0-9_.]{2,32}$/, 'Invalid username'),
  email: s.union([s.string(), s.literal(null)]).optional(),
  verified: s.boolean().optional(),
})
// X's `GET /2/users/me`: the person under `data`; a handle of at most 15 letters, digits or _.
const xUser = s.object({
  data: s.object({
    id: s.string().regex(/^\d{1,20}$/, 'Invalid id'),
    username: s.string().regex(/^[A-Za-z0-9_]{1,15}$/, 'Invalid username'),
  }),
})
// Facebook's `GET /me`: an app-scoped numeric id, the name, and the email when granted.
const facebookUser = s.object({
  id: s.string().regex(/^\d{1,25}$/, 'Invalid id'),
  name: s.string().optional(),
  email: s.string().optional(),
})

/** Facebook's Graph API version the server speaks (its versions live about two years). */
const GRAPH_VERSION = 'v23.0'

const apis: Record<Oauth2Provider['api'], Oauth2Api> = {
  github: {
    endpoints: githubEndpoints,
    clientAuth: 'post',
    // The account chooser every time, as Google's page shows one.
    params: { prompt: 'select_account' },
    headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
    async identify(get) {
      const user = parsed(githubUser, await get('/user'))
      const emails = parsed(githubEmails, await get('/user/emails'))
      const primary = emails.find((entry) => entry.primary)
      const email = emailOrNull(primary?.email)
      return {
        subject: String(user.id),
        email,
        // Only the primary address, and only when GitHub marks it verified, may join an account.
        emailVerified: email !== null && primary?.verified === true,
        username: user.login,
      }
    },
  },
  discord: {
    endpoints: (issuer) => {
      const base = baseOf(issuer)
      return {
        authorization: `${base}/oauth2/authorize`,
        token: `${base}/api/oauth2/token`,
        api: `${base}/api`,
      }
    },
    clientAuth: 'post',
    params: { prompt: 'consent' },
    headers: { accept: 'application/json' },
    async identify(get) {
      const user = parsed(discordUser, await get('/users/@me'))
      const email = emailOrNull(user.email)
      return {
        subject: user.id,
        email,
        emailVerified: email !== null && user.verified === true,
        username: user.username,
      }
    },
  },
  x: {
    endpoints: (issuer) => {
      const base = baseOf(issuer)
      const own = new URL(base).hostname === 'x.com'
      return {
        authorization: `${base}/i/oauth2/authorize`,
        token: own ? 'https://api.x.com/2/oauth2/token' : `${base}/2/oauth2/token`,
        api: own ? 'https://api.x.com/2' : `${base}/2`,
      }
    },
    clientAuth: 'basic',
    params: {},
    headers: { accept: 'application/json' },
    async identify(get) {
      const { data } = parsed(xUser, await get('/users/me'))
      return { subject: data.id, email: null, emailVerified: false, username: data.username }
    },
  },
  facebook: {
    endpoints: (issuer) => {
      const base = baseOf(issuer)
      const graph = new URL(base).hostname === 'www.facebook.com' ? 'https://graph.facebook.com' : base
      return {
        authorization: `${base}/${GRAPH_VERSION}/dialog/oauth`,
        token: `${graph}/${GRAPH_VERSION}/oauth/access_token`,
        api: `${graph}/${GRAPH_VERSION}`,
      }
    },
    clientAuth: 'post',
    params: {},
    headers: { accept: 'application/json' },
    async identify(get) {
      const user = parsed(facebookUser, await get('/me?fields=id,name,email'))
      const email = emailOrNull(user.email)
      // Facebook never says an email is verified: it is shown, never used to join an account.
      return { subject: user.id, email, emailVerified: false, username: usernameOrNull(user.name) }
    },
  },
}

/** The endpoints of a plain OAuth 2 provider for an issuer. */
export const oauth2Endpoints = (provider: Oauth2Provider, issuer: string) =>
  apis[provider.api].endpoints(issuer)

/** An API answer: JSON of at most 64 KiB, or a refusal. */
async function apiJson(response: Response): Promise<unknown> {
  if (response.status >= 500) throw new Error(`The provider's API answered ${response.status}`)
  if (response.status !== 200) throw new SocialRefusal('invalid', new Error(`API status ${response.status}`))
  const text = await response.text()
  if (text.length > 65_536) throw new SocialRefusal('invalid', new Error('API answer too large'))
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SocialRefusal('invalid', error)
  }
}

/**
 * A plain OAuth 2 provider through `oauth4webapi`: the authorization URL (code flow, PKCE S256,
 * state), the code's redemption for an access token, then the person from the provider's API
 * (GitHub, Discord, X, Facebook: each in its own shape, above). Every answer is checked against a
 * schema; `timeoutMs` bounds every call.
 */
export function createOauth2({ timeoutMs }: { timeoutMs: number }) {
  async function authorizationUrl(
    client: SocialClient,
    provider: Oauth2Provider,
    binding: SocialBinding,
  ): Promise<string> {
    const api = apis[provider.api]
    const url = new URL(api.endpoints(client.issuer).authorization)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: binding.redirectUri,
      scope: provider.scope,
      state: binding.state,
      code_challenge: await oauth.calculatePKCECodeChallenge(binding.codeVerifier),
      code_challenge_method: 'S256',
      ...api.params,
    }).toString()
    return url.toString()
  }

  async function redeem(
    client: SocialClient,
    provider: Oauth2Provider,
    callback: URLSearchParams,
    binding: SocialBinding,
  ): Promise<SocialResult> {
    const api = apis[provider.api]
    const endpoints = api.endpoints(client.issuer)
    const as: oauth.AuthorizationServer = {
      issuer: client.issuer,
      authorization_endpoint: endpoints.authorization,
      token_endpoint: endpoints.token,
    }
    const oauthClient: oauth.Client = { client_id: client.clientId }
    const params = callbackParams(as, oauthClient, callback, binding.state)
    let accessToken: string
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        oauthClient,
        api.clientAuth === 'basic'
          ? oauth.ClientSecretBasic(client.clientSecret)
          : oauth.ClientSecretPost(client.clientSecret),
        params,
        binding.redirectUri,
        binding.codeVerifier,
        requestOptions(new URL(endpoints.token), timeoutMs),
      )
      accessToken = (await oauth.processAuthorizationCodeResponse(as, oauthClient, response)).access_token
    } catch (error) {
      throw asRefusal(error)
    }
    const get = async (path: string) => {
      const url = new URL(`${endpoints.api}${path}`)
      const response = await oauth
        .protectedResourceRequest(
          accessToken,
          'GET',
          url,
          new Headers(api.headers),
          null,
          requestOptions(url, timeoutMs),
        )
        .catch((error: unknown) => {
          throw asRefusal(error)
        })
      return apiJson(response)
    }
    return api.identify(get)
  }

  return { authorizationUrl, redeem }
}
