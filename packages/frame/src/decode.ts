import { getAddress, hexToBytes, isAddress, isHex } from 'viem'

// What the frame shows before it signs, decoded from the raw request only: never from anything
// the page describes about it.

export class DecodeError extends Error {
  override name = 'DecodeError' as const
}

const uint = (value: unknown, what: string): bigint => {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return BigInt(value)
  throw new DecodeError(`Invalid ${what}`)
}
const optionalUint = (value: unknown, what: string) =>
  value === undefined || value === null ? undefined : uint(value, what)
const address = (value: unknown, what: string): `0x${string}` => {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw new DecodeError(`Invalid ${what}`)
  return getAddress(value)
}

/** C0 controls and DEL, except tab, line feed and carriage return. */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f

/** Message bytes as UTF-8 text when they are text, and always as hex. */
export function decodeMessageBytes(bytes: Uint8Array): { text: string | undefined; hex: `0x${string}` } {
  const hex = `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as const
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters (other than line breaks and tabs) mean it is not meant as text.
    return { text: [...text].some((c) => isControl(c.charCodeAt(0))) ? undefined : text, hex }
  } catch {
    return { text: undefined, hex }
  }
}

/** personal_sign: `[message, address]`; the message as UTF-8 text when it is text, else its hex. */
export function decodePersonalSign(params: unknown): {
  message: `0x${string}`
  text: string | undefined
  address: string
} {
  if (!Array.isArray(params) || typeof params[0] !== 'string') throw new DecodeError('Invalid message')
  const raw = params[0]
  const message: `0x${string}` = isHex(raw)
    ? raw
    : (`0x${[...new TextEncoder().encode(raw)].map((b) => b.toString(16).padStart(2, '0')).join('')}` as const)
  let text: string | undefined
  try {
    text = decodeMessageBytes(hexToBytes(message)).text
  } catch {
    text = undefined
  }
  return { message, text, address: address(params[1], 'address') }
}

export interface TypedDataRequest {
  address: string
  typedData: {
    domain: Record<string, unknown>
    types: Record<string, { name: string; type: string }[]>
    primaryType: string
    message: Record<string, unknown>
  }
}

/** eth_signTypedData_v4: `[address, typedData]` (a JSON string, or the object). */
export function decodeTypedDataRequest(params: unknown): TypedDataRequest {
  if (!Array.isArray(params)) throw new DecodeError('Invalid typed data')
  let data = params[1]
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      throw new DecodeError('Invalid typed data')
    }
  }
  const d = data as Partial<TypedDataRequest['typedData']> | null
  if (
    typeof d !== 'object' ||
    d === null ||
    typeof d.primaryType !== 'string' ||
    typeof d.types !== 'object' ||
    d.types === null ||
    typeof d.message !== 'object' ||
    d.message === null ||
    (d.domain !== undefined && (typeof d.domain !== 'object' || d.domain === null)) ||
    !Array.isArray(d.types[d.primaryType])
  )
    throw new DecodeError('Invalid typed data')
  const { EIP712Domain: _domainType, ...types } = d.types
  return {
    address: address(params[0], 'address'),
    typedData: { domain: d.domain ?? {}, types, primaryType: d.primaryType, message: d.message },
  }
}

const record = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DecodeError(`Invalid ${what}`)
  return value as Record<string, unknown>
}

/** A transaction as the page asked it (eth_sendTransaction's first parameter). */
export interface TransactionRequest {
  from: string
  to: `0x${string}` | undefined
  value: bigint
  data: `0x${string}` | undefined
  gas: bigint | undefined
  maxFeePerGas: bigint | undefined
  maxPriorityFeePerGas: bigint | undefined
  gasPrice: bigint | undefined
  nonce: number | undefined
  chainId: bigint | undefined
}

export function decodeTransactionRequest(params: unknown): TransactionRequest {
  if (!Array.isArray(params)) throw new DecodeError('Invalid transaction')
  const tx = record(params[0], 'transaction')
  const data = tx.data ?? tx.input
  if (
    data !== undefined &&
    data !== null &&
    (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0)
  )
    throw new DecodeError('Invalid transaction data')
  const nonce = optionalUint(tx.nonce, 'nonce')
  if (nonce !== undefined && nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecodeError('Invalid nonce')
  return {
    from: address(tx.from, 'sender'),
    to: tx.to === undefined || tx.to === null ? undefined : address(tx.to, 'recipient'),
    value: optionalUint(tx.value, 'value') ?? 0n,
    data: typeof data === 'string' && data !== '0x' ? (data as `0x${string}`) : undefined,
    gas: optionalUint(tx.gas, 'gas'),
    maxFeePerGas: optionalUint(tx.maxFeePerGas, 'max fee'),
    maxPriorityFeePerGas: optionalUint(tx.maxPriorityFeePerGas, 'priority fee'),
    gasPrice: optionalUint(tx.gasPrice, 'gas price'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    chainId: optionalUint(tx.chainId, 'chain id'),
  }
}
