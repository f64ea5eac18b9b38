// The id of a batch the kit's fallback sent call by call. It carries everything its status needs
// (the chain, how many calls the batch had, the hashes of those that went out), so the status is
// read from the chain alone, after a reload too, and no state is kept in the page. A 32-byte
// marker at the end tells it apart from a wallet's own ids.
import { concatHex, type Hex, keccak256, numberToHex, size, sliceHex, stringToHex } from 'viem'

const MARKER = keccak256(stringToHex('latch: calls sent one at a time'))
const HASH_BYTES = 32
const CHAIN_BYTES = 8
const TOTAL_BYTES = 2
const TAIL_BYTES = CHAIN_BYTES + TOTAL_BYTES + HASH_BYTES

export interface FallbackBatch {
  chainId: number
  /** How many calls the batch held. */
  total: number
  /** The hashes of the calls that were sent, in order. */
  hashes: readonly Hex[]
}

export function encodeFallbackId({ chainId, total, hashes }: FallbackBatch): Hex {
  return concatHex([
    ...hashes,
    numberToHex(chainId, { size: CHAIN_BYTES }),
    numberToHex(total, { size: TOTAL_BYTES }),
    MARKER,
  ])
}

/** The batch a fallback id names, or undefined for any other id (a wallet's own). */
export function decodeFallbackId(id: string): FallbackBatch | undefined {
  if (!/^0x(?:[0-9a-f]{2})+$/.test(id) || !id.endsWith(MARKER.slice(2))) return undefined
  const hex = id as Hex
  const bytes = size(hex)
  const body = bytes - TAIL_BYTES
  if (body < HASH_BYTES || body % HASH_BYTES !== 0) return undefined
  const chainId = Number(BigInt(sliceHex(hex, body, body + CHAIN_BYTES)))
  const total = Number(BigInt(sliceHex(hex, body + CHAIN_BYTES, body + CHAIN_BYTES + TOTAL_BYTES)))
  const hashes: Hex[] = []
  for (let at = 0; at < body; at += HASH_BYTES) hashes.push(sliceHex(hex, at, at + HASH_BYTES))
  if (chainId <= 0 || !Number.isSafeInteger(chainId) || total < hashes.length) return undefined
  return { chainId, total, hashes }
}
