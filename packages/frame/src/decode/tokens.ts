import { formatEther, formatUnits, hexToString, trim } from 'viem'
import { currentLocale, t } from '../i18n.js'
import { visibleText } from './text.js'

// Amounts in the units a person reads: a token's decimals and symbol are read from its contract
// over the project's RPC before the screen opens (the page says nothing about them), and a native
// amount carries its chain's own symbol.

/** What the chain said of a token; null when the read failed (the screen shows the raw amount). */
export type TokenInfo = { decimals: number; symbol: string } | null

/** Token facts by lower-case address. */
export type Tokens = Record<string, TokenInfo>

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

/** How long the screen waits for a token's reads before it shows raw amounts. */
const readTimeoutMs = 2_000

async function call(rpc: Rpc, to: string, data: string): Promise<`0x${string}`> {
  const result = await Promise.race([
    rpc('eth_call', [{ to, data }, 'latest']),
    new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), readTimeoutMs)),
  ])
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result)) throw new Error('bad answer')
  return result as `0x${string}`
}

/** `symbol()` answered as an ABI string or, by older tokens, as bytes32. */
function symbolOf(answer: `0x${string}`): string {
  const bytes = (answer.length - 2) / 2
  let text: string
  if (bytes === 32) text = hexToString(trim(answer, { dir: 'right' }))
  else {
    const length = Number(BigInt(`0x${answer.slice(66, 130)}`))
    if (bytes < 64 || length > 64) throw new Error('bad symbol')
    text = hexToString(`0x${answer.slice(130, 130 + length * 2)}`)
  }
  const shown = visibleText(text.replace(/\0+$/, '')).text
  if (shown === '' || shown.length > 32) throw new Error('bad symbol')
  return shown
}

/** Reads decimals and symbol of each token; a token whose reads fail or time out is null. */
export async function readTokens(rpc: Rpc | undefined, addresses: Iterable<string>): Promise<Tokens> {
  const tokens: Tokens = {}
  const unique = [...new Set([...addresses].map((a) => a.toLowerCase()))].slice(0, 16)
  await Promise.all(
    unique.map(async (address) => {
      if (rpc === undefined) {
        tokens[address] = null
        return
      }
      try {
        const [decimals, symbol] = await Promise.all([
          call(rpc, address, '0x313ce567'),
          call(rpc, address, '0x95d89b41'),
        ])
        const value = BigInt(decimals)
        if (value > 77n) throw new Error('bad decimals')
        tokens[address] = { decimals: Number(value), symbol: symbolOf(symbol) }
      } catch {
        tokens[address] = null
      }
    }),
  )
  return tokens
}

const maxUint256 = 2n ** 256n - 1n
/** The largest values that mean "no limit" to the contracts that take them. */
const unlimitedValues = new Set([maxUint256, 2n ** 255n, 2n ** 160n - 1n, 2n ** 96n - 1n])
/**
 * From here on an amount is unlimited in effect: 2^96 − 1 base units is about 79 billion tokens of
 * 18 decimals, more than any balance, so such an approval is as good as an unlimited one.
 */
const unlimitedFrom = 2n ** 96n - 1n

/** True for an amount that allows taking everything. */
export const isUnlimited = (amount: bigint) => amount >= unlimitedFrom

/** A token amount for the screen: "Unlimited", "1.5 USDC", or the raw integer with a note. */
export function tokenAmount(amount: bigint, token: string | undefined, tokens: Tokens | undefined): string {
  if (unlimitedValues.has(amount)) return t('approve.unlimited')
  const info = token === undefined ? undefined : tokens?.[token.toLowerCase()]
  if (info) return `${formatUnits(amount, info.decimals)} ${info.symbol}`
  return t('approve.rawAmount', { amount: amount.toString() })
}

/** Native currency symbols of well-known chains; another chain's amounts are named by its id. */
const nativeSymbols: Record<string, string> = {
  '56': 'BNB',
  '97': 'tBNB',
  '100': 'xDAI',
  '137': 'POL',
  '80002': 'POL',
  '250': 'FTM',
  '43114': 'AVAX',
  '43113': 'AVAX',
  '42220': 'CELO',
  '5000': 'MNT',
  '25': 'CRO',
  '1284': 'GLMR',
  '2020': 'RON',
  '1101': 'ETH',
}
/** Chains whose native currency is ether. */
const etherChains = new Set([
  1, 10, 8453, 42161, 42170, 59144, 324, 534352, 81457, 7777777, 31337, 11155111, 17000, 84532, 421614,
  11155420, 1337,
])

/** The chain's native symbol, or undefined for a chain not listed here. */
function nativeSymbol(chainId: bigint): string | undefined {
  return etherChains.has(Number(chainId)) ? 'ETH' : nativeSymbols[chainId.toString()]
}

/** A native amount for the screen, with the chain's own symbol. */
export function nativeAmount(wei: bigint, chainId: bigint): string {
  return withSymbol(formatEther(wei), chainId)
}

function withSymbol(amount: string, chainId: bigint): string {
  const symbol = nativeSymbol(chainId)
  if (symbol !== undefined) return `${amount} ${symbol}`
  return t('approve.nativeOf', { amount, chain: chainId.toString() })
}

/**
 * A native amount in the visitor's language (Intl: its digits and separators), formatted from its
 * exact decimal text so no wei is lost to floating point. `exact` keeps every digit (what is sent);
 * `ceil` keeps 4 significant digits rounded up, for a maximum (a fee of at most this), which must
 * never read lower than it is.
 */
export function localNative(wei: bigint, chainId: bigint, rounding: 'exact' | 'ceil'): string {
  const format = new Intl.NumberFormat(
    currentLocale(),
    rounding === 'exact'
      ? { maximumFractionDigits: 18 }
      : { maximumSignificantDigits: 4, roundingMode: 'ceil' },
  )
  return withSymbol(format.format(formatEther(wei) as Intl.StringNumericLiteral), chainId)
}

/**
 * The price of one native coin in a currency, for a fiat value beside native amounts: `prepare`
 * (approval/prepare.ts) reads it from the project's price service and sets `nativePrice` on the
 * transaction's view, and the fee row shows the value beside the coin.
 */
export type NativePrice = { currency: string; perCoin: number }

/** `wei` in the price's currency, in the visitor's language, e.g. "$0.12". */
export function fiatValue(wei: bigint, price: NativePrice): string {
  const coins = Number(formatEther(wei))
  return new Intl.NumberFormat(currentLocale(), {
    style: 'currency',
    currency: price.currency,
    maximumSignificantDigits: 3,
    roundingMode: 'ceil',
  }).format(coins * price.perCoin)
}
