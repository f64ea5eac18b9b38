import { sealPriceApiKey } from '../account/prices.js'
import { parseTokenListToken } from '../account/tokens.js'
import type { KeyEncryptionKey } from '../at-rest.js'
import type { Repository } from '../storage/types.js'
import { CliError } from './commands.js'

async function requireProject(repository: Repository, id: string): Promise<void> {
  if ((await repository.getProject(id)) === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
}

/**
 * `project set-prices ID --source coingecko --url URL [--api-key KEY]`, or `--source none`: where
 * the project's token prices come from. The key is stored sealed under the key-encryption key and
 * sent to that source only; the answer echoes the URL's origin, never the key.
 */
async function setPriceSource(
  repository: Repository,
  id: string,
  input: { source?: string | undefined; url?: string | undefined; apiKey?: string | undefined },
  keyEncryptionKey: () => Promise<KeyEncryptionKey>,
): Promise<string> {
  await requireProject(repository, id)
  if (input.source === 'none') {
    await repository.prices.setPriceSource(id, undefined)
    return `${id}: no price source (no fiat values are shown)`
  }
  if (input.source !== 'coingecko')
    throw new CliError('--source must be coingecko (a CoinGecko-shaped API) or none')
  let url: URL
  try {
    url = new URL(input.url ?? '')
  } catch {
    throw new CliError('--url must be the API base URL, e.g. https://pro-api.coingecko.com/api/v3')
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && /^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname))
  )
    throw new CliError('--url must start with https:// (or http:// on loopback, for a local source)')
  if (url.username || url.password || url.search || url.hash)
    throw new CliError('--url takes no credentials, query or fragment: give the key with --api-key')
  const apiKey = input.apiKey?.trim() || null
  if (apiKey !== null && !/^[\x21-\x7e]{1,200}$/.test(apiKey))
    throw new CliError('--api-key must be 1 to 200 printable characters without spaces')
  await repository.prices.setPriceSource(id, {
    source: 'coingecko',
    url: url.toString(),
    apiKey: apiKey && sealPriceApiKey(await keyEncryptionKey(), id, apiKey),
  })
  return `${id}: prices from ${url.origin} (coingecko${apiKey ? ', with an API key' : ''})`
}

const eip155 = /^eip155:([1-9][0-9]{0,15})$/

function chainNumber(chainId: string): number {
  const match = eip155.exec(chainId)
  if (!match) throw new CliError(`"${chainId}" is not an eip155 chain: use eip155:<chain id>, e.g. eip155:1`)
  return Number(match[1])
}

/**
 * `project tokens add ID CAIP2 ADDRESS --symbol S --decimals D [--name N] [--logo URL]`: an ERC-20
 * the balance service looks for on top of the default list, checked as a token-list entry.
 */
async function addToken(
  repository: Repository,
  id: string,
  chainId: string,
  address: string,
  input: {
    symbol?: string | undefined
    name?: string | undefined
    decimals?: string | undefined
    logo?: string | undefined
  },
): Promise<string> {
  await requireProject(repository, id)
  if (input.decimals !== undefined && !/^[0-9]{1,3}$/.test(input.decimals))
    throw new CliError('--decimals must be a whole number from 0 to 255')
  let token: ReturnType<typeof parseTokenListToken>
  try {
    token = parseTokenListToken(
      {
        chainId: chainNumber(chainId),
        address,
        symbol: input.symbol,
        name: input.name ?? input.symbol,
        decimals: input.decimals === undefined ? undefined : Number(input.decimals),
        logoURI: input.logo,
      },
      'token',
    )
  } catch (error) {
    if (error instanceof CliError) throw error
    const field = /^token\.(\w+)/.exec((error as Error).message)?.[1] ?? ''
    const flag = { logoURI: '--logo', address: 'ADDRESS' }[field] ?? `--${field}`
    throw new CliError(`${flag}: ${(error as Error).message.replace(/^[^:]*: /, '')}`)
  }
  await repository.prices.putToken(id, {
    chainId,
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    logoURI: token.logoURI ?? null,
  })
  return `${id} ${chainId}: ${token.symbol} ${token.address} added`
}

/** `project tokens remove ID CAIP2 ADDRESS`. */
async function removeToken(
  repository: Repository,
  id: string,
  chainId: string,
  address: string,
): Promise<string> {
  await requireProject(repository, id)
  chainNumber(chainId)
  const stored = (await repository.prices.listTokens(id)).find(
    (token) => token.chainId === chainId && token.address.toLowerCase() === address.toLowerCase(),
  )
  if (stored === undefined || !(await repository.prices.removeToken(id, chainId, stored.address)))
    throw new CliError(`Project "${id}" has no token ${address} on ${chainId}`)
  return `${id} ${chainId}: ${stored.symbol} ${stored.address} removed`
}

/** `project tokens list ID`: one line per token the project added. */
async function listTokens(repository: Repository, id: string): Promise<string[]> {
  await requireProject(repository, id)
  const tokens = await repository.prices.listTokens(id)
  if (tokens.length === 0)
    return [
      `${id}: no tokens of its own (the default list only); add one with \`latch-server project tokens add\``,
    ]
  return tokens.map((t) => `${t.chainId}  ${t.address}  ${t.symbol}  ${t.name}  decimals ${t.decimals}`)
}

/** Runs `project set-prices` or `project tokens …`; resolves the lines to print. */
export async function priceCommand(
  repository: Repository,
  sub: string,
  rest: readonly string[],
  values: {
    source?: string | undefined
    url?: string | undefined
    'api-key'?: string | undefined
    symbol?: string | undefined
    name?: string | undefined
    decimals?: string | undefined
    logo?: string | undefined
    json?: boolean | undefined
  },
  keyEncryptionKey: () => Promise<KeyEncryptionKey>,
): Promise<string[]> {
  if (sub === 'set-prices')
    return [
      await setPriceSource(
        repository,
        rest[0] ?? '',
        { source: values.source, url: values.url, apiKey: values['api-key'] },
        keyEncryptionKey,
      ),
    ]
  const [action = '', id = '', chainId = '', address = ''] = rest
  if (action === 'list') {
    const lines = await listTokens(repository, id)
    return values.json ? [JSON.stringify(await repository.prices.listTokens(id), null, 2)] : lines
  }
  if (action === 'add') return [await addToken(repository, id, chainId, address, values)]
  if (action === 'remove') return [await removeToken(repository, id, chainId, address)]
  throw new CliError('Use `latch-server project tokens add|remove|list ID …`')
}
