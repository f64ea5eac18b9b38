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
// operations, their status, its capabilities, and its message and typed-data signatures
// (ERC-1271 by ERC-7739, ERC-6492 before it is deployed: signatures.ts).

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
    // The EOA is the visitor's own account too (GET_USER lists it): it signs as itself.
    if (!same(address, smart.address)) return asEoa()
    return signAsSmart(w, accounts, { method, params, signedIn, eoa, smart })
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

/**
 * personal_sign and eth_signTypedData_v4 by the smart account: the screen shows the app's message
 * or typed data as for the EOA, from the smart account; the owner's key signs it nested in the
 * account's EIP-712 domain (ERC-7739), wrapped in ERC-6492 while the account is not deployed. An
 * account that cannot sign so is refused before the screen, with the spec's message.
 */
async function signAsSmart(
  w: Wallet,
  accounts: SmartAccounts,
  request: { method: string; params: unknown[]; signedIn: AccountRecord; eoa: string; smart: SmartAccount },
): Promise<unknown> {
  const { method, params, signedIn, eoa, smart } = request
  const chain = w.ctx.state.chainId
  const chainId = Number(reference(chain))
  // The signatures' code is a chunk of its own, loaded by the first such request.
  const [domain, { counterfactual, personalSignTypedData, typedDataSignTypedData, wrapTypedDataSign }] =
    await Promise.all([accounts.domainOf(chain, smart.factory), import('./signatures.js')])
  const base = {
    origin: w.ctx.options.parentOrigin ?? '',
    dappName: w.ctx.state.dappName,
    from: smart.address,
  }
  let deployed = false
  const isDeployed = async () => {
    deployed = await accounts.isDeployed(chain, smart.address)
  }
  if (method === 'personal_sign') {
    const { message, text } = decoded(() => decodePersonalSign(params))
    const signature = await w.approvals.withApproval(
      signedIn,
      eoa,
      async () => {
        await isDeployed()
        return { ...base, kind: 'message', text, hex: message }
      },
      (signer) => signer.signTypedData(personalSignTypedData(message, domain, chainId, smart)),
    )
    return counterfactual(signature, smart, getAddress(eoa), deployed)
  }
  const { typedData } = decoded(() => decodeTypedDataRequest(params))
  const nested = typedDataSignTypedData(typedData, domain, chainId, smart)
  const signature = await w.approvals.withApproval(
    signedIn,
    eoa,
    async () => {
      await isDeployed()
      return { ...base, kind: 'typedData', typedData, chainId: BigInt(chainId) }
    },
    (signer) => signer.signTypedData(nested),
  )
  return counterfactual(wrapTypedDataSign(typedData, signature), smart, getAddress(eoa), deployed)
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
