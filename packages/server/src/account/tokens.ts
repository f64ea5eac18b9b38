import { getAddress, isAddress } from 'viem'

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

/**
 * The default list: the most held stablecoins and wrapped assets on the chains the kit ships
 * network presets for. A short list kept here rather than a packaged token list: the common one
 * (the Uniswap default list) is GPL-3.0, and a dapp adds its own tokens per project anyway.
 * Contract addresses are from each issuer's own documentation.
 */
export const defaultTokens: readonly ListedToken[] = Object.freeze([
  // Ethereum: USDC, USDT, DAI, WETH, WBTC
  { chainId: 'eip155:1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  { chainId: 'eip155:1', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  { chainId: 'eip155:1', address: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
  { chainId: 'eip155:1', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
  { chainId: 'eip155:1', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599' },
  // Base: USDC, WETH, DAI
  { chainId: 'eip155:8453', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  { chainId: 'eip155:8453', address: '0x4200000000000000000000000000000000000006' },
  { chainId: 'eip155:8453', address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb' },
])

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
