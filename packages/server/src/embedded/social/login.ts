import type { SocialResult } from '../../storage/social.js'
import { createOauth2 } from './oauth2.js'
import { createOidc } from './oidc.js'
import { type RedirectProviderId, socialProviders } from './providers.js'
import type { SocialBinding, SocialClient } from './shared.js'

/**
 * The social login's provider step, one for every provider of the table: each kind builds the
 * authorization URL and redeems the callback its own way; the routes around it (state, PKCE,
 * attempt, session) are the same for all. Farcaster has no such step (see `farcaster.ts`).
 */
export function createSocialLogin({ timeoutMs }: { timeoutMs: number }) {
  const oidc = createOidc({ timeoutMs })
  const oauth2 = createOauth2({ timeoutMs })

  function authorizationUrl(id: RedirectProviderId, client: SocialClient, binding: SocialBinding) {
    const provider = socialProviders[id]
    return provider.kind === 'oidc'
      ? oidc.authorizationUrl(client, provider, binding)
      : oauth2.authorizationUrl(client, provider, binding)
  }

  async function redeem(
    id: RedirectProviderId,
    client: SocialClient,
    callback: URLSearchParams,
    binding: SocialBinding,
  ): Promise<SocialResult> {
    const provider = socialProviders[id]
    const result =
      provider.kind === 'oidc'
        ? await oidc.redeem(client, provider, callback, binding)
        : await oauth2.redeem(client, provider, callback, binding)
    return { ...result, emailVerified: result.emailVerified && provider.vouchesForEmail }
  }

  return { authorizationUrl, redeem }
}
