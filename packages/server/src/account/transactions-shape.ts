import { toNumeric } from './balances.js'

/** A token standard a transfer moved. */
export type TransferStandard = 'native' | 'erc20' | 'erc721' | 'erc1155'

/** One movement of value in a transaction, seen from the address asked about. */
export interface ActivityTransfer {
  standard: TransferStandard
  /** `in` to the address, `out` from it, `self` both. */
  direction: 'in' | 'out' | 'self'
  from: string
  to: string
  /** The token contract as CAIP-10 (`eip155:1:0x…`); absent for the chain's native coin. */
  token?: string
  symbol: string
  /** The raw amount and its decimal form (`decimals` is '0' for NFTs). */
  quantity: { decimals: string; numeric: string; raw: string }
  /** ERC-721 and ERC-1155 only. */
  tokenId?: string
  /** ERC-721 and ERC-1155 only: whether the NFT service's spam rules name the collection (spec §3). */
  nft_info?: { flags: { is_spam: boolean } }
}

/** One transaction of an address (spec §3 "Transaction": id, metadata, transfers). */
export interface ActivityTransaction {
  id: string
  metadata: {
    hash: string
    /** ISO 8601, the block's time. */
    minedAt: string
    /** CAIP-2 chain id. */
    chain: string
    status: 'confirmed' | 'failed'
    sentFrom: string
    sentTo: string | null
  }
  transfers: ActivityTransfer[]
}

/** A page of transactions, newest first, and the opaque cursor of the next one (spec §7). */
export interface ActivityPage {
  data: ActivityTransaction[]
  next: string | null
}

/** Where one chain's transactions come from. */
export interface TransactionSource {
  list(address: `0x${string}`, cursor: string | undefined, limit: number): Promise<ActivityPage>
}

/** Why a source could not answer: its upstream failed, refused, limited us, or sent garbage. */
export class SourceError extends Error {
  override readonly name = 'SourceError'
  constructor(
    readonly reason: 'unavailable' | 'rate_limited' | 'invalid_response' | 'invalid_cursor',
    message: string,
  ) {
    super(message)
  }
}

const hexHash = /^0x[0-9a-fA-F]{64}$/
const hexAddress = /^0x[0-9a-fA-F]{40}$/
const integer = /^\d{1,80}$/

/** Throws 'invalid_response' unless the value is a transaction hash. */
export function hashOf(value: unknown): string {
  if (typeof value !== 'string' || !hexHash.test(value))
    throw new SourceError('invalid_response', 'A transaction hash is malformed')
  return value.toLowerCase()
}

/** An address in lower case. */
export function addressOf(value: unknown): string {
  if (typeof value !== 'string' || !hexAddress.test(value))
    throw new SourceError('invalid_response', 'An address is malformed')
  return value.toLowerCase()
}

/** An address, or null where the source has none (a contract creation has no recipient). */
export function addressOrNull(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : addressOf(value)
}

/** A non-negative decimal integer as text (amounts, ids, block numbers). */
export function integerOf(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !integer.test(text))
    throw new SourceError('invalid_response', 'A number is malformed')
  return BigInt(text).toString()
}

/** A token symbol as text: no control characters, at most 32 characters, '?' when missing. */
export function symbolOf(value: unknown): string {
  if (typeof value !== 'string') return '?'
  const clean = value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 32)
  return clean.length > 0 ? clean : '?'
}

/** Decimals 0–255, or the fallback when a source does not say. */
export function decimalsOf(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255 ? n : fallback
}

/** The transfer as the address sees it. */
export function transfer(
  address: string,
  fields: Omit<ActivityTransfer, 'direction' | 'quantity'> & { raw: string; decimals: number },
): ActivityTransfer {
  const { raw, decimals, ...rest } = fields
  const mine = address.toLowerCase()
  const direction = rest.from === mine && rest.to === mine ? 'self' : rest.from === mine ? 'out' : 'in'
  return {
    ...rest,
    direction,
    quantity: { decimals: String(decimals), numeric: toNumeric(BigInt(raw), decimals), raw },
  }
}

/** An opaque cursor from a JSON value, and back; a cursor that does not decode is refused. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

export function decodeCursor<T>(cursor: string, valid: (value: unknown) => value is T): T {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    value = undefined
  }
  if (!valid(value)) throw new SourceError('invalid_cursor', 'The cursor is not one this service gave')
  return value
}

/** Sorts newest first and merges transfers of one hash into one transaction. */
export function mergeByHash(transactions: readonly ActivityTransaction[]): ActivityTransaction[] {
  const byHash = new Map<string, ActivityTransaction>()
  for (const tx of transactions) {
    const known = byHash.get(tx.id)
    if (known) known.transfers.push(...tx.transfers)
    else byHash.set(tx.id, { ...tx, transfers: [...tx.transfers] })
  }
  return [...byHash.values()].sort((a, b) =>
    a.metadata.minedAt === b.metadata.minedAt
      ? b.id.localeCompare(a.id)
      : b.metadata.minedAt.localeCompare(a.metadata.minedAt),
  )
}
