import { base58, base64urlnopad } from '@scure/base'
import type { Hex } from 'viem'
import { FrameError } from '../protocol.js'
import type { DecodedSolanaTransaction } from '../solana.js'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { eip155Address, type WalletKeys, withKeys } from './derive.js'
import { unwrapShare } from './deviceShare.js'
import { combineShares } from './shares.js'
import type { SignableTransaction, TypedData } from './sign.js'
import { signSolanaMessage, signSolanaTransaction } from './solanaSign.js'
import { wipe } from './wipe.js'

/** What unlocking needs: this device's record, the account, and the server's release of the auth share. */
export interface UnlockParameters {
  record: DeviceRecord
  /** The signed-in account's record on this device (its wrapped device share). */
  account: AccountRecord
  /** The additional data the device share was wrapped with (see contexts.ts). */
  context: string
  /** Asks the server for the auth share with a fresh device signature (`POST /embedded/v1/share`). */
  releaseAuthShare: () => Promise<{ authShare: string }>
}

/**
 * Rebuilds the wallet's BIP-39 entropy inside the frame from this device's share and the auth
 * share the server releases to the session plus a device signature. Both shares are zeroed before
 * this returns; the caller zeroes the entropy as soon as it is done. Nothing of it leaves the vault.
 */
export async function unlockSeed(parameters: UnlockParameters): Promise<Uint8Array> {
  const wrapped = parameters.account.deviceShare
  if (wrapped === undefined) throw new FrameError('This device holds no share of the wallet', 'NO_SHARE')
  let deviceShare: Uint8Array | undefined
  let authShare: Uint8Array | undefined
  try {
    deviceShare = await unwrapShare(parameters.record, wrapped, parameters.context)
    authShare = base64urlnopad.decode((await parameters.releaseAuthShare()).authShare)
    return await combineShares(deviceShare, authShare)
  } finally {
    wipe(deviceShare, authShare)
  }
}

/** Signs with the account's eip155 key, for as long as the callback that received it runs. */
export interface Eip155Signer {
  signPersonal(message: Hex): Hex
  signTypedData(typedData: TypedData): Hex
  signTransaction(transaction: SignableTransaction): Hex
}
/** Signs with the account's solana key, for as long as the callback that received it runs. */
export interface SolanaSigner {
  signMessage(message: Uint8Array): Uint8Array
  signTransaction(
    wire: Uint8Array,
    decoded: DecodedSolanaTransaction,
  ): { signed: Uint8Array; signature: Uint8Array }
}

const wrongKey = () => new FrameError('The unlocked key is not this account’s', 'WRONG_KEY')
const expired = () => new FrameError('The signer is no longer unlocked', 'NO_KEY')

/**
 * Unlocks the wallet for one request and runs `use` with a signer of `address`'s key; then the
 * entropy, the seed and the keys are zeroed and the signer refuses any later use. Refused when
 * the rebuilt key is not `address`'s. The mnemonic and bigints derived on the way are JavaScript
 * values that cannot be wiped (see the threat model).
 */
async function withSigner<S, T>(
  parameters: UnlockParameters,
  matches: (keys: WalletKeys) => boolean,
  signer: (live: () => WalletKeys) => S,
  use: (signer: S) => Promise<T> | T,
): Promise<T> {
  const entropy = await unlockSeed(parameters)
  let unlocked = true
  try {
    return await withKeys(entropy, async (keys) => {
      if (!matches(keys)) throw wrongKey()
      // The keys, while this request runs; a signer kept past it signs nothing.
      const live = () => {
        if (!unlocked) throw expired()
        return keys
      }
      try {
        return await use(signer(live))
      } finally {
        unlocked = false
      }
    })
  } finally {
    wipe(entropy)
  }
}

let eip155Signing: Promise<typeof import('./sign.js')> | undefined
/**
 * The eip155 signing code (viem's hashing and serialisers, sign.ts) is a chunk of its own, loaded
 * with import() when the first eip155 request that needs the visitor arrives, while its screen is
 * built (so Approve never waits for it): a visitor who never signs never loads it.
 */
export function loadEip155Signing(): Promise<typeof import('./sign.js')> {
  eip155Signing ??= import('./sign.js').catch((error: unknown) => {
    // A failed fetch (the network) is tried again by the next request.
    eip155Signing = undefined
    throw error
  })
  return eip155Signing
}

/** {@link withSigner} for the eip155 account `address` (`m/44'/60'/0'/0/0`). */
export async function withEip155Signer<T>(
  parameters: UnlockParameters,
  address: string,
  use: (signer: Eip155Signer) => Promise<T> | T,
): Promise<T> {
  // Loaded before the key is unlocked, so the key is never live while code loads.
  const sign = await loadEip155Signing()
  return withSigner(
    parameters,
    (keys) => eip155Address(keys.eip155).toLowerCase() === address.toLowerCase(),
    (live) => ({
      signPersonal: (message) => sign.signPersonalMessage(message, live().eip155),
      signTypedData: (typedData) => sign.signTypedDataWith(typedData, live().eip155),
      signTransaction: (transaction) => sign.signTransactionWith(transaction, live().eip155),
    }),
    use,
  )
}

/** {@link withSigner} for the solana account `address` (SLIP-0010, `m/44'/501'/0'/0'`). */
export function withSolanaSigner<T>(
  parameters: UnlockParameters,
  address: string,
  use: (signer: SolanaSigner) => Promise<T> | T,
): Promise<T> {
  return withSigner(
    parameters,
    (keys) => base58.encode(keys.solanaPublic) === address,
    (live) => ({
      signMessage: (message) => signSolanaMessage(message, live().solana),
      signTransaction: (wire, decoded) => signSolanaTransaction(wire, decoded, address, live().solana),
    }),
    use,
  )
}
