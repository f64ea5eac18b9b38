import { Decimal } from 'decimal.js'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import type { ListedToken } from './tokens.js'

/**
 * Amounts with the spec's decimal settings (§9): 20 significant digits, exponent notation only
 * outside 1e-7..1e21. Rounded down, so a balance is never shown above what is held.
 */
const Amount = Decimal.clone({ precision: 20, toExpNeg: -7, toExpPos: 21, rounding: Decimal.ROUND_DOWN })

/** One entry of the `balances` answer (spec §3, "Token balance"). */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the chain's native coin. */
  address?: string
  /**
   * `quantity.numeric × price` in USD, with `price` from the project's price source; both absent
   * when the project has no source or the source has no price for the token (never 0 for "unknown").
   */
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

// The native coins of the chains the kit has presets for; other eip155 chains are taken as ETH
// chains (the L2s) until a project says otherwise.
const nativeCoins: Record<string, { name: string; symbol: string }> = {
  'eip155:56': { name: 'BNB', symbol: 'BNB' },
  'eip155:100': { name: 'xDAI', symbol: 'XDAI' },
  'eip155:137': { name: 'POL', symbol: 'POL' },
  'eip155:42220': { name: 'Celo', symbol: 'CELO' },
  'eip155:43114': { name: 'Avalanche', symbol: 'AVAX' },
}
const ether = { name: 'Ether', symbol: 'ETH' }

/**
 * The balances with the USD price the source gave for each (by `native` or the token's address)
 * and the value it makes; a balance without a price is left without both.
 */
export function withPrices(
  balances: readonly TokenBalance[],
  prices: ReadonlyMap<string, number>,
): TokenBalance[] {
  return balances.map((balance) => {
    const price = prices.get(assetOf(balance))
    if (price === undefined || !Number.isFinite(price) || price < 0) return balance
    return { ...balance, price, value: new Amount(balance.quantity.numeric).times(price).toNumber() }
  })
}

/** `native`, or the contract (mint) part of the balance's CAIP-10 id. */
export function assetOf(balance: TokenBalance): string {
  return balance.address?.split(':').at(-1) ?? 'native'
}

/** The native coin's name and symbol on an eip155 chain. */
export function nativeCoin(chainId: string): { name: string; symbol: string } {
  return nativeCoins[chainId] ?? ether
}

/** `raw / 10^decimals` as a plain decimal string ('1234.5'), never in exponent notation. */
export function toNumeric(raw: bigint, decimals: number): string {
  return new Amount(raw.toString()).div(new Amount(10).pow(decimals)).toFixed()
}

// A token's name or symbol as text: no control characters, trimmed, at most 64 characters.
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const clean = value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 64)
  return clean.length > 0 ? clean : undefined
}

/**
 * Keeps a token only with a balance, a name, a symbol and decimals 1–255: tokens with decimals 0
 * are dropped (spec §5), as are answers that do not fit ERC-20 (a failed call, a wrong type).
 */
export function tokenEntry(
  token: ListedToken,
  answers: readonly { status: 'success' | 'failure'; result?: unknown }[],
): TokenBalance | undefined {
  const [balance, decimals, symbol, name] = answers.map((a) =>
    a.status === 'success' ? a.result : undefined,
  )
  if (typeof balance !== 'bigint' || balance <= 0n) return undefined
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 1 || decimals > 255)
    return undefined
  const shownSymbol = text(symbol)
  const shownName = text(name) ?? shownSymbol
  if (!shownSymbol || !shownName) return undefined
  return {
    name: shownName,
    symbol: shownSymbol,
    chainId: token.chainId,
    address: `${token.chainId}:${token.address}`,
    quantity: { decimals: String(decimals), numeric: toNumeric(balance, decimals) },
    iconUrl: token.iconUrl ?? '',
  }
}

/**
 * Reads the native balance and every listed token's balance, decimals, symbol and name of an
 * address on one chain: `eth_getBalance` and one deployless Multicall3 `eth_call` (no contract
 * needs to be deployed on the chain), sent together as one JSON-RPC batch, so one round trip.
 *
 * @example
 * const balances = await readBalances({ rpcUrl, chainId: 'eip155:1', address, tokens })
 */
export async function readBalances(parameters: {
  rpcUrl: string
  chainId: string
  address: Address
  tokens: readonly ListedToken[]
  timeoutMs: number
}): Promise<TokenBalance[]> {
  const { rpcUrl, chainId, address, tokens, timeoutMs } = parameters
  const client = createPublicClient({
    transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: timeoutMs }),
  })
  const calls = tokens.flatMap((token) => [
    { address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] } as const,
    { address: token.address, abi: erc20Abi, functionName: 'decimals' } as const,
    { address: token.address, abi: erc20Abi, functionName: 'symbol' } as const,
    { address: token.address, abi: erc20Abi, functionName: 'name' } as const,
  ])
  const [native, answers] = await Promise.all([
    client.getBalance({ address }),
    calls.length === 0
      ? Promise.resolve([])
      : client.multicall({ contracts: calls, allowFailure: true, deployless: true, batchSize: 0 }),
  ])
  const coin = nativeCoin(chainId)
  const entries: TokenBalance[] = [
    {
      ...coin,
      chainId,
      quantity: { decimals: '18', numeric: toNumeric(native, 18) },
      iconUrl: '',
    },
  ]
  tokens.forEach((token, index) => {
    const entry = tokenEntry(token, answers.slice(index * 4, index * 4 + 4))
    if (entry) entries.push(entry)
  })
  return entries
}
