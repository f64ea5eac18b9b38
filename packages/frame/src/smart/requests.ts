import { getAddress } from 'viem'
import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
} from '../decode.js'
import type { Wallet } from '../handlers/handler.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord } from '../storage.js'
import type { SmartAccount, SmartAccounts } from './accounts.js'
import { decodeSendCalls } from './calls.js'
import { sendOperation } from './send.js'
import { callsStatus, minedTransaction } from './status.js'

// The page's EVM requests with the smart account: its transactions and batches as user
// operations, their status, its capabilities, and no message signatures (spec §8).

/** Spec §8: a message signature from the smart account could not be verified (no ERC-1271). */
export const SMART_ACCOUNT_SIGNATURE_REFUSAL = 'This application might not support Smart Accounts'

const reference = (caip2: string) => BigInt(caip2.split(':')[1] ?? '0')
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const notAllowed = () => new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
const otherAccount = () => new FrameError('The request is for another account', 'WRONG_ACCOUNT')

function decoded<T>(decode: () => T): T {
  try {
    return decode()
  } catch (error) {
    if (error instanceof DecodeError) throw new FrameError(error.message, 'INVALID_PARAMS')
    throw error
  }
}

/** The account that answers the page: the smart account when chosen and run on the frame's chain. */
export function accountInUse(
  w: Wallet,
  accounts: SmartAccounts,
  signedIn: AccountRecord,
  eoa: string,
): Promise<SmartAccount | undefined> {
  if (signedIn.preferredAccountType !== 'smartAccount') return Promise.resolve(undefined)
  return accounts.accountOn(w.ctx.state.chainId, eoa)
}

/** personal_sign, eth_signTypedData_v4 and eth_sendTransaction of a visitor who chose the smart account. */
export async function smartUnsafe(
  w: Wallet,
  accounts: SmartAccounts,
  request: { method: string; params: unknown[]; signedIn: AccountRecord; eoa: string },
): Promise<unknown> {
  const { method, params, signedIn, eoa } = request
  const asEoa = () => w.eip155.unsafe(method, params, signedIn, eoa)
  const smart = await accountInUse(w, accounts, signedIn, eoa)
  if (smart === undefined) return asEoa()
  if (method === 'personal_sign' || method === 'eth_signTypedData_v4') {
    const { address } = decoded(() =>
      method === 'personal_sign' ? decodePersonalSign(params) : decodeTypedDataRequest(params),
    )
    if (same(address, smart.address))
      throw new FrameError(SMART_ACCOUNT_SIGNATURE_REFUSAL, 'SMART_ACCOUNT_SIGNATURE')
    // The EOA is the visitor's own account too (GET_USER lists it): it signs as itself.
    return asEoa()
  }
  const tx = decoded(() => decodeTransactionRequest(params))
  if (same(tx.from, eoa)) return asEoa()
  if (!same(tx.from, smart.address)) throw otherAccount()
  const chain = w.ctx.state.chainId
  if (tx.chainId !== undefined && tx.chainId !== reference(chain))
    throw new FrameError('The transaction is for another chain', 'CHAIN_MISMATCH')
  if (tx.to === undefined)
    throw new FrameError(
      'A smart account cannot create a contract with eth_sendTransaction',
      'INVALID_PARAMS',
    )
  const hash = await sendOperation(w, accounts, {
    signedIn,
    eoa,
    smart,
    calls: [{ to: getAddress(tx.to), value: tx.value, ...(tx.data ? { data: tx.data } : {}) }],
  })
  // eth_sendTransaction answers a transaction hash: the one the operation was bundled in.
  return minedTransaction(w.ctx.api, chain, hash)
}

/** `wallet_getCapabilities [address, chainIds?]`: batches and sponsored gas, for the smart account only. */
async function capabilities(
  w: Wallet,
  accounts: SmartAccounts,
  params: unknown[],
  eoa: string | undefined,
): Promise<Record<string, unknown>> {
  const [asked, chainIds] = params
  if (typeof asked !== 'string' || asked === '')
    throw new FrameError('Missing address parameter in `wallet_getCapabilities` request', 'INVALID_PARAMS')
  if (eoa === undefined) throw new FrameError('Not signed in', 'NOT_CONNECTED')
  const wanted = Array.isArray(chainIds)
    ? new Set(
        chainIds
          .filter((id): id is string => typeof id === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(id))
          .map((id) => `eip155:${BigInt(id)}`),
      )
    : undefined
  const out: Record<string, unknown> = {}
  for (const chain of (await accounts.enabled()).keys()) {
    if ((wanted && !wanted.has(chain)) || w.ctx.options.rpcUrls?.[chain] === undefined) continue
    const smart = await accounts.accountOn(chain, eoa).catch(() => undefined)
    if (smart === undefined || !same(smart.address, asked)) continue
    out[`0x${reference(chain).toString(16)}`] = {
      atomic: { status: 'supported' },
      paymasterService: { supported: true },
    }
  }
  // The EOA (or another address): as before, the frame answers no capabilities for it.
  if (Object.keys(out).length === 0) throw notAllowed()
  return out
}

/** EIP-5792's methods: the smart account's batches, their status, its capabilities. */
export async function smartWallet(
  w: Wallet,
  accounts: SmartAccounts,
  request: {
    method: string
    params: unknown[]
    signedIn: AccountRecord | undefined
    eoa: string | undefined
  },
): Promise<unknown> {
  const { method, params, signedIn, eoa } = request
  if (method === 'wallet_getCapabilities') return capabilities(w, accounts, params, eoa)
  if (!signedIn || !eoa) throw new FrameError('Not signed in', 'NOT_CONNECTED')
  const chain = w.ctx.state.chainId
  if (method === 'wallet_getCallsStatus') {
    await accounts.requireOn(chain, eoa)
    return callsStatus(w.ctx.api, chain, params[0])
  }
  // wallet_sendCalls: one user operation, with the smart account in use only.
  const smart = await accountInUse(w, accounts, signedIn, eoa)
  if (smart === undefined) throw notAllowed()
  const batch = decodeSendCalls(params)
  if (batch.from !== undefined && !same(batch.from, smart.address)) throw otherAccount()
  if (batch.chainId !== undefined && batch.chainId !== reference(chain))
    throw new FrameError('The calls are for another chain', 'CHAIN_MISMATCH')
  return { id: await sendOperation(w, accounts, { signedIn, eoa, smart, calls: batch.calls }) }
}
