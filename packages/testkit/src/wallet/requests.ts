import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddress,
  isHex,
  type LocalAccount,
  type SignableMessage,
  type TypedDataDefinition,
} from 'viem'
import type { WalletChain } from './chains.js'
import { invalidParams, ProviderRpcError } from './errors.js'

/** EIP-1193 params of the methods this wallet implements are positional lists. */
export function paramList(params: unknown): readonly unknown[] {
  if (params === undefined) return []
  if (!Array.isArray(params)) throw invalidParams('expected a list of params.')
  return params
}

function address(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw invalidParams(`${what} must be an address.`)
  return value
}

function optionalQuantity(value: unknown, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value))
    throw invalidParams(`${what} must be a hex quantity.`)
  return BigInt(value)
}

/** `personal_sign` takes `[message, address]`; the message is hex bytes, or plain text from lax dapps. */
export function parsePersonalSign(params: unknown): { address: Address; message: SignableMessage } {
  const [data, from] = paramList(params)
  if (typeof data !== 'string') throw invalidParams('personal_sign expects [message, address].')
  return { address: address(from, 'address'), message: isHex(data) ? { raw: data } : data }
}

/** `eth_signTypedData_v4` takes `[address, typedData]` with the typed data as JSON text or an object. */
export function parseTypedData(params: unknown): { address: Address; typedData: TypedDataDefinition } {
  const [from, raw] = paramList(params)
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      throw invalidParams('typed data is not valid JSON.')
    }
  }
  if (typeof data !== 'object' || data === null) throw invalidParams('typed data must be an object.')
  const { types, primaryType, domain, message } = data as Record<string, unknown>
  if (typeof types !== 'object' || types === null) throw invalidParams('typed data needs types.')
  if (typeof primaryType !== 'string') throw invalidParams('typed data needs a primaryType.')
  if (typeof message !== 'object' || message === null) throw invalidParams('typed data needs a message.')
  // viem derives the domain's own type from the domain fields, so the declared one is dropped.
  const { EIP712Domain: _, ...messageTypes } = types as Record<string, unknown>
  return {
    address: address(from, 'address'),
    typedData: {
      types: messageTypes,
      primaryType,
      domain: (domain ?? {}) as TypedDataDefinition['domain'],
      message: message as Record<string, unknown>,
    } as TypedDataDefinition,
  }
}

export interface ParsedTransaction {
  from: Address
  to?: Address | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  nonce?: number | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/** Validates the single transaction object of `eth_sendTransaction`. */
export function parseTransaction(params: unknown): ParsedTransaction {
  const [tx] = paramList(params)
  if (typeof tx !== 'object' || tx === null) throw invalidParams('eth_sendTransaction expects [transaction].')
  const t = tx as Record<string, unknown>
  const data = t.data ?? t.input
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data)))
    throw invalidParams('data must be hex.')
  const nonce = optionalQuantity(t.nonce, 'nonce')
  return {
    from: address(t.from, 'from'),
    to: t.to === undefined || t.to === null ? undefined : address(t.to, 'to'),
    value: optionalQuantity(t.value, 'value'),
    data: (data ?? undefined) as Hex | undefined,
    gas: optionalQuantity(t.gas, 'gas'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    maxFeePerGas: optionalQuantity(t.maxFeePerGas ?? t.gasPrice, 'maxFeePerGas'),
    maxPriorityFeePerGas: optionalQuantity(t.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
  }
}

/**
 * Fills nonce, gas and fees from the chain, signs with the local key and submits the raw
 * transaction to the chain's RPC (viem does each step against `chain.rpcUrl`).
 */
export async function sendTransaction(
  account: LocalAccount,
  chain: WalletChain,
  tx: ParsedTransaction,
): Promise<Hex> {
  const client = createWalletClient({
    account,
    chain: defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  })
  try {
    return await client.sendTransaction({
      to: tx.to ?? null,
      value: tx.value,
      data: tx.data,
      gas: tx.gas,
      nonce: tx.nonce,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    })
  } catch (error) {
    const cause = error as {
      shortMessage?: string
      message?: string
      walk?: (fn: (e: unknown) => boolean) => unknown
    }
    const coded = cause.walk?.((e) => typeof (e as { code?: unknown }).code === 'number') as
      | { code: number; message: string }
      | undefined
    // Like a real wallet, the node's own words go to the app ('insufficient funds for gas *
    // price + value'), so the app's library can tell why the chain refused.
    const node = deepestCoded(error)
    throw new ProviderRpcError(
      coded?.code ?? -32603,
      node?.details || node?.message || cause.shortMessage || cause.message || 'Transaction failed.',
    )
  }
}

/** The innermost error in the `cause` chain that carries a numeric code: the node's answer. */
function deepestCoded(error: unknown): { code: number; message?: string; details?: string } | undefined {
  let found: { code: number; message?: string; details?: string } | undefined
  let node: unknown = error
  for (let depth = 0; depth < 10 && typeof node === 'object' && node !== null; depth++) {
    const coded = node as { code?: unknown; message?: string; details?: string }
    if (typeof coded.code === 'number') found = coded as { code: number; message?: string; details?: string }
    node = (node as { cause?: unknown }).cause
  }
  return found
}
