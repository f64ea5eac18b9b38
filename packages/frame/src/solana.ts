import { base58, base64 } from '@scure/base'

// Solana's wire transaction, read by the frame before it signs: what the approval screen shows is
// decoded from these bytes only. The format (Solana's transaction and message layout, legacy and
// v0) is small and fixed; docs/decisions.md says why it is read here rather than with @solana/kit.

export class SolanaDecodeError extends Error {
  override name = 'SolanaDecodeError' as const
}

/** The System Program, whose `Transfer` instruction moves lamports. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const SYSTEM_TRANSFER = 2

/** Well-known clusters by their CAIP-2 reference (the genesis hash's first 32 characters). */
const clusters: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'Solana devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana testnet',
}

/** The cluster of a CAIP-2 id for the screen: its name when well known, and always the id. */
export function clusterName(caip2: string): string {
  const name = clusters[caip2.slice('solana:'.length)]
  return name ? `${name} (${caip2})` : caip2
}

/** One instruction: the program, the accounts it names (undefined: from a lookup table), its data. */
export interface SolanaInstruction {
  programId: string | undefined
  accounts: (string | undefined)[]
  data: Uint8Array
}

/** A wire transaction taken apart. */
export interface DecodedSolanaTransaction {
  version: 'legacy' | 0
  /** One slot per required signer (64 bytes each; zeros where not signed yet). */
  signatures: Uint8Array[]
  /** The signed part: the message, from its first byte to the end of the wire bytes. */
  message: Uint8Array
  /** Where the message starts in the wire bytes. */
  messageOffset: number
  numRequiredSignatures: number
  /** The message's own account keys (base58), fee payer first. */
  accountKeys: string[]
  recentBlockhash: string
  instructions: SolanaInstruction[]
  /** Accounts loaded from address lookup tables (v0): they are not in the bytes. */
  lookupAccounts: number
}

function reader(bytes: Uint8Array) {
  let at = 0
  const need = (n: number) => {
    if (at + n > bytes.length) throw new SolanaDecodeError('The transaction is cut short')
  }
  return {
    get offset() {
      return at
    },
    done: () => at === bytes.length,
    u8(): number {
      need(1)
      return bytes[at++] as number
    },
    /** Solana's compact-u16 ("shortvec"): 7 bits a byte, at most 3 bytes, no redundant bytes. */
    shortvec(): number {
      let value = 0
      for (let i = 0; i < 3; i++) {
        const byte = this.u8()
        value |= (byte & 0x7f) << (7 * i)
        if ((byte & 0x80) === 0) {
          if (i > 0 && byte === 0) throw new SolanaDecodeError('Invalid length in the transaction')
          if (value > 0xffff) throw new SolanaDecodeError('Invalid length in the transaction')
          return value
        }
      }
      throw new SolanaDecodeError('Invalid length in the transaction')
    },
    take(n: number): Uint8Array {
      need(n)
      const out = bytes.slice(at, at + n)
      at += n
      return out
    },
  }
}

