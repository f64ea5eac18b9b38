// The embedded wallet's ERC-4337 smart account: the reference SimpleAccount v0.7 its EOA key owns
// (salt 0), on the chains the project runs smart accounts on. Loaded with import() when a request
// needs it (smart/load.ts); the EOA's own requests never load it.
import { type Address, getAddress, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
} from '../decode.js'
import type { Wallet } from '../handlers/handler.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord } from '../storage.js'
import { decodeSendCalls } from './calls.js'
import { callService, type Networks, readNetworks, userOperationHash } from './services.js'
import { type AccountCall, accountAddressCall, accountAddressOf } from './simpleAccount.js'
import { callsStatus, minedTransaction } from './status.js'
import { prepareOperation, rpcOperation } from './userOperation.js'

export type AccountType = 'eoa' | 'smartAccount'

/** Spec §8: a message signature from the smart account could not be verified (no ERC-1271). */
export const SMART_ACCOUNT_SIGNATURE_REFUSAL = 'This application might not support Smart Accounts'

const reference = (caip2: string) => BigInt(caip2.split(':')[1] ?? '0')
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const notAllowed = () => new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')

function decoded<T>(decode: () => T): T {
  try {
    return decode()
  } catch (error) {
    if (error instanceof DecodeError) throw new FrameError(error.message, 'INVALID_PARAMS')
    throw error
  }
}

interface SmartAccount {
  address: Address
  factory: Address
}

