import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { featureSetting } from '../features.js'
import { isOnrampProvider, onrampProviderIds } from '../onramp/adapters.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

export interface SetOnrampInput {
  id: string
  provider: string
  /** The provider's API base URL, or 'none' to remove the provider. */
  apiUrl: string | undefined
  secret: string | undefined
}

/**
 * `project set-onramp ID PROVIDER --api-url URL --secret SECRET` (or `--api-url none`): the
 * project's account at an on-ramp provider. The secret signs the server's calls to the provider
 * and checks the provider's webhooks; it is sealed under the embedded wallet's `share` key, as
 * the social logins' client secrets are, and never sent to a page.
 */
export async function setOnrampProvider(
  repository: Repository,
  secretKey: string | undefined,
  input: SetOnrampInput,
): Promise<string> {
  if (!isOnrampProvider(input.provider))
    throw new CliError(
      `Unknown on-ramp provider "${input.provider}": use one of ${onrampProviderIds.join(', ')}`,
    )
  const project = await repository.getProject(input.id)
  if (project === undefined)
    throw new CliError(`No project with id "${input.id}" (see \`latch-server project list\`)`)
  if (input.apiUrl === 'none') {
    await repository.onramp.setProvider(input.id, input.provider, undefined)
    return `${input.id}: no on-ramp through ${input.provider}`
  }
  const apiUrl = input.apiUrl?.trim() ?? ''
  if (!URL.canParse(apiUrl))
    throw new CliError("--api-url is required: the provider's API base URL (https://…)")
  const parsed = new URL(apiUrl)
  const local = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(parsed.hostname)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local))
    throw new CliError('--api-url must start with https:// (http:// only for a provider on this machine)')
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '')
    throw new CliError('--api-url has no query, fragment or credentials (the secret goes in --secret)')
  const secret = input.secret ?? ''
  if (secret.length < 16 || secret.length > 1000 || /\s/.test(secret))
    throw new CliError("--secret is required: the provider's API secret (16 to 1000 characters, no spaces)")
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.onramp.setProvider(input.id, input.provider, {
    apiUrl: parsed.toString(),
    sealedSecret: await ring.encrypt(
      Buffer.from(secret, 'utf8'),
      atRestContext.onrampSecret(input.id, input.provider),
    ),
  })
  const on = featureSetting(project, 'onramp').isEnabled
  return `${input.id} ${input.provider}: on-ramp through ${parsed.origin}; its webhook URL is <public URL>/onramp/v1/webhooks/${input.provider}/${input.id}${on ? '' : `; turn Buy on with \`latch-server project set-feature ${input.id} onramp on\``}`
}
