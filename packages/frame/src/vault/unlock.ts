import { base64urlnopad } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { combineShares, eip155Path, solanaPath, wipe } from './custody.js'
import { unwrapShare } from './deviceShare.js'

/** What unlocking needs: this device's record, the account, and the server's release of the auth share. */
export interface UnlockParameters {
  record: DeviceRecord
  /** The signed-in account's record on this device (its wrapped device share). */
  account: AccountRecord
  /** The additional data the device share was wrapped with (`latch-share|project|email`). */
  context: string
  /** Asks the server for the auth share with a fresh device signature (`POST /embedded/v1/share`). */
  releaseAuthShare: () => Promise<{ authShare: string }>
}

/**
 * Rebuilds the wallet's BIP-39 entropy inside the frame from this device's share and the auth
 * share the server releases to the session plus a device signature. Both shares are zeroed before
 * this returns; the caller zeroes the entropy as soon as it is done (see {@link withEip155Key}).
 * Nothing of it ever leaves the frame.
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

/**
 * Runs `use` with the eip155 private key (`m/44'/60'/0'/0/0`) of the unlocked wallet, then zeroes
 * the entropy, the BIP-39 seed and the key: the key lives for one request only. The mnemonic and
 * any bigint derived on the way are JavaScript values that cannot be wiped (see the threat model).
 */
export async function withEip155Key<T>(
  parameters: UnlockParameters,
  use: (privateKey: Uint8Array) => Promise<T> | T,
): Promise<T> {
  const entropy = await unlockSeed(parameters)
  let seed: Uint8Array | undefined
  let node: HDKey | undefined
  try {
    seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
    node = HDKey.fromMasterSeed(seed).derive(eip155Path)
    if (!node.privateKey) throw new FrameError('The wallet key could not be derived', 'NO_KEY')
    return await use(node.privateKey)
  } finally {
    node?.wipePrivateData()
    wipe(entropy, seed)
  }
}

/**
 * Runs `use` with the solana ed25519 private key (SLIP-0010, `m/44'/501'/0'/0'`) of the unlocked
 * wallet, then zeroes the entropy, the seed and the key, as {@link withEip155Key} does.
 */
export async function withSolanaKey<T>(
  parameters: UnlockParameters,
  use: (privateKey: Uint8Array) => Promise<T> | T,
): Promise<T> {
  const entropy = await unlockSeed(parameters)
  let seed: Uint8Array | undefined
  let key: Uint8Array | undefined
  try {
    seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
    key = solanaKeyOf(seed)
    return await use(key)
  } finally {
    wipe(entropy, seed, key)
  }
}

/** The solana private key of a BIP-39 seed (SLIP-0010 ed25519 at `m/44'/501'/0'/0'`). */
export function solanaKeyOf(seed: Uint8Array, path = solanaPath): Uint8Array {
  const node = Slip10.fromMasterSeed(seed).derive(path)
  const key = new Uint8Array(node.privateKey)
  node.privateKey.fill(0)
  return key
}
