import { createPrivateKey, type KeyObject } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { type AppleCredentials, appleIdPattern, sealableAppleCredentials } from '../embedded/social/apple.js'
import {
  isSocialProvider,
  type SocialProvider,
  socialProviderIds,
  socialProviders,
} from '../embedded/social/providers.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

export interface SetSocialInput {
  id: string
  provider: string
  issuer: string | undefined
  clientId: string | undefined
  clientSecret: string | undefined
  /** Apple only, in place of a client secret: the team id, the key id and the key's `.p8` file. */
  teamId?: string | undefined
  keyId?: string | undefined
  privateKeyFile?: string | undefined
  /** Farcaster only: the OP Mainnet RPC its sign-ins are verified against. */
  rpcUrl?: string | undefined
  /** Farcaster only: the client page its sign-in link opens (default: Farcaster's own). */
  clientUrl?: string | undefined
}

/** A `.p8` file is a few hundred bytes: anything much larger is not one. */
const maxKeyFileBytes = 4096

/**
 * Apple's credentials from the flags: the ids checked, the key file read and checked to be a
 * P-256 private key (Apple's `.p8`, PKCS#8 PEM), kept as PKCS#8 PEM.
 */
async function appleCredentialsOf(input: SetSocialInput): Promise<AppleCredentials> {
  if (input.clientSecret !== undefined)
    throw new CliError(
      'Apple has no fixed client secret: give --team-id, --key-id and --private-key-file instead of --client-secret',
    )
  const teamId = input.teamId?.trim() ?? ''
  const keyId = input.keyId?.trim() ?? ''
  if (!appleIdPattern.test(teamId))
    throw new CliError(
      '--team-id is required: the 10-character Team ID of the Apple developer account (A-Z, 0-9)',
    )
  if (!appleIdPattern.test(keyId))
    throw new CliError(
      '--key-id is required: the 10-character Key ID of the Sign in with Apple key (A-Z, 0-9)',
    )
  const path = input.privateKeyFile ?? ''
  if (path.length === 0)
    throw new CliError("--private-key-file is required: the key's .p8 file downloaded from Apple")
  let text: Buffer
  try {
    text = await readFile(path)
  } catch (error) {
    throw new CliError(
      `Cannot read --private-key-file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    )
  }
  if (text.length > maxKeyFileBytes)
    throw new CliError(`${path} is not a .p8 key file (larger than ${maxKeyFileBytes} bytes)`)
  let key: KeyObject
  try {
    key = createPrivateKey({ key: text.toString('utf8'), format: 'pem' })
  } catch {
    throw new CliError(`${path} is not an unencrypted PEM private key (Apple's .p8 file)`)
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new CliError(`${path} is not a P-256 key: Sign in with Apple keys are P-256 (ES256)`)
  return { teamId, keyId, privateKey: key.export({ format: 'pem', type: 'pkcs8' }).toString() }
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
  let page = ''
  if (input.clientUrl !== undefined) {
    let client: URL
    try {
      client = new URL(input.clientUrl.trim())
    } catch {
      throw new CliError(`"${input.clientUrl}" is not a URL: use the Farcaster client's sign-in page`)
    }
    if (client.protocol !== 'https:' && !(client.protocol === 'http:' && isLocalHost(client.hostname)))
      throw new CliError('The client URL must start with https:// (http:// only for a page on this machine)')
    if (client.search !== '' || client.hash !== '' || client.href.length > 300)
      throw new CliError('The client URL has no query or fragment, and at most 300 characters')
    page = client.href
  }
  if ((await repository.getProject(input.id)) === undefined)
    throw new CliError(`No project with id "${input.id}" (see \`latch-server project list\`)`)
  await repository.social.setClient({
    projectId: input.id,
    provider: 'farcaster',
    issuer: parsed.toString(),
    // The client page the sign-in link opens; empty: Farcaster's own.
    clientId: page,
    clientSecret: '',
  })
  return `${input.id} farcaster: Sign In With Farcaster verified against the OP Mainnet RPC at ${parsed.origin}; the relay is this server (<public URL>/farcaster/v1)`
}

/**
 * `project set-social`: the project's OAuth client at a provider. The secret is sealed under the
 * embedded wallet's `share` key (itself sealed under the key-encryption key), as the shares are.
 * Apple has no fixed secret: its team id, key id and private key are sealed in its place, and the
 * server signs a client secret with the key for each token request.
 */
export async function setSocial(
  repository: Repository,
  secretKey: string | undefined,
  input: SetSocialInput,
) {
  if (!isSocialProvider(input.provider))
    throw new CliError(`Unknown provider "${input.provider}": use one of ${socialProviderIds.join(', ')}`)
  if (input.provider === 'farcaster') return setFarcaster(repository, input)
  if (input.rpcUrl !== undefined || input.clientUrl !== undefined)
    throw new CliError('--rpc-url and --client-url are for farcaster only')
  const provider: SocialProvider = socialProviders[input.provider]
  const apple = provider.kind === 'oidc' && provider.dialect === 'apple'
  const clientId = input.clientId?.trim() ?? ''
  if (clientId.length === 0 || clientId.length > 300)
    throw new CliError('--client-id is required (1 to 300 characters)')
  if (!apple && [input.teamId, input.keyId, input.privateKeyFile].some((flag) => flag !== undefined))
    throw new CliError('--team-id, --key-id and --private-key-file are for apple only')
  const credentials = apple ? await appleCredentialsOf(input) : undefined
  const clientSecret =
    credentials === undefined ? (input.clientSecret ?? '') : sealableAppleCredentials(credentials)
  if (!apple && (clientSecret.length === 0 || clientSecret.length > 1000))
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
  const team = credentials === undefined ? '' : ` (team ${credentials.teamId}, key ${credentials.keyId})`
  return `${input.id} ${input.provider}: client ${clientId}${team} at ${issuer}; its redirect URI is <public URL>/embedded/v1/social/callback`
}
