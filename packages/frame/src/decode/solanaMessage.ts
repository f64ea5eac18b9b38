import { decodeMessageBytes } from '../decode.js'
import { FrameError } from '../protocol.js'

// What solana_signMessage may sign. Solana signs a transaction's message bytes with the same
// ed25519 key and no domain separation, so a "message" that is a transaction message would give
// the page a transaction signature the visitor never saw decoded. Bytes that begin with the
// off-chain-message signing domain are signed only when they are such a message, well formed.

/** Why the bytes are refused, or undefined when they may be shown and signed as a message. */
export type SolanaMessageRefusal = 'transaction' | 'offchain'

const offchainDomain = [0xff, ...new TextEncoder().encode('solana offchain')]

/**
 * True when a prefix of `bytes` reads as a legacy or version-0 transaction message: a header whose
 * counts fit its account list, the account keys, a blockhash and instructions whose indexes are
 * bytes. Trailing bytes do not save it (packet signature checks cover the packet's remainder),
 * and the checks are looser than the runtime's, so anything the runtime could take is refused.
 */
export function readsAsTransactionMessage(bytes: Uint8Array): boolean {
  let at = 0
  const u8 = () => {
    if (at >= bytes.length) throw new RangeError()
    return bytes[at++] as number
  }
  const shortvec = () => {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const byte = u8()
      value |= (byte & 0x7f) << (7 * i)
      if ((byte & 0x80) === 0) return value
    }
    throw new RangeError()
  }
  const skip = (n: number) => {
    at += n
    if (at > bytes.length) throw new RangeError()
  }
  try {
    let required = u8()
    const versioned = (required & 0x80) !== 0
    if (versioned) required = u8()
    const readonlySigned = u8()
    const readonlyUnsigned = u8()
    const keys = shortvec()
    if (required === 0 || required > keys || readonlySigned >= required || readonlyUnsigned > keys - required)
      return false
    skip(32 * keys + 32)
    const instructions = shortvec()
    for (let i = 0; i < instructions; i++) {
      u8()
      skip(shortvec())
      skip(shortvec())
    }
    if (versioned) {
      const tables = shortvec()
      for (let i = 0; i < tables; i++) {
        skip(32)
        skip(shortvec())
        skip(shortvec())
      }
    }
    return true
  } catch {
    return false
  }
}

/**
 * An off-chain message as the Solana SDK formats it (version 0): the signing domain, the version
 * byte, the format (0 restricted ASCII, 1 UTF-8 up to 1,212 bytes, 2 UTF-8 up to 65,535), the
 * body's length (u16, little-endian) and exactly that body. Returns the body's text, or undefined
 * when the bytes are not such a message.
 */
export function offchainMessageText(bytes: Uint8Array): string | undefined {
  const head = offchainDomain.length
  if (bytes.length < head + 4 || bytes[head] !== 0) return undefined
  const format = bytes[head + 1] as number
  const length = (bytes[head + 2] as number) | ((bytes[head + 3] as number) << 8)
  const body = bytes.subarray(head + 4)
  if (format > 2 || length === 0 || body.length !== length) return undefined
  if (format < 2 && bytes.length > 1232) return undefined
  if (format === 0 && body.some((b) => b < 0x20 || b > 0x7e)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    return undefined
  }
}

/** Why solana_signMessage must refuse `bytes`, if it must. */
export function solanaMessageRefusal(bytes: Uint8Array): SolanaMessageRefusal | undefined {
  if (offchainDomain.every((b, i) => bytes[i] === b))
    return offchainMessageText(bytes) === undefined ? 'offchain' : undefined
  return readsAsTransactionMessage(bytes) ? 'transaction' : undefined
}

/**
 * The screen's view of solana_signMessage bytes: an off-chain message's text, other text, or hex.
 * Throws the refusal the page receives for a transaction message or a malformed off-chain one.
 */
export function solanaMessageView(bytes: Uint8Array): { text: string | undefined; hex: `0x${string}` } {
  const refusal = solanaMessageRefusal(bytes)
  if (refusal === 'transaction')
    throw new FrameError(
      'The message is a Solana transaction: sign it with solana_signTransaction, where it is shown decoded',
      'INVALID_PARAMS',
    )
  if (refusal === 'offchain')
    throw new FrameError(
      'The message starts as an off-chain message but is not a well-formed one',
      'INVALID_PARAMS',
    )
  const shown = decodeMessageBytes(bytes)
  const offchain = offchainMessageText(bytes)
  return offchain === undefined ? shown : { text: offchain, hex: shown.hex }
}
