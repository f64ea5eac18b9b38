import {
  type Address,
  BaseError,
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
    // viem's error walker visits the whole `cause` chain: the outermost coded error gives the
    // code, the innermost the node's own words ('insufficient funds for gas * price + value'),
    // which a real wallet passes on so the app's library can tell why the chain refused.
    type Coded = { code: number; message?: string; details?: string }
    let outer: Coded | undefined
    let inner: Coded | undefined
    if (error instanceof BaseError)
      error.walk((e) => {
        const coded = e as { code?: unknown }
        if (typeof coded.code === 'number') {
          outer ??= coded as Coded
          inner = coded as Coded
        }
        return false
      })
    const plain = error as { shortMessage?: string; message?: string }
    throw new ProviderRpcError(
      outer?.code ?? -32603,
      inner?.details || inner?.message || plain.shortMessage || plain.message || 'Transaction failed.',
    )
  }
}
