import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { isSocialProvider, socialProviderIds, socialProviders } from '../embedded/social/providers.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

export interface SetSocialInput {
  id: string
  provider: string
  issuer: string | undefined
  clientId: string | undefined
  clientSecret: string | undefined
  /** Farcaster only: the OP Mainnet RPC its sign-ins are verified against. */
  rpcUrl?: string | undefined
}

const isLocalHost = (host: string) => /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(host)

/**
 * `project set-social ID farcaster --rpc-url URL`: Sign In With Farcaster has no client at a
 * provider; the project names the OP Mainnet RPC the signatures and the fids' custody addresses
 * (IdRegistry) are checked against. Stored as the Farcaster row's issuer; it has no secret.
 */
async function setFarcaster(repository: Repository, input: SetSocialInput) {
  if (input.clientId !== undefined || input.clientSecret !== undefined || input.issuer !== undefined)
    throw new CliError('Farcaster takes no --client-id, --client-secret or --issuer: only --rpc-url')
  const rpcUrl = input.rpcUrl?.trim() ?? ''
  if (rpcUrl.length === 0 || rpcUrl.length > 1000)
    throw new CliError('--rpc-url is required for farcaster (an OP Mainnet RPC URL, at most 1000 characters)')
  let parsed: URL
  try {
    parsed = new URL(rpcUrl)
  } catch {
    throw new CliError(
      `"${rpcUrl}" is not a URL: use an OP Mainnet RPC URL, e.g. https://mainnet.optimism.io`,
    )
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLocalHost(parsed.hostname)))
    throw new CliError('The RPC URL must start with https:// (http:// only for a node on this machine)')
  if (parsed.username !== '' || parsed.password !== '' || parsed.hash !== '')
    throw new CliError('The RPC URL has no user, password or fragment')
  if ((await repository.getProject(input.id)) === undefined)
    throw new CliError(`No project with id "${input.id}" (see \`latch-server project list\`)`)
  await repository.social.setClient({
    projectId: input.id,
    provider: 'farcaster',
    issuer: parsed.toString(),
    clientId: '',
    clientSecret: '',
  })
  return `${input.id} farcaster: Sign In With Farcaster verified against the OP Mainnet RPC at ${parsed.origin}; the relay is this server (<public URL>/farcaster/v1)`
}

/**
 * `project set-social`: the project's OAuth client at a provider. The secret is sealed under the
 * embedded wallet's `share` key (itself sealed under the key-encryption key), as the shares are.
 */
export async function setSocial(
  repository: Repository,
  secretKey: string | undefined,
  input: SetSocialInput,
) {
  if (!isSocialProvider(input.provider))
    throw new CliError(`Unknown provider "${input.provider}": use one of ${socialProviderIds.join(', ')}`)
  if (input.provider === 'farcaster') return setFarcaster(repository, input)
  if (input.rpcUrl !== undefined) throw new CliError('--rpc-url is for farcaster only')
  const clientId = input.clientId?.trim() ?? ''
  const clientSecret = input.clientSecret ?? ''
  if (clientId.length === 0 || clientId.length > 300)
    throw new CliError('--client-id is required (1 to 300 characters)')
  if (clientSecret.length === 0 || clientSecret.length > 1000)
    throw new CliError('--client-secret is required (1 to 1000 characters)')
  const issuer = input.issuer ?? socialProviders[input.provider].defaultIssuer
  let parsed: URL
  try {
    parsed = new URL(issuer)
  } catch {
    throw new CliError(
      `"${issuer}" is not a URL: use the provider's issuer, e.g. https://accounts.google.com`,
    )
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLocalHost(parsed.hostname)))
    throw new CliError('The issuer must start with https:// (http:// only for a provider on this machine)')
  if (parsed.search !== '' || parsed.hash !== '') throw new CliError('The issuer has no query or fragment')
  if ((await repository.getProject(input.id)) === undefined)
    throw new CliError(`No project with id "${input.id}" (see \`latch-server project list\`)`)
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.social.setClient({
    projectId: input.id,
    provider: input.provider,
    issuer,
    clientId,
    clientSecret: await ring.encrypt(
      Buffer.from(clientSecret, 'utf8'),
      atRestContext.socialSecret(input.id, input.provider),
    ),
  })
  return `${input.id} ${input.provider}: client ${clientId} at ${issuer}; its redirect URI is <public URL>/embedded/v1/social/callback`
}
