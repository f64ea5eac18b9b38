// Everything that needs @polkadot/util-crypto (SS58, sr25519 / ed25519 / ecdsa checks, blake2),
// loaded with import() on the first connect, restore or signature so an app's first load does not
// carry it.
import { type CaipNetwork, type ConnectedAccount, InvalidWalletResponseError } from '@latch/core'
import { s } from '@latch/core/internal'
import {
  bnToU8a,
  compactToU8a,
  hexToBn,
  hexToU8a,
  stringToU8a,
  u8aConcat,
  u8aEq,
  u8aToHex,
  u8aToString,
} from '@polkadot/util'
import {
  blake2AsU8a,
  decodeAddress,
  ed25519Verify,
  encodeAddress,
  secp256k1Verify,
  signatureVerify,
  sr25519Verify,
} from '@polkadot/util-crypto'
import type { Injected } from './injected.js'
import type { PolkadotChain } from './network.js'
import type { PolkadotSignerPayload } from './payload.js'

export { checkPayload } from './payload.js'

/** An injected account as extensions list it (`InjectedAccount`). */
const ACCOUNTS = s.array(
  s.object({
    address: s.string().min(1),
    genesisHash: s.union([s.string(), s.literal(null)]).optional(),
    name: s.string().optional(),
    type: s.string().optional(),
  }),
)

/** The public key of an SS58 address, or undefined when it is not one (checksum included). */
export function publicKeyOf(address: unknown): Uint8Array | undefined {
  if (typeof address !== 'string' || address.length > 64 || address.startsWith('0x')) return undefined
  try {
    const key = decodeAddress(address)
    return key.length === 32 || key.length === 33 ? key : undefined
  } catch {
    return undefined
  }
}

/** Whether two addresses are one key, whatever their SS58 prefixes. */
export function sameKey(a: string, b: string): boolean {
  const ka = publicKeyOf(a)
  const kb = publicKeyOf(b)
  return ka !== undefined && kb !== undefined && u8aEq(ka, kb)
}

/** `address` in the chain's SS58 format, or undefined when it is not an SS58 address. */
export function formatAddress(address: unknown, chain: PolkadotChain): string | undefined {
  const key = publicKeyOf(address)
  return key ? encodeAddress(key, chain.ss58Prefix) : undefined
}

/**
 * The extension's accounts usable on the chain, in its SS58 format: Ethereum-type accounts and
 * accounts tied to another chain's genesis hash are left out. Garbage is an invalid response.
 */
export function accountsOn(raw: unknown, chain: PolkadotChain): { address: string; source: string }[] {
  const parsed = ACCOUNTS.safeParse(raw)
  if (!parsed.success) throw new InvalidWalletResponseError({ what: 'account' })
  const result: { address: string; source: string }[] = []
  for (const account of parsed.data) {
    if (account.type === 'ethereum') continue
    if (account.genesisHash && account.genesisHash.toLowerCase() !== chain.genesisHash) continue
    const address = formatAddress(account.address, chain)
    if (!address) throw new InvalidWalletResponseError({ what: 'account' })
    if (!result.some((a) => a.address === address)) result.push({ address, source: account.address })
  }
  return result
}

export const typed = (accounts: readonly { address: string }[]): ConnectedAccount[] =>
  accounts.map((a) => ({ address: a.address, type: 'eoa' }))

/** The message as the hex bytes `signRaw` takes. */
export const messageHex = (message: string): `0x${string}` => u8aToHex(stringToU8a(message))

/** A signature as extensions answer it: hex of 64 bytes, or 65 with its key type first. */
export function signatureBytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/.test(value)) return undefined
  return hexToU8a(value)
}

/**
 * Whether `signature` is `address`'s over `message` (bytes, or text), sr25519, ed25519 or ecdsa,
 * the message bare or wrapped in `<Bytes>…</Bytes>` as extensions sign raw data.
 */
export function verifyRaw(message: string | Uint8Array, signature: unknown, address: string): boolean {
  const bytes = signatureBytes(signature)
  if (!bytes || !publicKeyOf(address)) return false
  try {
    return signatureVerify(message, bytes, address).isValid
  } catch {
    return false
  }
}

const u32 = (value: string) => bnToU8a(hexToBn(value), { bitLength: 32, isLe: true })

/**
 * The bytes an extension signs for a payload: the call, then each signed extension's extra data
 * (era, nonce, tip, metadata mode), then each one's implicit data (spec and transaction versions,
 * genesis and block hashes, metadata hash); hashed with blake2-256 when longer than 256 bytes.
 */
