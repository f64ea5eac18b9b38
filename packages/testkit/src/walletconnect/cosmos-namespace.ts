// The wallet peer's Cosmos side: the cosmos namespace it approves and the answers to
// WalletConnect's published Cosmos JSON-RPC methods (`cosmos_getAccounts`, `cosmos_signAmino`,
// `cosmos_signDirect`), signed with a real secp256k1 key of the test mnemonic. Sign documents'
// bytes travel in base64, the account number as a decimal string.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { base64 } from '@scure/base'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { type CosmosTestKey, cosmosTestKey } from '../cosmos/keys.js'
import { signDocBytes, sortedJson } from '../wallet/cosmosWallet.js'
import type { WalletRequestOutcome } from './wallet-requests.js'

/** Methods the peer answers in the cosmos namespace. */
export const WALLET_PEER_COSMOS_METHODS = [
  'cosmos_getAccounts',
  'cosmos_signAmino',
  'cosmos_signDirect',
] as const

/** The peer's Cosmos side: which account of the test mnemonic, and its chains with their prefixes. */
export type WalletPeerCosmos = {
  /** m/44'/118'/0'/0/i of the test mnemonic; default 0. */
  accountIndex?: number | undefined
  /** CAIP-2 ids (`cosmos:cosmoshub-4`) and the bech32 prefix of each. */
  chains: readonly { id: string; prefix: string }[]
}

export const cosmosKeyOf = (cosmos: WalletPeerCosmos): CosmosTestKey =>
  cosmosTestKey(cosmos.accountIndex ?? 0)

/** The cosmos namespace to approve: the requested cosmos chains the wallet has, its account on each. */
export function cosmosNamespaceFor(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  key: CosmosTestKey,
  cosmos: WalletPeerCosmos,
): SessionTypes.Namespace | undefined {
  const requested = new Set<string>()
  for (const group of [proposal.requiredNamespaces ?? {}, proposal.optionalNamespaces ?? {}])
    for (const [name, namespace] of Object.entries(group)) {
      if (!name.startsWith('cosmos')) continue
      for (const chain of namespace.chains ?? (name.includes(':') ? [name] : [])) requested.add(chain)
    }
  const chains = cosmos.chains.filter((c) => requested.has(c.id))
  if (chains.length === 0) return undefined
  return {
    chains: chains.map((c) => c.id),
    accounts: chains.map((c) => `${c.id}:${key.address(c.prefix)}`),
    methods: [...WALLET_PEER_COSMOS_METHODS],
    events: [],
  }
}

const invalidParams = (message: string): WalletRequestOutcome => ({ error: { code: -32602, message } })

function sign(key: CosmosTestKey, bytes: Uint8Array) {
  return {
    pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(key.publicKey) },
    signature: base64.encode(
      secp256k1.sign(sha256(bytes), key.privateKey, { lowS: true }).toCompactRawBytes(),
    ),
  }
}

/** Answers one Cosmos request on `chainId` the way a wallet app would after the user said yes. */
export function answerCosmosRequest(
  context: { key: CosmosTestKey; cosmos: WalletPeerCosmos; chainId: string },
  method: string,
  params: unknown,
): WalletRequestOutcome {
  const { key } = context
  const chain = context.cosmos.chains.find((c) => c.id === context.chainId)
  if (!chain) return { error: { code: 5100, message: `Unsupported chain ${context.chainId}` } }
  const address = key.address(chain.prefix)
  const input = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  if (method === 'cosmos_getAccounts')
    return { result: [{ algo: 'secp256k1', address, pubkey: base64.encode(key.publicKey) }] }
  if (input.signerAddress !== address)
    return { error: { code: 4100, message: 'The requested account is not authorized' } }
  const doc = input.signDoc as Record<string, unknown> | undefined
  if (method === 'cosmos_signAmino') {
    if (typeof doc !== 'object' || doc === null) return invalidParams('Expected { signerAddress, signDoc }')
    return { result: { signed: doc, signature: sign(key, new TextEncoder().encode(sortedJson(doc))) } }
  }
  if (method === 'cosmos_signDirect') {
    try {
      const signed = {
        bodyBytes: base64.decode(String(doc?.bodyBytes)),
        authInfoBytes: base64.decode(String(doc?.authInfoBytes)),
        chainId: String(doc?.chainId),
        accountNumber: BigInt(String(doc?.accountNumber ?? '0')),
      }
      return { result: { signed: doc, signature: sign(key, signDocBytes(signed)) } }
    } catch {
      return invalidParams('signDoc needs base64 bodyBytes and authInfoBytes, chainId and accountNumber')
    }
  }
  return { error: { code: 4200, message: `Method not supported: ${method}` } }
}
