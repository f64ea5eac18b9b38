import { SOCIAL_PROVIDERS } from '../constants.js'
import { isEmail } from './email.js'
import { keccak256 } from './keccak.js'
import { s } from './s.js'

/** 0x plus 64 hex characters (§5). */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)
}

/** 0x plus at least 62 hex characters (§5); long enough for any signature scheme the kit sees. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(value)
}

/** The EIP-55 mixed-case form of a 20-byte hex address. */
export function toChecksumAddress(address: string): `0x${string}` {
  const lower = address.toLowerCase().replace(/^0x/, '')
  const hash = keccak256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    const char = lower[i] ?? ''
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}

export interface IsAddressOptions {
  /** Verifies a mixed-case address; defaults to the built-in EIP-55 check. */
  isChecksumAddress?: ((address: string) => boolean) | undefined
}

/**
 * A 20-byte hex address (§5). All-lowercase and all-uppercase carry no checksum and are
 * accepted; a mixed-case address must match its EIP-55 checksum.
 */
export function isAddress(value: unknown, options: IsAddressOptions = {}): value is `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) return false
  const body = value.slice(2)
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true
  return (options.isChecksumAddress ?? ((address) => toChecksumAddress(address) === address))(value)
}

/** Emails for connect, update and new email (§5). */
export const emailSchema = s.string().email()
export const transactionHashSchema = s.custom<`0x${string}`>(isTransactionHash, 'Invalid transaction hash')
export const signedMessageSchema = s.custom<`0x${string}`>(isSignedMessage, 'Invalid signature')
export const addressSchema = s.custom<`0x${string}`>((value) => isAddress(value), 'Invalid address')
export const socialProviderSchema = s.enum(
  SOCIAL_PROVIDERS as ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
)
export const themeModeSchema = s.enum(['light', 'dark'])

const hexPrefixed = s.string().regex(/^0x/, "Must start with '0x'")
/** One call of wallet_sendCalls (EIP-5792): `to` and optional `data` are 0x-prefixed. */
export const sendCallSchema = s.object({
  to: hexPrefixed,
  data: hexPrefixed.optional(),
  value: s
    .union([s.string(), s.custom<bigint>((value) => typeof value === 'bigint', 'Invalid input'), s.number()])
    .optional(),
})
export const sendCallsSchema = s.array(sendCallSchema).min(1)

export { isEmail }
