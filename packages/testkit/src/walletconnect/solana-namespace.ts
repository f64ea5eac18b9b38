// The wallet peer's Solana side: the solana namespace it approves and the answers to
// WalletConnect's published Solana JSON-RPC methods, signed with a real ed25519 key. Messages,
// public keys and signatures travel in base58, transactions in base64.
import { ed25519 } from '@noble/curves/ed25519'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { WalletRequestOutcome } from './wallet-requests.js'

/** Methods the peer answers in the solana namespace. */
export const WALLET_PEER_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

/** Events the peer emits in the solana namespace, when the dapp asks for them. */
export const WALLET_PEER_SOLANA_EVENTS: readonly string[] = ['accountsChanged']

/** The peer's Solana side: a key and the chains it has, each with an RPC URL sign-and-send uses. */
export type WalletPeerSolana = {
  /** 32-byte ed25519 seed (hex) of the account. */
  seed: string
  /** CAIP-2 ids (`solana:<genesis hash prefix>`) and the RPC URL each sends to. */
  chains: readonly { id: string; rpcUrl: string }[]
}

export type SolanaKey = { secret: Uint8Array; publicKey: Uint8Array; address: string }

export function solanaKeyOfSeed(seed: string): SolanaKey {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(seed)) throw new Error('A Solana seed is 32 bytes of hex.')
  const clean = seed.replace(/^0x/, '')
  const secret = Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16))
  const publicKey = ed25519.getPublicKey(secret)
  return { secret, publicKey, address: getBase58Decoder().decode(publicKey) }
}

/**
 * The solana namespace to approve for a proposal: the requested solana chains the wallet has,
 * its account on each. Undefined when the proposal asks for none of them.
 */
export function solanaNamespaceFor(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  key: SolanaKey,
  solana: WalletPeerSolana,
): SessionTypes.Namespace | undefined {
  const requested = new Set<string>()
  const events = new Set<string>()
  for (const group of [proposal.requiredNamespaces ?? {}, proposal.optionalNamespaces ?? {}])
    for (const [name, namespace] of Object.entries(group)) {
      if (!name.startsWith('solana')) continue
      for (const chain of namespace.chains ?? (name.includes(':') ? [name] : [])) requested.add(chain)
      for (const event of namespace.events ?? [])
        if (WALLET_PEER_SOLANA_EVENTS.includes(event)) events.add(event)
    }
  const chains = solana.chains.map((c) => c.id).filter((id) => requested.has(id))
  if (chains.length === 0) return undefined
  return {
    chains,
    accounts: chains.map((id) => `${id}:${key.address}`),
    methods: [...WALLET_PEER_SOLANA_METHODS],
    events: [...events],
  }
}

const invalidParams = (message: string): WalletRequestOutcome => ({ error: { code: -32602, message } })
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

type Signed = { wire: Uint8Array; signature: Uint8Array } | { error: WalletRequestOutcome }

function signWire(key: SolanaKey, base64: unknown): Signed {
  if (typeof base64 !== 'string') return { error: invalidParams('transaction must be a base64 string') }
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
  } catch {
    return { error: invalidParams('The transaction could not be decoded') }
  }
  if (!(key.address in transaction.signatures))
    return { error: { error: { code: 4100, message: 'The transaction does not need this account' } } }
  const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), key.secret)
  const wire = new Uint8Array(
    getTransactionEncoder().encode({
      ...transaction,
      signatures: { ...transaction.signatures, [key.address]: signature as SignatureBytes },
    }),
  )
  return { wire, signature }
}

async function send(
  rpcUrl: string,
  wire: Uint8Array,
  sendOptions: Record<string, unknown> | undefined,
): Promise<WalletRequestOutcome> {
  const config: Record<string, unknown> = { encoding: 'base64' }
  for (const name of ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'])
    if (sendOptions?.[name] !== undefined) config[name] = sendOptions[name]
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64Decoder().decode(wire), config],
    }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) return { error: { code: body.error.code, message: body.error.message } }
  if (typeof body.result !== 'string')
    return { error: { code: -32603, message: 'The RPC returned no signature' } }
  return { result: { signature: body.result } }
}

/** Answers one Solana request the way a wallet app would after the user said yes. */
export async function answerSolanaRequest(
  context: { key: SolanaKey; rpcUrl: string | undefined },
  method: string,
  params: unknown,
): Promise<WalletRequestOutcome> {
  const { key } = context
  const input = record(params)
  switch (method) {
    case 'solana_signMessage': {
      if (typeof input?.message !== 'string') return invalidParams('Expected { message, pubkey }')
      if (input.pubkey !== undefined && input.pubkey !== key.address)
        return { error: { code: 4100, message: 'The requested account is not authorized' } }
      let message: Uint8Array
      try {
        message = new Uint8Array(getBase58Encoder().encode(input.message))
      } catch {
        return invalidParams('message must be base58')
      }
      return { result: { signature: getBase58Decoder().decode(ed25519.sign(message, key.secret)) } }
    }
    case 'solana_signTransaction': {
      const signed = signWire(key, input?.transaction)
      if ('error' in signed) return signed.error
      return {
        result: {
          signature: getBase58Decoder().decode(signed.signature),
          transaction: getBase64Decoder().decode(signed.wire),
        },
      }
    }
    case 'solana_signAllTransactions': {
      if (!Array.isArray(input?.transactions)) return invalidParams('Expected { transactions }')
      const transactions: string[] = []
      for (const item of input.transactions) {
        const signed = signWire(key, item)
        if ('error' in signed) return signed.error
        transactions.push(getBase64Decoder().decode(signed.wire))
      }
      return { result: { transactions } }
    }
    case 'solana_signAndSendTransaction': {
      const signed = signWire(key, input?.transaction)
      if ('error' in signed) return signed.error
      if (!context.rpcUrl) return { error: { code: 5100, message: 'The wallet has no RPC for this chain' } }
      return send(context.rpcUrl, signed.wire, record(input?.sendOptions))
    }
    default:
      return { error: { code: 4200, message: `Method not supported: ${method}` } }
  }
}
