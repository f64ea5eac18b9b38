import { type Address, getAddress, type Hex, isAddress } from 'viem'
import { invalidWalletResponse } from './errors.js'

const HASH = /^0x[0-9a-fA-F]{64}$/
// Spec §5: a signed message is 0x plus at least 62 hex characters.
const SIGNATURE = /^0x[0-9a-fA-F]{62,}$/

/** A 20-byte hex address whose mixed case, when present, matches its EIP-55 checksum. */
export function parseAddress(value: unknown, what = 'address'): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: true }))
    throw invalidWalletResponse(what, value)
  return getAddress(value)
}

export function parseTransactionHash(value: unknown): Hex {
  if (typeof value !== 'string' || !HASH.test(value)) throw invalidWalletResponse('transaction hash', value)
  return value as Hex
}

export function parseSignature(value: unknown): Hex {
  if (typeof value !== 'string' || !SIGNATURE.test(value)) throw invalidWalletResponse('signature', value)
  return value as Hex
}

export function parseChainId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw invalidWalletResponse('chain id', value)
  return value
}

/** Caller-provided address (not the wallet's): rejected with a message about the argument. */
export function assertAddressArgument(value: string, what: string): Address {
  if (!isAddress(value, { strict: true }))
    throw new Error(`Invalid ${what} address: ${JSON.stringify(value)}.`)
  return getAddress(value)
}

export function assertHexArgument(value: string | undefined, what: string): Hex | undefined {
  if (value === undefined) return undefined
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(value))
    throw new Error(`Invalid ${what}: expected 0x-prefixed hex bytes.`)
  return value as Hex
}
