import { readFile } from 'node:fs/promises'
import { getAddress, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { atRestContext } from '../at-rest.js'
import { KeyRing } from '../embedded/keys.js'
import { DEFAULT_SIMPLE_ACCOUNT_FACTORY, type SponsorshipPolicy } from '../storage/smart-accounts.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

const local = (url: URL) => /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(url.hostname)

async function requireProject(repository: Repository, id: string, chainId: string): Promise<void> {
  if ((await repository.getProject(id)) === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(chainId))
    throw new CliError('The chain must be an eip155 CAIP-2 id, e.g. eip155:1')
}

/**
 * `project set-bundler ID CAIP2 URL [--factory ADDRESS]` (or `none`): the project's ERC-4337
 * bundler on that chain, which the server's bundler endpoint forwards to, and the factory of the
 * embedded wallet's smart accounts there (the reference SimpleAccountFactory v0.7; by default its
 * well-known deployment). The URL may carry the bundler's API key, so it is sealed under the
 * embedded wallet's `share` key and never sent to a page.
 */
export async function setBundler(
  repository: Repository,
  secretKey: string | undefined,
  input: { id: string; chainId: string; url: string; factory?: string | undefined },
): Promise<string> {
  await requireProject(repository, input.id, input.chainId)
  const factory = input.factory?.trim() ?? DEFAULT_SIMPLE_ACCOUNT_FACTORY
  if (!isAddress(factory, { strict: false }))
    throw new CliError("--factory must be the SimpleAccountFactory v0.7 contract's address (0x…)")
  if (input.url === 'none') {
    await repository.smartAccounts.setBundler(input.id, input.chainId, undefined)
    return `${input.id}: no bundler on ${input.chainId}`
  }
  const url = input.url.trim()
  if (url.length > 2000 || !URL.canParse(url)) throw new CliError('The bundler URL is not a URL (https://…)')
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local(parsed)))
    throw new CliError(
      'The bundler URL must start with https:// (http:// only for a bundler on this machine)',
    )
  if (parsed.hash !== '') throw new CliError('The bundler URL has no fragment')
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.smartAccounts.setBundler(
    input.id,
    input.chainId,
    await ring.encrypt(
      Buffer.from(parsed.toString(), 'utf8'),
      atRestContext.bundlerUrl(input.id, input.chainId),
    ),
    getAddress(factory),
  )
  return `${input.id}: user operations on ${input.chainId} go to the bundler at ${parsed.host} (the URL is sealed at rest); the page calls <server>/aa/v1/bundler?projectId=${input.id}&chainId=${input.chainId}; smart accounts come from the factory ${getAddress(factory)}`
}

/**
 * `project set-paymaster ID CAIP2 --address ADDRESS --private-key-file FILE` (or `--address
 * none`): the project's verifying paymaster on that chain and the key it trusts, which signs
 * sponsorships (sealed under the `share` key). Sponsorship stays as set (off until
 * `set-sponsorship` turns it on).
 */
export async function setPaymaster(
  repository: Repository,
  secretKey: string | undefined,
  input: {
    id: string
    chainId: string
    address: string | undefined
    signerKey: string | Promise<string> | undefined
  },
): Promise<string> {
  await requireProject(repository, input.id, input.chainId)
  if (input.address === 'none') {
    await repository.smartAccounts.setPaymaster(input.id, input.chainId, undefined)
    return `${input.id}: no paymaster on ${input.chainId}`
  }
  if (input.address === undefined || !isAddress(input.address))
    throw new CliError("--address must be the paymaster contract's address (0x…)")
  const key = ((await input.signerKey) ?? '').trim()
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new CliError(
      '--private-key-file must hold the signer key the paymaster trusts (0x and 64 hex digits)',
    )
  const signer = privateKeyToAccount(key as `0x${string}`).address
  const ring = new KeyRing(repository.embedded, secretKey)
  await ring.ensure()
  await repository.smartAccounts.setPaymaster(input.id, input.chainId, {
    address: getAddress(input.address),
    sealedSignerKey: await ring.encrypt(
      Buffer.from(key.toLowerCase(), 'utf8'),
      atRestContext.paymasterKey(input.id, input.chainId),
    ),
  })
  const policy = await repository.smartAccounts.getPaymaster(input.id, input.chainId)
  return `${input.id}: paymaster ${getAddress(input.address)} on ${input.chainId}, signing as ${signer} (the key is sealed at rest); sponsorship is ${policy?.policy.enabled ? 'on' : `off: turn it on with \`latch-server project set-sponsorship ${input.id} ${input.chainId} on --allow ADDRESS\``}`
}

/**
 * `project set-sponsorship ID CAIP2 on|off [--allow ADDRESS …] [--per-user N] [--per-day N]`:
 * which user operations the project's paymaster signs for: calls to the allowed contracts only,
 * at most N per smart account and day and N per day in all.
 */
export async function setSponsorship(
  repository: Repository,
  input: {
    id: string
    chainId: string
    state: string
    allow?: string[] | undefined
    perUser?: string | undefined
    perDay?: string | undefined
  },
): Promise<string> {
  await requireProject(repository, input.id, input.chainId)
  if (input.state !== 'on' && input.state !== 'off') throw new CliError('Sponsorship is on or off')
  const current = await repository.smartAccounts.getPaymaster(input.id, input.chainId)
  if (current === undefined)
    throw new CliError(
      `${input.id} has no paymaster on ${input.chainId}: set one with \`latch-server project set-paymaster ${input.id} ${input.chainId} --address ADDRESS --private-key-file FILE\``,
    )
  const count = (value: string | undefined, flag: string, fallback: number) => {
    if (value === undefined) return fallback
    if (!/^[0-9]{1,7}$/.test(value)) throw new CliError(`${flag} is a whole number from 0 to 9999999`)
    return Number(value)
  }
  const allow = input.allow ?? current.policy.allow
  if (allow.length > 100) throw new CliError('--allow takes at most 100 contracts')
  for (const address of allow)
    if (!isAddress(address)) throw new CliError(`--allow ${address} is not a contract address (0x…)`)
  const policy: SponsorshipPolicy = {
    enabled: input.state === 'on',
    allow: [...new Set(allow.map((a) => getAddress(a)))],
    perUserDaily: count(input.perUser, '--per-user', current.policy.perUserDaily),
    perDay: count(input.perDay, '--per-day', current.policy.perDay),
  }
  if (policy.enabled && policy.allow.length === 0)
    throw new CliError('Sponsorship needs the contracts it pays calls to: --allow ADDRESS (repeatable)')
  await repository.smartAccounts.setSponsorship(input.id, input.chainId, policy)
  return policy.enabled
    ? `${input.id}: sponsors user operations on ${input.chainId} calling ${policy.allow.join(', ')}; at most ${policy.perUserDaily} per account and ${policy.perDay} in all a day`
    : `${input.id}: sponsors no user operations on ${input.chainId}`
}

/** The signer key from `--private-key-file`. */
export function readKeyFile(path: string | undefined): Promise<string> | undefined {
  return path === undefined ? undefined : readFile(path, 'utf8')
}
