import { base58 } from '@scure/base'
import type { ApprovalView } from './approval.js'
import { solanaMessageView } from './decode/solanaMessage.js'
import { classifySolanaMethod } from './methods.js'
import { FrameError, type RequestPayload } from './protocol.js'
import { createRpc } from './rpc.js'
import {
  clusterName,
  decodeSolanaTransaction,
  fromBase58,
  fromBase64,
  SolanaDecodeError,
  signerIndex,
  summarizeSolanaTransaction,
  toBase64,
} from './solana.js'
import type { SolanaSigner } from './vault/index.js'

/** What a Solana request needs of the wallet: the account, the page, the RPC and the approval. */
export interface SolanaContext {
  /** The signed-in account's Solana address; undefined when nobody is signed in. */
  address: string | undefined
  /** The embedding page's checked origin. */
  origin: string
  dappName: string | undefined
  /** The frame's RPC URL of the request's cluster (its server's endpoint), if the project has one. */
  rpcUrl: string | undefined
  /** Sends a signed transaction through the server (`sendTransaction` on the cluster's node). */
  broadcast: (transaction: string, sendOptions: Record<string, unknown>) => Promise<unknown>
  /** Shows the approval screen; on Approve runs `run` with a signer of the account's key. */
  approve<T>(build: () => Promise<ApprovalView>, run: (signer: SolanaSigner) => Promise<T> | T): Promise<T>
}

const field = (params: unknown, name: string): unknown =>
  typeof params === 'object' && params !== null && !Array.isArray(params)
    ? (params as Record<string, unknown>)[name]
    : undefined

function invalid(error: unknown): never {
  if (error instanceof SolanaDecodeError) throw new FrameError(error.message, 'INVALID_PARAMS')
  throw error
}

/** `sendOptions` of signAndSend, passed on to `sendTransaction` only when well formed. */
function sendOptionsOf(params: unknown): Record<string, unknown> {
  const given = field(params, 'sendOptions')
  if (given === undefined) return {}
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new FrameError('Invalid send options', 'INVALID_PARAMS')
  const o = given as Record<string, unknown>
  const out: Record<string, unknown> = {}
  if (o.skipPreflight !== undefined) {
    if (typeof o.skipPreflight !== 'boolean') throw new FrameError('Invalid send options', 'INVALID_PARAMS')
    out.skipPreflight = o.skipPreflight
  }
  if (o.preflightCommitment !== undefined) {
    if (!['processed', 'confirmed', 'finalized'].includes(o.preflightCommitment as string))
      throw new FrameError('Invalid send options', 'INVALID_PARAMS')
    out.preflightCommitment = o.preflightCommitment
  }
  for (const name of ['maxRetries', 'minContextSlot'] as const) {
    const value = o[name]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new FrameError('Invalid send options', 'INVALID_PARAMS')
    out[name] = value
  }
  return out
}

/**
 * A Solana request of the page (WalletConnect's Solana JSON-RPC). Signing methods are shown on
 * the approval screen, decoded from the bytes the page sent; the key signs only what is shown.
 */
export async function solanaRequest(
  { chainId, method, params }: RequestPayload<'SOLANA_REQUEST'>,
  context: SolanaContext,
): Promise<unknown> {
  const kind = classifySolanaMethod(method)
  if (kind === 'disallowed') throw new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
  const { address } = context
  if (kind === 'account') {
    if (!address) {
      if (method === 'solana_getAccounts') return []
      throw new FrameError('Not signed in', 'NOT_CONNECTED')
    }
    return [{ pubkey: address }]
  }
  if (!address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
  const base = { origin: context.origin, dappName: context.dappName, from: address }

  if (method === 'solana_signMessage') {
    let message: Uint8Array
    try {
      message = fromBase58(field(params, 'message'), 'message')
    } catch (error) {
      return invalid(error)
    }
    const pubkey = field(params, 'pubkey')
    if (pubkey !== undefined && pubkey !== address)
      throw new FrameError('The request is for another account', 'WRONG_ACCOUNT')
    const { text, hex } = solanaMessageView(message)
    const signature = await context.approve(
      async () => ({ ...base, kind: 'message', text, hex }),
      (signer) => signer.signMessage(message),
    )
    return { signature: base58.encode(signature) }
  }

  // solana_signTransaction / solana_signAndSendTransaction: one wire transaction, base64.
  const send = method === 'solana_signAndSendTransaction'
  let wire: Uint8Array
  let decoded: ReturnType<typeof decodeSolanaTransaction>
  try {
    wire = fromBase64(field(params, 'transaction'), 'transaction')
    decoded = decodeSolanaTransaction(wire)
    signerIndex(decoded, address)
  } catch (error) {
    return invalid(error)
  }
  const options = send ? sendOptionsOf(params) : {}
  // A Solana transaction names no cluster: its recent blockhash binds it to one. The frame signs
  // only for a cluster the project has an RPC URL for, and only a blockhash that cluster knows,
  // so the cluster on the screen is the one the signature is good for.
  if (context.rpcUrl === undefined) throw new FrameError(`No RPC is configured for ${chainId}`, 'NO_RPC')
  const rpc = createRpc(context.rpcUrl)
  const summary = summarizeSolanaTransaction(decoded)
  const signed = await context.approve(
    async () => {
      const known = (await rpc('isBlockhashValid', [
        decoded.recentBlockhash,
        { commitment: 'processed' },
      ])) as {
        value?: unknown
      } | null
      if (known?.value !== true)
        throw new FrameError(
          `The transaction's blockhash is not a recent block of ${chainId}`,
          'CHAIN_MISMATCH',
        )
      return { ...base, kind: 'solanaTransaction', send, cluster: clusterName(chainId), summary }
    },
    (signer) => signer.signTransaction(wire, decoded),
  )
  const signature = base58.encode(signed.signature)
  if (!send) return { signature, transaction: toBase64(signed.signed) }
  // The key is wiped by now; only the signed bytes go to the chain.
  const sent = await context.broadcast(toBase64(signed.signed), options)
  if (sent !== signature) throw new FrameError('The chain answered another signature', 'RPC_ERROR')
  return { signature }
}