/** Decodes a wire transaction (legacy or v0); anything malformed or left over throws. */
export function decodeSolanaTransaction(wire: Uint8Array): DecodedSolanaTransaction {
  const r = reader(wire)
  const signatureCount = r.shortvec()
  const signatures: Uint8Array[] = []
  for (let i = 0; i < signatureCount; i++) signatures.push(r.take(64))
  const messageOffset = r.offset
  const first = r.u8()
  let version: 'legacy' | 0 = 'legacy'
  let numRequiredSignatures = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new SolanaDecodeError('Unsupported transaction version')
    version = 0
    numRequiredSignatures = r.u8()
  }
  const numReadonlySigned = r.u8()
  const numReadonlyUnsigned = r.u8()
  const keyCount = r.shortvec()
  const accountKeys: string[] = []
  for (let i = 0; i < keyCount; i++) accountKeys.push(base58.encode(r.take(32)))
  if (
    numRequiredSignatures === 0 ||
    numRequiredSignatures > keyCount ||
    numReadonlySigned >= numRequiredSignatures ||
    numReadonlyUnsigned > keyCount - numRequiredSignatures
  )
    throw new SolanaDecodeError('Invalid transaction header')
  if (signatureCount !== numRequiredSignatures)
    throw new SolanaDecodeError('The transaction has the wrong number of signatures')
  const recentBlockhash = base58.encode(r.take(32))
  const raw: { program: number; accounts: number[]; data: Uint8Array }[] = []
  const instructionCount = r.shortvec()
  for (let i = 0; i < instructionCount; i++) {
    const program = r.u8()
    const accounts: number[] = []
    const accountCount = r.shortvec()
    for (let j = 0; j < accountCount; j++) accounts.push(r.u8())
    raw.push({ program, accounts, data: r.take(r.shortvec()) })
  }
  let lookupAccounts = 0
  if (version === 0) {
    const tables = r.shortvec()
    for (let i = 0; i < tables; i++) {
      r.take(32)
      const writable = r.shortvec()
      r.take(writable)
      const readonly = r.shortvec()
      r.take(readonly)
      lookupAccounts += writable + readonly
    }
  }
  if (!r.done()) throw new SolanaDecodeError('The transaction has trailing bytes')
  const total = keyCount + lookupAccounts
  const key = (index: number) => {
    if (index >= total) throw new SolanaDecodeError('An instruction names a missing account')
    return accountKeys[index]
  }
  const instructions = raw.map(({ program, accounts, data }) => ({
    programId: key(program),
    accounts: accounts.map(key),
    data,
  }))
  return {
    version,
    signatures,
    message: wire.slice(messageOffset),
    messageOffset,
    numRequiredSignatures,
    accountKeys,
    recentBlockhash,
    instructions,
    lookupAccounts,
  }
}

/** What the approval screen shows of a transaction. */
export interface SolanaTransactionSummary {
  feePayer: string
  /** System Program transfers: sender, recipient (undefined: from a lookup table) and lamports. */
  transfers: { from: string | undefined; to: string | undefined; lamports: bigint }[]
  /** The program ids of every other instruction, in order, once each. */
  programs: string[]
  /** Accounts that come from address lookup tables, not shown. */
  lookupAccounts: number
}

const readU32 = (data: Uint8Array, at: number) =>
  ((data[at] as number) | ((data[at + 1] as number) << 8) | ((data[at + 2] as number) << 16)) +
  (data[at + 3] as number) * 2 ** 24
const readU64 = (data: Uint8Array, at: number) => {
  let value = 0n
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(data[at + i] as number)
  return value
}

export function summarizeSolanaTransaction(tx: DecodedSolanaTransaction): SolanaTransactionSummary {
  const transfers: SolanaTransactionSummary['transfers'] = []
  const programs: string[] = []
  for (const instruction of tx.instructions) {
    const { programId, data, accounts } = instruction
    if (
      programId === SYSTEM_PROGRAM &&
      data.length === 12 &&
      readU32(data, 0) === SYSTEM_TRANSFER &&
      accounts.length >= 2
    ) {
      transfers.push({ from: accounts[0], to: accounts[1], lamports: readU64(data, 4) })
      continue
    }
    const id = programId ?? '?'
    if (!programs.includes(id)) programs.push(id)
  }
  return {
    feePayer: tx.accountKeys[0] as string,
    transfers,
    programs,
    lookupAccounts: tx.lookupAccounts,
  }
}

/** Lamports as SOL for the screen, e.g. `0.25 SOL` (exact: no rounding). */
export function formatSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`
}

/** The signer slot of `address`, or a decode error when the transaction does not need its signature. */
export function signerIndex(tx: DecodedSolanaTransaction, address: string): number {
  const index = tx.accountKeys.indexOf(address)
  if (index < 0 || index >= tx.numRequiredSignatures)
    throw new SolanaDecodeError('The transaction does not need this account’s signature')
  return index
}

export const toBase64 = (bytes: Uint8Array) => base64.encode(bytes)
export function fromBase64(text: unknown, what: string): Uint8Array {
  if (typeof text !== 'string' || text.length === 0 || text.length > 2_000_000)
    throw new SolanaDecodeError(`Invalid ${what}`)
  try {
    return base64.decode(text)
  } catch {
    throw new SolanaDecodeError(`Invalid ${what}`)
  }
}
export function fromBase58(text: unknown, what: string): Uint8Array {
  if (typeof text !== 'string' || text.length === 0 || text.length > 4_000)
    throw new SolanaDecodeError(`Invalid ${what}`)
  try {
    return base58.decode(text)
  } catch {
    throw new SolanaDecodeError(`Invalid ${what}`)
  }
}
