import { invalidParams } from './errors.js'

/** A chain the test wallet knows. */
export interface WalletChain {
  id: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string | undefined
}

const HEX_QUANTITY = /^0x(?:0|[1-9a-f][0-9a-f]*)$/i

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Parses an EIP-695 chain id (hex quantity, no leading zeros) into a positive safe integer. */
export function parseHexChainId(value: unknown): number {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value))
    throw invalidParams(`chainId must be a 0x-prefixed hexadecimal string without leading zeros.`)
  const id = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidParams(`chainId ${value} is out of range.`)
  return id
}

export function toHexChainId(id: number): `0x${string}` {
  return `0x${id.toString(16)}`
}

/** Validates a `wallet_addEthereumChain` parameter as EIP-3085 describes it. */
export function parseAddEthereumChainParameter(value: unknown): WalletChain {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidParams('expected one AddEthereumChainParameter object.')
  const p = value as Record<string, unknown>
  const id = parseHexChainId(p.chainId)
  if (typeof p.chainName !== 'string' || p.chainName.trim() === '')
    throw invalidParams('chainName must be a non-empty string.')
  if (!Array.isArray(p.rpcUrls) || p.rpcUrls.length === 0 || !p.rpcUrls.every(isHttpUrl))
    throw invalidParams('rpcUrls must be a non-empty list of http(s) URLs.')
  const currency = p.nativeCurrency
  if (typeof currency !== 'object' || currency === null)
    throw invalidParams('nativeCurrency must be an object with name, symbol and decimals.')
  const { name, symbol, decimals } = currency as Record<string, unknown>
  if (typeof name !== 'string' || name === '') throw invalidParams('nativeCurrency.name must be a string.')
  if (typeof symbol !== 'string' || symbol.length < 2 || symbol.length > 6)
    throw invalidParams('nativeCurrency.symbol must be 2 to 6 characters.')
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36)
    throw invalidParams('nativeCurrency.decimals must be an integer.')
  let blockExplorerUrl: string | undefined
  if (p.blockExplorerUrls !== undefined && p.blockExplorerUrls !== null) {
    if (!Array.isArray(p.blockExplorerUrls) || !p.blockExplorerUrls.every(isHttpUrl))
      throw invalidParams('blockExplorerUrls must be a list of http(s) URLs.')
    blockExplorerUrl = p.blockExplorerUrls[0]
  }
  if (p.iconUrls !== undefined && p.iconUrls !== null) {
    if (!Array.isArray(p.iconUrls) || !p.iconUrls.every((u) => typeof u === 'string'))
      throw invalidParams('iconUrls must be a list of URLs.')
  }
  return {
    id,
    name: p.chainName,
    rpcUrl: p.rpcUrls[0] as string,
    nativeCurrency: { name, symbol, decimals },
    blockExplorerUrl,
  }
}

/** Validates the chains given to `createTestWallet` (they come from test code, but fail early). */
export function assertWalletChain(chain: WalletChain): WalletChain {
  if (!Number.isSafeInteger(chain.id) || chain.id <= 0)
    throw new Error(`Invalid chain id ${String(chain.id)}.`)
  if (!isHttpUrl(chain.rpcUrl)) throw new Error(`Chain ${chain.id} needs an http(s) rpcUrl.`)
  return { ...chain, nativeCurrency: { ...chain.nativeCurrency } }
}
