import { formatEther, getAddress, hexToBytes, isAddress, isHex } from 'viem'

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

/** What a typed-data request asks, for the screen. */
export interface TypedDataSummary {
  domainName: string | undefined
  verifyingContract: string | undefined
  domainChainId: bigint | undefined
  primaryType: string
  /** Set for EIP-2612 Permit and Uniswap's Permit2. */
  permit?: {
    kind: 'EIP-2612' | 'Permit2'
    spender: string
    /** One per token (Permit2 batches have several); EIP-2612's token is the verifying contract. */
    amounts: { token: string | undefined; amount: bigint }[]
    deadline: bigint | undefined
  }
}

const record = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DecodeError(`Invalid ${what}`)
  return value as Record<string, unknown>
}

export function summarizeTypedData(typedData: TypedDataRequest['typedData']): TypedDataSummary {
  const { domain, primaryType, message } = typedData
  const summary: TypedDataSummary = {
    domainName: typeof domain.name === 'string' ? domain.name : undefined,
    verifyingContract:
      typeof domain.verifyingContract === 'string'
        ? address(domain.verifyingContract, 'verifying contract')
        : undefined,
    domainChainId: optionalUint(domain.chainId, 'domain chain id'),
    primaryType,
  }
  if (primaryType === 'Permit' && 'spender' in message && 'value' in message) {
    summary.permit = {
      kind: 'EIP-2612',
      spender: address(message.spender, 'spender'),
      amounts: [{ token: summary.verifyingContract, amount: uint(message.value, 'amount') }],
      deadline: optionalUint(message.deadline, 'deadline'),
    }
  } else if (summary.domainName === 'Permit2') {
    const spender = address(message.spender, 'spender')
    if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch') {
      const details = primaryType === 'PermitSingle' ? [message.details] : message.details
      if (!Array.isArray(details)) throw new DecodeError('Invalid permit details')
      summary.permit = {
        kind: 'Permit2',
        spender,
        amounts: details.map((entry) => {
          const d = record(entry, 'permit details')
          return { token: address(d.token, 'token'), amount: uint(d.amount, 'amount') }
        }),
        deadline: optionalUint(message.sigDeadline, 'deadline'),
      }
    } else if (primaryType === 'PermitTransferFrom' || primaryType === 'PermitBatchTransferFrom') {
      const permitted = primaryType === 'PermitTransferFrom' ? [message.permitted] : message.permitted
      if (!Array.isArray(permitted)) throw new DecodeError('Invalid permit')
      summary.permit = {
        kind: 'Permit2',
        spender,
        amounts: permitted.map((entry) => {
          const p = record(entry, 'permitted token')
          return { token: address(p.token, 'token'), amount: uint(p.amount, 'amount') }
        }),
        deadline: optionalUint(message.deadline, 'deadline'),
      }
    }
  }
  return summary
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

/** Well-known ERC-20 selectors, named on the screen next to the raw selector. */
const knownSelectors: Record<string, string> = {
  '0xa9059cbb': 'transfer(address,uint256)',
  '0x095ea7b3': 'approve(address,uint256)',
  '0x23b872dd': 'transferFrom(address,address,uint256)',
  '0x39509351': 'increaseAllowance(address,uint256)',
  '0xa22cb465': 'setApprovalForAll(address,bool)',
  '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
}

/** The calldata's selector, its well-known name, and for transfer/approve the decoded arguments. */
export function decodeCalldata(
  data: `0x${string}` | undefined,
): { selector: string; signature: string | undefined; target?: string; amount?: bigint } | undefined {
  if (data === undefined || data.length < 10) return undefined
  const selector = data.slice(0, 10).toLowerCase()
  const signature = knownSelectors[selector]
  const out: { selector: string; signature: string | undefined; target?: string; amount?: bigint } = {
    selector,
    signature,
  }
  if ((selector === '0xa9059cbb' || selector === '0x095ea7b3') && data.length === 10 + 128) {
    const word = (i: number) => data.slice(10 + i * 64, 10 + (i + 1) * 64)
    if (/^0{24}/.test(word(0))) {
      out.target = getAddress(`0x${word(0).slice(24)}`)
      out.amount = BigInt(`0x${word(1)}`)
    }
  }
  return out
}

/** A native amount for the screen, e.g. `1.5 ETH`. */
export function formatNative(wei: bigint, symbol = 'ETH'): string {
  return `${formatEther(wei)} ${symbol}`
}
