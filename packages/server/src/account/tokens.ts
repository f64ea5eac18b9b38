import { getAddress, isAddress } from 'viem'
import { defaultTokenList } from './default-token-list.js'

/** A token the balance service looks for: a CAIP-2 chain, its contract, and where its icon is. */
export interface ListedToken {
  /** CAIP-2 id of the chain, e.g. `eip155:1`. */
  chainId: string
  /** The ERC-20 contract. */
  address: `0x${string}`
  /** An https icon; none when the list has none. */
  iconUrl?: string | undefined
}

const eip155 = /^eip155:[1-9][0-9]{0,15}$/

const tokenListName = /^[\w ]{1,30}$/
// tokenlists.org allows any URI; only https is taken, since the page shows these icons.
const logoUri = /^https:\/\/[^\s]{1,2000}$/

/** One token of a token list (tokenlists.org), checked; `chainId` is the EIP-155 number. */
export interface TokenListToken {
  chainId: number
  address: `0x${string}`
  symbol: string
  name: string
  decimals: number
  logoURI?: string | undefined
}

/** Checks one token-list entry's fields as the tokenlists.org schema has them; throws naming the field. */
export function parseTokenListToken(value: unknown, at: string): TokenListToken {
  if (typeof value !== 'object' || value === null) throw new TypeError(`${at}: expected a token`)
  const { chainId, address, symbol, name, decimals, logoURI } = value as Record<string, unknown>
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1)
    throw new TypeError(`${at}.chainId: expected a positive whole number`)
  if (typeof address !== 'string' || !isAddress(address))
    throw new TypeError(`${at}.address: expected a 20-byte hex address matching its checksum`)
  if (typeof symbol !== 'string' || !/^\S(?:.{0,18}\S)?$/u.test(symbol) || /\p{Cc}/u.test(symbol))
    throw new TypeError(`${at}.symbol: expected 1 to 20 characters`)
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 60 || /\p{Cc}/u.test(name))
    throw new TypeError(`${at}.name: expected 1 to 60 characters`)
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw new TypeError(`${at}.decimals: expected a whole number from 0 to 255`)
  if (logoURI !== undefined && (typeof logoURI !== 'string' || !logoUri.test(logoURI)))
    throw new TypeError(`${at}.logoURI: expected an https URL`)
  return { chainId, address: getAddress(address), symbol, name, decimals, ...(logoURI ? { logoURI } : {}) }
}

/**
 * Checks a token list document (tokenlists.org: name, timestamp, version, tokens) and returns
 * its tokens as the balance service looks for them. Throws on the first problem, naming it; a
 * token listed twice for one chain is refused.
 */
export function parseTokenListDocument(value: unknown, where: string): TokenListToken[] {
  if (typeof value !== 'object' || value === null) throw new TypeError(`${where}: expected a token list`)
  const { name, timestamp, version, tokens } = value as Record<string, unknown>
  if (typeof name !== 'string' || !tokenListName.test(name))
    throw new TypeError(`${where}.name: expected 1 to 30 letters, digits or spaces`)
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp)))
    throw new TypeError(`${where}.timestamp: expected an ISO 8601 date`)
  const parts = (version ?? {}) as Record<string, unknown>
  if (!['major', 'minor', 'patch'].every((k) => Number.isInteger(parts[k]) && (parts[k] as number) >= 0))
    throw new TypeError(`${where}.version: expected { major, minor, patch } as whole numbers`)
  if (!Array.isArray(tokens) || tokens.length > 10_000)
    throw new TypeError(`${where}.tokens: expected a list of at most 10000 tokens`)
  const seen = new Set<string>()
  return tokens.map((entry: unknown, index) => {
    const token = parseTokenListToken(entry, `${where}.tokens[${index}]`)
    const key = `${token.chainId}:${token.address}`
    if (seen.has(key)) throw new TypeError(`${where}.tokens[${index}]: ${token.address} is listed twice`)
    seen.add(key)
    return token
  })
}

/** The default list's tokens, checked when the server loads. */
export const defaultTokenListTokens: readonly TokenListToken[] = Object.freeze(
  parseTokenListDocument(defaultTokenList, 'the default token list'),
)

/** The default list's tokens as the balance service looks for them. */
export const defaultTokens: readonly ListedToken[] = Object.freeze(
  defaultTokenListTokens.map((token) => ({
    chainId: `eip155:${token.chainId}`,
    address: token.address,
    ...(token.logoURI ? { iconUrl: token.logoURI } : {}),
  })),
)

/**
 * Checks a project's token list (server configuration, spec §3 `tokens`): CAIP-2 eip155 chains,
 * checksummed (or all-lowercase) addresses, https icons. Throws on the first bad entry.
 */
export function parseTokenList(value: unknown, where: string): ListedToken[] {
  if (!Array.isArray(value)) throw new TypeError(`${where}: expected a list of tokens`)
  return value.map((entry: unknown, index) => {
    const at = `${where}[${index}]`
    if (typeof entry !== 'object' || entry === null) throw new TypeError(`${at}: expected a token`)
    const { chainId, address, iconUrl } = entry as Record<string, unknown>
    if (typeof chainId !== 'string' || !eip155.test(chainId))
      throw new TypeError(`${at}.chainId: expected a CAIP-2 eip155 id such as eip155:1`)
    if (typeof address !== 'string' || !isAddress(address))
      throw new TypeError(`${at}.address: expected a 20-byte hex address matching its checksum`)
    if (iconUrl !== undefined && (typeof iconUrl !== 'string' || !iconUrl.startsWith('https://')))
      throw new TypeError(`${at}.iconUrl: expected an https URL`)
    return { chainId, address: getAddress(address), ...(iconUrl ? { iconUrl } : {}) }
  })
}

/** The tokens to look for on one chain: the default list, then the project's, each once. */
export function tokensFor(chainId: string, lists: readonly (readonly ListedToken[])[]): ListedToken[] {
  const seen = new Map<string, ListedToken>()
  for (const list of lists)
    for (const token of list)
      if (token.chainId === chainId)
        seen.set(token.address.toLowerCase(), { ...seen.get(token.address.toLowerCase()), ...token })
  return [...seen.values()]
}