export function createSmart(w: Wallet) {
  const { ctx, eip155, approvals } = w
  const { api, state, options } = ctx

  let networks: Promise<Networks> | undefined
  /** The project's smart-account chains, asked once (again after a failure). */
  const enabled = (): Promise<Networks> => {
    networks ??= readNetworks(api).catch((error: unknown) => {
      networks = undefined
      throw error
    })
    return networks
  }

  const addresses = new Map<string, Address>()
  /** The owner's smart account on `chain`, or undefined when the project runs none there. */
  async function accountOn(chain: string, owner: string): Promise<SmartAccount | undefined> {
    const network = (await enabled()).get(chain)
    if (network === undefined) return undefined
    const factory = network.factory as Address
    const key = `${chain}|${factory}|${owner.toLowerCase()}`
    let address = addresses.get(key)
    if (address === undefined) {
      const answer = await eip155.rpcFor(chain)('eth_call', [
        { to: factory, data: accountAddressCall(getAddress(owner)) },
        'latest',
      ])
      try {
        address = getAddress(accountAddressOf(answer as Hex))
      } catch {
        throw new FrameError(`The smart account factory on ${chain} did not answer an address`, 'RPC_ERROR')
      }
      addresses.set(key, address)
    }
    return { address, factory }
  }

  const isDeployed = async (chain: string, address: string) => {
    const code = await eip155.rpcFor(chain)('eth_getCode', [address, 'latest'])
    return typeof code === 'string' && /^0x[0-9a-fA-F]*[1-9a-fA-F][0-9a-fA-F]*$/.test(code)
  }

  const requireOn = async (chain: string, owner: string): Promise<SmartAccount> => {
    const smart = await accountOn(chain, owner)
    if (smart === undefined)
      throw new FrameError(`This app runs no smart accounts on ${chain}`, 'SMART_ACCOUNT_UNAVAILABLE')
    return smart
  }

  /**
   * The account that answers the page: the smart account when the visitor prefers it and the
   * frame's chain runs smart accounts, else the EOA.
   */
  async function inUse(signedIn: AccountRecord, eoa: string): Promise<SmartAccount | undefined> {
    if (signedIn.preferredAccountType !== 'smartAccount') return undefined
    return accountOn(state.chainId, eoa)
  }

  /** GET_USER's account fields. `pageDefault`: the page's preferred type, kept when none is set yet. */
  async function user(signedIn: AccountRecord, eoa: string, pageDefault?: AccountType) {
    if (signedIn.preferredAccountType === undefined && pageDefault !== undefined) {
      signedIn.preferredAccountType = pageDefault
      await ctx.save()
    }
    const preferred = signedIn.preferredAccountType ?? 'eoa'
    const eoaOnly = {
      address: eoa,
      accounts: [{ address: eoa, type: 'eoa' as const }],
      preferredAccountType: preferred,
      smartAccountDeployed: false,
    }
    let smart: SmartAccount | undefined
    try {
      smart = await accountOn(state.chainId, eoa)
    } catch (error) {
      // The EOA answers anyway; a visitor who chose the smart account is never switched silently.
      if (preferred === 'smartAccount') throw error
      return eoaOnly
    }
    if (smart === undefined) return eoaOnly
    const deployed = await isDeployed(state.chainId, smart.address).catch(() => false)
    return {
      address: preferred === 'smartAccount' ? smart.address : eoa,
      accounts: [
        { address: eoa, type: 'eoa' as const },
        { address: smart.address, type: 'smartAccount' as const },
      ],
      preferredAccountType: preferred,
      smartAccountDeployed: deployed,
    }
  }

  async function init(eoa: string) {
    const smart = await requireOn(state.chainId, eoa)
    return { address: smart.address, isDeployed: await isDeployed(state.chainId, smart.address) }
  }

  async function setPreferred(signedIn: AccountRecord, eoa: string, type: AccountType) {
    // Refused on a chain without smart accounts: nothing is stored then.
    const smart = type === 'smartAccount' ? await requireOn(state.chainId, eoa) : undefined
    signedIn.preferredAccountType = type
    await ctx.save()
    return { type, address: smart?.address ?? getAddress(eoa) }
  }

  async function smartAccountEnabledNetworks() {
    return {
      smartAccountEnabledNetworks: [...(await enabled()).keys()].map((chain) => Number(reference(chain))),
    }
  }

  /**
   * One user operation of `calls` from the smart account: built whole (smart/userOperation.ts),
   * shown, signed by the EOA key as the account checks it (an EIP-191 signature of its hash),
   * then sent through the project's bundler. Answers the user operation's hash.
   */
  async function sendOperation(
    signedIn: AccountRecord,
    eoa: string,
    smart: SmartAccount,
    calls: AccountCall[],
  ): Promise<Hex> {
    const chain = state.chainId
    let prepared: Awaited<ReturnType<typeof prepareOperation>> | undefined
    const signature = await approvals.withApproval(
      signedIn,
      eoa,
      async () => {
        const deployed = await isDeployed(chain, smart.address)
        prepared = await prepareOperation({
          api,
          rpc: eip155.rpcFor(chain),
          chainId: chain,
          sender: smart.address,
          owner: getAddress(eoa),
          factory: smart.factory,
          deployed,
          calls,
        })
        return {
          origin: options.parentOrigin ?? '',
          dappName: state.dappName,
          from: smart.address,
          kind: 'userOperation',
          calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data })),
          chainId: reference(chain),
          paymaster: prepared.paymaster,
          createsAccount: !deployed,
        }
      },
      // Exactly the operation on the screen: its hash covers every field built above.
      (signer) => signer.signPersonal(prepared!.hash) as Hex,
    )
    const operation = { ...prepared!.operation, signature }
    const sent = await callService(
      api,
      'bundler',
      chain,
      { method: 'eth_sendUserOperation', params: [rpcOperation(operation), entryPoint07Address] },
      userOperationHash,
    )
    if (!same(sent, prepared!.hash))
      throw new FrameError('The bundler answered another user operation hash', 'BUNDLER_ERROR')
    return prepared!.hash
  }

  /** personal_sign, eth_signTypedData_v4 and eth_sendTransaction with the smart account in use. */
  async function unsafe(method: string, params: unknown[], signedIn: AccountRecord, eoa: string) {
    const smart = await inUse(signedIn, eoa)
    if (smart === undefined) return eip155.unsafe(method, params, signedIn, eoa)
    if (method === 'personal_sign' || method === 'eth_signTypedData_v4') {
      const { address } = decoded(() =>
        method === 'personal_sign' ? decodePersonalSign(params) : decodeTypedDataRequest(params),
      )
      if (same(address, smart.address))
        throw new FrameError(SMART_ACCOUNT_SIGNATURE_REFUSAL, 'SMART_ACCOUNT_SIGNATURE')
      // The EOA is the visitor's own account too (GET_USER lists it): it signs as itself.
      return eip155.unsafe(method, params, signedIn, eoa)
    }
    const tx = decoded(() => decodeTransactionRequest(params))
    if (same(tx.from, eoa)) return eip155.unsafe(method, params, signedIn, eoa)
    if (!same(tx.from, smart.address))
      throw new FrameError('The request is for another account', 'WRONG_ACCOUNT')
    if (tx.chainId !== undefined && tx.chainId !== reference(state.chainId))
      throw new FrameError('The transaction is for another chain', 'CHAIN_MISMATCH')
    if (tx.to === undefined)
      throw new FrameError(
        'A smart account cannot create a contract with eth_sendTransaction',
        'INVALID_PARAMS',
      )
    const chain = state.chainId
    const hash = await sendOperation(signedIn, eoa, smart, [
      { to: getAddress(tx.to), value: tx.value, ...(tx.data ? { data: tx.data } : {}) },
    ])
    // eth_sendTransaction answers a transaction hash: the one the operation was bundled in.
    return minedTransaction(api, chain, hash)
  }

  async function capabilities(
    params: unknown[],
    signedIn: AccountRecord | undefined,
    eoa: string | undefined,
  ) {
    const [asked, chainIds] = params
    if (typeof asked !== 'string' || asked === '')
      throw new FrameError('Missing address parameter in `wallet_getCapabilities` request', 'INVALID_PARAMS')
    if (!signedIn || !eoa) throw new FrameError('Not signed in', 'NOT_CONNECTED')
    const wanted = Array.isArray(chainIds)
      ? new Set(
          chainIds.filter((id): id is string => typeof id === 'string').map((id) => `eip155:${BigInt(id)}`),
        )
      : undefined
    const out: Record<string, unknown> = {}
    for (const chain of (await enabled()).keys()) {
      if ((wanted && !wanted.has(chain)) || options.rpcUrls?.[chain] === undefined) continue
      const smart = await accountOn(chain, eoa).catch(() => undefined)
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
  async function wallet(
    method: string,
    params: unknown[],
    signedIn: AccountRecord | undefined,
    eoa: string | undefined,
  ) {
    if (method === 'wallet_getCapabilities') return capabilities(params, signedIn, eoa)
    if (!signedIn || !eoa) throw new FrameError('Not signed in', 'NOT_CONNECTED')
    if (method === 'wallet_getCallsStatus') {
      await requireOn(state.chainId, eoa)
      return callsStatus(api, state.chainId, params[0])
    }
    // wallet_sendCalls: one user operation, with the smart account in use only.
    const smart = await inUse(signedIn, eoa)
    if (smart === undefined) throw notAllowed()
    const request = decodeSendCalls(params)
    if (request.from !== undefined && !same(request.from, smart.address))
      throw new FrameError('The request is for another account', 'WRONG_ACCOUNT')
    if (request.chainId !== undefined && request.chainId !== reference(state.chainId))
      throw new FrameError('The calls are for another chain', 'CHAIN_MISMATCH')
    return { id: await sendOperation(signedIn, eoa, smart, request.calls) }
  }

  return { user, init, setPreferred, smartAccountEnabledNetworks, inUse, unsafe, wallet }
}

export type Smart = ReturnType<typeof createSmart>
