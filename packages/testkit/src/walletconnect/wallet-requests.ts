import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

/** An EIP-1193 style error the peer answers with. */
export type WalletRpcError = { code: number; message: string }

export type WalletRequestOutcome = { result: unknown } | { error: WalletRpcError }

/** What a request handler may read from, and do to, the wallet. */
export type WalletRequestContext = {
  accounts: readonly PrivateKeyAccount[]
  activeAccount: PrivateKeyAccount
  chains: ReadonlyMap<number, string>
  /** Chain the request was sent for, from its CAIP-2 `chainId`. */
  chainId: number
  switchChain(chainId: number): Promise<void>
  /** EIP-5792 methods (`wallet_sendCalls`, …), answered when the wallet has them. */
  batchCalls?: ((method: string, params: unknown) => Promise<unknown>) | undefined
}

const invalidParams = (message: string): WalletRequestOutcome => ({ error: { code: -32602, message } })

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function accountFor(context: WalletRequestContext, address: unknown): PrivateKeyAccount | undefined {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) return undefined
  return context.accounts.find((account) => isAddressEqual(account.address, address))
}

async function personalSign(context: WalletRequestContext, params: unknown): Promise<WalletRequestOutcome> {
  if (!Array.isArray(params) || typeof params[0] !== 'string')
    return invalidParams('Expected [message, address]')
  const account = accountFor(context, params[1])
  if (!account) return { error: { code: 4100, message: 'The requested account is not authorized' } }
  const message = params[0]
  // personal_sign carries hex-encoded bytes; some dapps send plain text, which wallets sign as UTF-8.
  const signature = await account.signMessage({ message: isHex(message) ? { raw: message } : message })
  return { result: signature }
}

async function signTypedDataV4(
  context: WalletRequestContext,
  params: unknown,
): Promise<WalletRequestOutcome> {
  if (!Array.isArray(params)) return invalidParams('Expected [address, typedData]')
  const account = accountFor(context, params[0])
  if (!account) return { error: { code: 4100, message: 'The requested account is not authorized' } }
  let typedData: unknown = params[1]
  if (typeof typedData === 'string') {
    try {
      typedData = JSON.parse(typedData)
    } catch {
      return invalidParams('Typed data is not valid JSON')
    }
  }
  if (!isRecord(typedData) || !isRecord(typedData.types) || typeof typedData.primaryType !== 'string') {
    return invalidParams('Typed data needs types, primaryType, domain and message')
  }
  const { EIP712Domain: _domainType, ...types } = typedData.types
  try {
    const signature = await account.signTypedData({
      domain: isRecord(typedData.domain) ? typedData.domain : {},
      types,
      primaryType: typedData.primaryType,
      message: isRecord(typedData.message) ? typedData.message : {},
    } as TypedDataDefinition)
    return { result: signature }
  } catch (error) {
    return invalidParams(`Typed data rejected: ${(error as Error).message.split('\n')[0]}`)
  }
}

function readQuantity(value: unknown, field: string): bigint | undefined | Error {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    return new Error(`${field} must be a hex quantity`)
  return BigInt(value)
}

async function sendTransaction(
  context: WalletRequestContext,
  params: unknown,
): Promise<WalletRequestOutcome> {
  const tx = Array.isArray(params) ? params[0] : undefined
  if (!isRecord(tx)) return invalidParams('Expected [transaction]')
  const account = accountFor(context, tx.from) ?? (tx.from === undefined ? context.activeAccount : undefined)
  if (!account) return { error: { code: 4100, message: 'The requested account is not authorized' } }
  if (tx.to !== undefined && (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))) {
    return invalidParams('to must be an address')
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== 'string' || !isHex(data)))
    return invalidParams('data must be hex')
  const value = readQuantity(tx.value, 'value')
  const gas = readQuantity(tx.gas, 'gas')
  if (value instanceof Error) return invalidParams(value.message)
  if (gas instanceof Error) return invalidParams(gas.message)
  const rpcUrl = context.chains.get(context.chainId)
  if (!rpcUrl) return { error: { code: 4901, message: `Chain ${context.chainId} is not available` } }
  const chain = defineChain({
    id: context.chainId,
    name: `Chain ${context.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createWalletClient({ account, chain, transport: http(rpcUrl) })
  try {
    const hash = await client.sendTransaction({
      to: tx.to as Address | undefined,
      data: data as Hex | undefined,
      value,
      gas,
    })
    return { result: hash }
  } catch (error) {
    const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    return { error: { code: -32603, message } }
  }
}

async function switchChain(context: WalletRequestContext, params: unknown): Promise<WalletRequestOutcome> {
  const target = Array.isArray(params) && isRecord(params[0]) ? params[0].chainId : undefined
  if (typeof target !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(target))
    return invalidParams('Expected [{ chainId }]')
  const id = Number(BigInt(target))
  if (!context.chains.has(id)) return { error: { code: 4902, message: `Unrecognized chain ID ${target}` } }
  await context.switchChain(id)
  return { result: null }
}

async function batchOutcome(
  answer: NonNullable<WalletRequestContext['batchCalls']>,
  method: string,
  params: unknown,
): Promise<WalletRequestOutcome> {
  try {
    return { result: await answer(method, params) }
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    return {
      error: {
        code: typeof code === 'number' ? code : -32603,
        message: typeof message === 'string' ? message : 'The batch failed.',
      },
    }
  }
}

/** Answers one wallet RPC request the way a wallet app would after the user said yes. */
export async function answerWalletRequest(
  context: WalletRequestContext,
  method: string,
  params: unknown,
): Promise<WalletRequestOutcome> {
  switch (method) {
    case 'personal_sign':
      return personalSign(context, params)
    case 'eth_signTypedData_v4':
      return signTypedDataV4(context, params)
    case 'eth_sendTransaction':
      return sendTransaction(context, params)
    case 'eth_chainId':
      return { result: numberToHex(context.chainId) }
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { result: [context.activeAccount.address] }
    case 'wallet_switchEthereumChain':
      return switchChain(context, params)
    case 'wallet_sendCalls':
    case 'wallet_getCallsStatus':
    case 'wallet_getCapabilities':
    case 'wallet_showCallsStatus':
      if (context.batchCalls) return batchOutcome(context.batchCalls, method, params)
      return { error: { code: 4200, message: `Method not supported: ${method}` } }
    default:
      return { error: { code: 4200, message: `Method not supported: ${method}` } }
  }
}
