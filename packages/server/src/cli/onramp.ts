import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { featureSetting } from '../features.js'
import {
  type CredentialField,
  isOnrampProvider,
  onrampAdapters,
  onrampProviderIds,
} from '../onramp/adapters.js'
import { credentialsText } from '../onramp/credentials.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

export interface SetOnrampInput {
  id: string
  provider: string
  /** The provider's API base URL (its public API when omitted), or 'none' to remove the provider. */
  apiUrl: string | undefined
  /** The API secret (or a promise of it, read from `--private-key-file`). */
  secret: string | Promise<string> | undefined
  /** Coinbase: the CDP API key's id. */
  keyId?: string | undefined
  /** MoonPay and Transak: the publishable API key. */
  publicKey?: string | undefined
  /** The secret the provider signs its webhooks with (Coinbase, Meld, MoonPay). */
  webhookSecret?: string | undefined
  /** The provider's checkout host (Coinbase, MoonPay) or session API (Transak), when not its public one. */
  widgetUrl?: string | undefined
  /** The country quotes are asked for (two letters, default US). */
  country?: string | undefined
}

const flags: Record<CredentialField, string> = {
  keyId: '--key-id',
  publicKey: '--public-key',
  webhookSecret: '--webhook-secret',
  widgetUrl: '--widget-url',
  country: '--country',
}

const local = (url: URL) => /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(url.hostname)

function httpsUrl(value: string, flag: string): URL {
  if (!URL.canParse(value)) throw new CliError(`${flag} is not a URL (https://…)`)
  const parsed = new URL(value)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local(parsed)))
    throw new CliError(`${flag} must start with https:// (http:// only for a provider on this machine)`)
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '')
    throw new CliError(`${flag} has no query, fragment or credentials (the secret goes in --secret)`)
  return parsed
}

/**
 * `project set-onramp ID PROVIDER [--api-url URL] --secret SECRET [...]` (or `--api-url none`):
 * the project's account at an on-ramp provider. The secret signs the server's calls to the
 * provider; the webhook secret checks the provider's webhooks. Both are sealed under the embedded
 * wallet's `share` key, as the social logins' client secrets are, and never sent to a page.
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
  const adapter = onrampAdapters[input.provider]!
  const project = await repository.getProject(input.id)
  if (project === undefined)
    throw new CliError(`No project with id "${input.id}" (see \`latch-server project list\`)`)
  if (input.apiUrl === 'none') {
    await repository.onramp.setProvider(input.id, input.provider, undefined)
    return `${input.id}: no on-ramp through ${input.provider}`
  }
  const apiUrl = input.apiUrl?.trim() || adapter.defaultApiUrl
  if (apiUrl === undefined)
    throw new CliError("--api-url is required: the provider's API base URL (https://…)")
  const parsed = httpsUrl(apiUrl, '--api-url')
  const secret = ((await input.secret) ?? '').trim()
  const pem = secret.startsWith('-----BEGIN ')
  if (secret.length < 16 || secret.length > 4000 || (!pem && /\s/.test(secret)))
    throw new CliError("--secret is required: the provider's API secret (16 to 4000 characters, no spaces)")
  const extra: Partial<Record<CredentialField, string>> = {}
  for (const field of Object.keys(flags) as CredentialField[]) {
    const value = input[field]?.trim()
    if (value === undefined || value === '') {
      if (adapter.requires.includes(field))
        throw new CliError(`${flags[field]} is required for ${input.provider}`)
      continue
    }
    if (!adapter.accepts.includes(field)) throw new CliError(`${input.provider} takes no ${flags[field]}`)
    if (field === 'widgetUrl') extra[field] = httpsUrl(value, flags[field]).toString()
    else if (field === 'country') {
      if (!/^[A-Z]{2}$/.test(value)) throw new CliError('--country is a two-letter country code (US, DE, …)')
      extra[field] = value
    } else if (field === 'webhookSecret') {
      if (value.length < 16 || value.length > 1000 || /\s/.test(value))
        throw new CliError('--webhook-secret is 16 to 1000 characters, no spaces')
      extra[field] = value
    } else {
      if (!/^[A-Za-z0-9_./:-]{1,200}$/.test(value)) throw new CliError(`${flags[field]} is not a key id`)
      extra[field] = value
    }
  }
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.onramp.setProvider(input.id, input.provider, {
    apiUrl: parsed.toString(),
    sealedSecret: await ring.encrypt(
      Buffer.from(credentialsText({ secret, ...extra }), 'utf8'),
      atRestContext.onrampSecret(input.id, input.provider),
    ),
  })
  const on = featureSetting(project, 'onramp').isEnabled
  return `${input.id} ${input.provider}: on-ramp through ${parsed.origin}; its webhook URL is <public URL>/onramp/v1/webhooks/${input.provider}/${input.id}${on ? '' : `; turn Buy on with \`latch-server project set-feature ${input.id} onramp on\``}`
}
