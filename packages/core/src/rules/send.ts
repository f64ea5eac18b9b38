import type { ChainAdapter } from '../types.js'
import type { SendProblem } from './sendState.js'
import { formatUnits, type TokenBalance } from './tokens.js'

const AMOUNT = /^(\d+)(?:[.,](\d*))?$|^[.,](\d+)$/

/**
 * A typed amount in the token's smallest unit: digits with one optional decimal point (a comma
 * counts as one), at most `decimals` places. Exact on the digits: no float ever sees it.
 */
export function parseAmount(input: string, decimals: number): bigint | 'amount-invalid' | 'amount-decimals' {
  const match = AMOUNT.exec(input.trim())
  if (!match) return 'amount-invalid'
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) return 'amount-decimals'
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/** A token balance's amount in its smallest unit (its `numeric` is an exact decimal string). */
export function rawBalance(token: TokenBalance): bigint {
  const raw = parseAmount(token.quantity.numeric, Number(token.quantity.decimals))
  return typeof raw === 'bigint' ? raw : 0n
}

/** The token's contract address without its CAIP-10 chain prefix; none for the native coin. */
export function tokenContract(token: TokenBalance): string | undefined {
  return token.address?.split(':').at(-1)
}

/**
 * What is wrong with the amount, if anything. The native coin pays the network fee too, so
 * when a fee is known it must fit beside the amount.
 */
export function sendAmountProblem(
  input: string,
  token: TokenBalance,
  fee?: bigint | undefined,
): SendProblem | undefined {
  const amount = parseAmount(input, Number(token.quantity.decimals))
  if (typeof amount !== 'bigint') return amount
  if (amount === 0n) return 'amount-zero'
  const cost = token.address === undefined ? amount + (fee ?? 0n) : amount
  return cost > rawBalance(token) ? 'insufficient' : undefined
}

/** "Max": the whole balance of a token; of the native coin, what is left once the fee is kept. */
export function maxSendAmount(token: TokenBalance, fee: bigint): string {
  const balance = rawBalance(token)
  const max = token.address === undefined ? balance - fee : balance
  return formatUnits(max > 0n ? max : 0n, Number(token.quantity.decimals))
}

/** What the visitor typed as the recipient, once read. */
export type RecipientInput =
  | { kind: 'address'; address: string }
  | { kind: 'name'; name: string }
  | { kind: 'invalid' }

// Labels separated by dots, none empty, no white space: 'alice.eth', 'pay.alice.eth'. What the
// name service accepts (normalization) is the adapter's to decide when it resolves it.
const NAME = /^[^\s.]+(?:\.[^\s.]+)+$/u

/**
 * Reads a typed recipient: an address of the chain (canonical form, checksum checked by the
 * adapter), a name when the adapter resolves names (`resolveName`) and the text has the shape of
 * one, else invalid.
 */
export function parseRecipientInput(
  input: string,
  adapter: Pick<ChainAdapter, 'parseRecipient' | 'resolveName'>,
): RecipientInput {
  const text = input.trim()
  const address = adapter.parseRecipient?.(text)
  if (address !== undefined) return { kind: 'address', address }
  if (adapter.resolveName && NAME.test(text)) return { kind: 'name', name: text }
  return { kind: 'invalid' }
}