export function payloadBytes(payload: PolkadotSignerPayload): Uint8Array {
  const extra: Uint8Array[] = []
  const implicit: Uint8Array[] = []
  for (const name of payload.signedExtensions) {
    switch (name) {
      case 'CheckSpecVersion':
        implicit.push(u32(payload.specVersion))
        break
      case 'CheckTxVersion':
        implicit.push(u32(payload.transactionVersion))
        break
      case 'CheckGenesis':
        implicit.push(hexToU8a(payload.genesisHash))
        break
      case 'CheckMortality':
      case 'CheckEra':
        extra.push(hexToU8a(payload.era))
        implicit.push(hexToU8a(payload.blockHash))
        break
      case 'CheckNonce':
        extra.push(compactToU8a(hexToBn(payload.nonce)))
        break
      case 'ChargeTransactionPayment':
        extra.push(compactToU8a(hexToBn(payload.tip)))
        break
      case 'CheckMetadataHash': {
        const withHash = payload.mode === 1 && payload.metadataHash
        extra.push(Uint8Array.of(withHash ? 1 : 0))
        implicit.push(
          withHash ? u8aConcat(Uint8Array.of(1), hexToU8a(payload.metadataHash)) : Uint8Array.of(0),
        )
        break
      }
      default:
        // CheckNonZeroSender, CheckWeight, PrevalidateAttests, the weight reclaims: no data.
        break
    }
  }
  const bytes = u8aConcat(hexToU8a(payload.method), ...extra, ...implicit)
  return bytes.length > 256 ? blake2AsU8a(bytes, 256) : bytes
}

/**
 * Whether `signature` is the payload's, by its `address`: over exactly the payload's bytes (no
 * `<Bytes>` wrapping, which no chain accepts), with the key type its first byte names (0 ed25519,
 * 1 sr25519, 2 ecdsa) or, for a bare 64 bytes, sr25519 or ed25519.
 */
export function verifyPayload(payload: PolkadotSignerPayload, signature: unknown): boolean {
  const message = payloadBytes(payload)
  const publicKey = publicKeyOf(payload.address)
  const bytes =
    typeof signature === 'string' && /^0x(?:[0-9a-fA-F]{2}){64,66}$/.test(signature)
      ? hexToU8a(signature)
      : undefined
  if (!bytes || !publicKey) return false
  const attempt = (check: () => boolean) => {
    try {
      return check()
    } catch {
      return false
    }
  }
  const body = bytes.subarray(1)
  if (bytes.length === 64)
    return (
      attempt(() => sr25519Verify(message, bytes, publicKey)) ||
      attempt(() => ed25519Verify(message, bytes, publicKey))
    )
  if (bytes.length === 65 && bytes[0] === 1) return attempt(() => sr25519Verify(message, body, publicKey))
  if (bytes.length === 65 && bytes[0] === 0) return attempt(() => ed25519Verify(message, body, publicKey))
  if (bytes.length === 66 && bytes[0] === 2)
    return attempt(() => secp256k1Verify(message, body, payload.address, 'blake2'))
  return false
}

/**
 * A session connector's polkadot side (what `getProvider('polkadot')` of `@latch/walletconnect`
 * gives): the session's polkadot accounts (CAIP-10) and requests for a chain.
 */
export interface SessionProvider {
  accounts(): readonly string[]
  request(args: { method: string; params: unknown }, chainId: string): Promise<unknown>
}

/**
 * A session's polkadot side as an extension's `Injected`: its accounts, and a signer that asks the
 * wallet with WalletConnect's Polkadot methods (`polkadot_signMessage` with the message text,
 * `polkadot_signTransaction` with the payload) on the session's current chain.
 */
export function sessionInjected(
  provider: SessionProvider,
  addresses: readonly string[],
  chainId: () => string,
): Injected {
  const signatureOf = (answer: unknown) => ({
    id: 0,
    signature: (answer as { signature?: unknown } | undefined)?.signature as `0x${string}`,
  })
  return {
    accounts: { get: async () => addresses.map((address) => ({ address })), subscribe: () => () => {} },
    signer: {
      async signRaw({ address, data }) {
        const message = u8aToString(hexToU8a(data))
        return signatureOf(
          await provider.request({ method: 'polkadot_signMessage', params: { address, message } }, chainId()),
        )
      },
      async signPayload(payload) {
        return signatureOf(
          await provider.request(
            {
              method: 'polkadot_signTransaction',
              params: { address: payload.address, transactionPayload: payload },
            },
            chainId(),
          ),
        )
      },
    },
  }
}

/**
 * A session's polkadot accounts (CAIP-10) on the app's networks: the chains they are on and the
 * distinct addresses. One that is not an SS58 address is an invalid response.
 */
export function sessionAccounts(
  listed: unknown,
  networks: readonly CaipNetwork[],
): { chains: Set<string>; addresses: string[] } {
  const chains = new Set<string>()
  const addresses: string[] = []
  for (const raw of Array.isArray(listed) ? listed : []) {
    const match = typeof raw === 'string' ? /^polkadot:([0-9a-f]{32}):(.{1,64})$/.exec(raw) : null
    const network = match && networks.find((n) => String(n.id) === match[1])
    if (!match || !network) continue
    const address = match[2] as string
    if (!publicKeyOf(address)) throw new InvalidWalletResponseError({ what: 'account' })
    chains.add(network.caipNetworkId)
    if (!addresses.includes(address)) addresses.push(address)
  }
  return { chains, addresses }
}
