import { s } from '@latch/core/internal'
import * as oauth from 'oauth4webapi'
import type { SocialResult } from '../../storage/social.js'
import type { GithubProvider } from './providers.js'
import {
  asRefusal,
  callbackParams,
  emailOrNull,
  requestOptions,
  type SocialBinding,
  type SocialClient,
  SocialRefusal,
} from './shared.js'

/**
 * Where GitHub's OAuth pages and REST API are for an issuer: github.com's API is on its own host;
 * a GitHub Enterprise Server (and the test kit's Dev GitHub) serves it under `/api/v3`.
 */
export function githubEndpoints(issuer: string) {
  const base = issuer.replace(/\/+$/, '')
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

/** An API answer of GitHub's: JSON of at most 64 KiB, or a refusal. */
async function apiJson(response: Response): Promise<unknown> {
  if (response.status >= 500) throw new Error(`GitHub's API answered ${response.status}`)
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
 * A plain OAuth 2 provider in GitHub's shape through `oauth4webapi`: the authorization URL (code
 * flow, PKCE S256, state), the code's redemption for an access token, then the person from
 * `GET /user` and the email from `GET /user/emails` (the primary one; verified only when GitHub
 * says so). Every answer is checked against a schema; `timeoutMs` bounds every call.
 */
export function createOauth2({ timeoutMs }: { timeoutMs: number }) {
  const serverOf = (client: SocialClient): oauth.AuthorizationServer => {
    const endpoints = githubEndpoints(client.issuer)
    return {
      issuer: client.issuer,
      authorization_endpoint: endpoints.authorization,
      token_endpoint: endpoints.token,
    }
  }

  async function authorizationUrl(
    client: SocialClient,
    provider: GithubProvider,
    binding: SocialBinding,
  ): Promise<string> {
    const url = new URL(githubEndpoints(client.issuer).authorization)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: binding.redirectUri,
      scope: provider.scope,
      state: binding.state,
      code_challenge: await oauth.calculatePKCECodeChallenge(binding.codeVerifier),
      code_challenge_method: 'S256',
      // The account chooser every time, as Google's page shows one.
      prompt: 'select_account',
    }).toString()
    return url.toString()
  }

  async function redeem(
    client: SocialClient,
    callback: URLSearchParams,
    binding: SocialBinding,
  ): Promise<SocialResult> {
    const as = serverOf(client)
    const oauthClient: oauth.Client = { client_id: client.clientId }
    const params = callbackParams(as, oauthClient, callback, binding.state)
    const endpoints = githubEndpoints(client.issuer)
    let accessToken: string
    try {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        oauthClient,
        oauth.ClientSecretPost(client.clientSecret),
        params,
        binding.redirectUri,
        binding.codeVerifier,
        requestOptions(new URL(endpoints.token), timeoutMs),
      )
      accessToken = (await oauth.processAuthorizationCodeResponse(as, oauthClient, response)).access_token
    } catch (error) {
      throw asRefusal(error)
    }
    const api = async (path: string) => {
      const url = new URL(`${endpoints.api}${path}`)
      const response = await oauth
        .protectedResourceRequest(
          accessToken,
          'GET',
          url,
          new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }),
          null,
          requestOptions(url, timeoutMs),
        )
        .catch((error: unknown) => {
          throw asRefusal(error)
        })
      return apiJson(response)
    }
    const user = githubUser.safeParse(await api('/user'))
    if (!user.success) throw new SocialRefusal('invalid', user.issues)
    const emails = githubEmails.safeParse(await api('/user/emails'))
    if (!emails.success) throw new SocialRefusal('invalid', emails.issues)
    const primary = emails.data.find((entry) => entry.primary)
    const email = emailOrNull(primary?.email)
    return {
      subject: String(user.data.id),
      email,
      // Only the primary address, and only when GitHub marks it verified, may join an account.
      emailVerified: email !== null && primary?.verified === true,
      username: user.data.login,
    }
  }

  return { authorizationUrl, redeem }
}
