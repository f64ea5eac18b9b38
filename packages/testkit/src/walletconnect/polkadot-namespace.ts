// The wallet peer's Polkadot side: the polkadot namespace it approves and the answers to
// WalletConnect's Polkadot methods (`polkadot_signMessage`, `polkadot_signTransaction`), signed
// with a real sr25519 key from @polkadot/keyring. Messages are signed wrapped in `<Bytes>…</Bytes>`
// as the extensions do; payloads through @polkadot/types' ExtrinsicPayload. Signatures are hex
// with their key type first.
import type { KeyringPair } from '@polkadot/keyring/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { TEST_MNEMONIC } from '../node/accounts.js'
import type { WalletRequestOutcome } from './wallet-requests.js'

/** Methods the peer answers in the polkadot namespace. */
export const WALLET_PEER_POLKADOT_METHODS = ['polkadot_signMessage', 'polkadot_signTransaction'] as const

/** The peer's Polkadot side: its key and the chains it has. */
export type WalletPeerPolkadot = {
  /** The key's secret URI for @polkadot/keyring (default: the test mnemonic's `//walletconnect`). */
  suri?: string
  /** CAIP-2 ids (`polkadot:<genesis hash prefix>`) the wallet approves when asked. */
  chains: readonly string[]
}

/** The peer's sr25519 key (its address in the generic SS58 format, prefix 42). */
export async function polkadotPeerKey(polkadot: WalletPeerPolkadot): Promise<KeyringPair> {
  const { Keyring } = await import('@polkadot/keyring')
  return new Keyring({ ss58Format: 42, type: 'sr25519' }).addFromUri(
    polkadot.suri ?? `${TEST_MNEMONIC}//walletconnect`,
  )
}

/**
 * The polkadot namespace to approve for a proposal: the requested polkadot chains the wallet has,
 * its account on each. Undefined when the proposal asks for none of them.
 */
export function polkadotNamespaceFor(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  key: KeyringPair,
  polkadot: WalletPeerPolkadot,
): SessionTypes.Namespace | undefined {
  const requested = new Set<string>()
  for (const group of [proposal.requiredNamespaces ?? {}, proposal.optionalNamespaces ?? {}])
    for (const [name, namespace] of Object.entries(group)) {
      if (!name.startsWith('polkadot')) continue
      for (const chain of namespace.chains ?? (name.includes(':') ? [name] : [])) requested.add(chain)
    }
  const chains = polkadot.chains.filter((id) => requested.has(id))
  if (chains.length === 0) return undefined
  return {
    chains,
    accounts: chains.map((id) => `${id}:${key.address}`),
    methods: [...WALLET_PEER_POLKADOT_METHODS],
    events: [],
  }
}

const invalidParams = (message: string): WalletRequestOutcome => ({ error: { code: -32602, message } })

/** Answers one Polkadot request the way a wallet app would after the user said yes. */
export async function answerPolkadotRequest(
  key: KeyringPair,
  method: string,
  params: unknown,
): Promise<WalletRequestOutcome> {
  const input =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : undefined
  const { decodeAddress } = await import('@polkadot/util-crypto')
  const util = await import('@polkadot/util')
  let mine = false
  try {
    mine = typeof input?.address === 'string' && util.u8aEq(decodeAddress(input.address), key.publicKey)
  } catch {
    mine = false
  }
  if (!mine) return { error: { code: 4100, message: 'The requested account is not authorized' } }
  switch (method) {
    case 'polkadot_signMessage': {
      if (typeof input?.message !== 'string') return invalidParams('Expected { address, message }')
      const bytes = util.u8aWrapBytes(util.stringToU8a(input.message))
      return { result: { signature: util.u8aToHex(key.sign(bytes, { withType: true })) } }
    }
    case 'polkadot_signTransaction': {
      const payload = input?.transactionPayload as SignerPayloadJSON | undefined
      if (typeof payload !== 'object' || payload === null || !Array.isArray(payload.signedExtensions))
        return invalidParams('Expected { address, transactionPayload }')
      const { TypeRegistry } = await import('@polkadot/types')
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions)
      try {
        const extrinsic = registry.createType('ExtrinsicPayload', payload, { version: payload.version })
        return { result: { signature: extrinsic.sign(key).signature } }
      } catch {
        return invalidParams('The payload could not be encoded')
      }
    }
    default:
      return { error: { code: 4200, message: `Method not supported: ${method}` } }
  }
}
