import { base64urlnopad } from '@scure/base'
import type { DeviceRecord } from '../storage.js'
import type { Sealed } from './aead.js'
import { type Addresses, addressesOf, newEntropy } from './derive.js'
import { wrapShare } from './deviceShare.js'
import {
  openRecovery,
  openRecoveryWithPasskey,
  type PasskeyRef,
  type PasswordBackup,
  passkeyOf,
  sealRecovery,
  sealRecoveryWithPasskey,
} from './recovery.js'
import { combineShares, type ShareSet, splitEntropy } from './shares.js'
import { wipe } from './wipe.js'

// A wallet's share sets: made at sign-up, made again on a device that recovered it. What leaves
// the vault is what the server stores (the auth share, the sealed recovery share) and the device
// share wrapped under this device's key; the entropy and the plain shares are zeroed here.

/** How the recovery share is locked for the server, and opened again by a new device. */
export type RecoveryLock =
  | { mode: 'server' }
  | { mode: 'password'; password: string }
  /** The passkey's PRF output is zeroed by whoever asked the authenticator for it. `backup`: the
   * output sealed under a recovery password too, carried from set to set as it is (the output of
   * a passkey does not change). */
  | { mode: 'passkey'; ref: PasskeyRef; output: Uint8Array; backup?: PasswordBackup }

/** The recovery share as the server receives it. */
export interface LockedRecovery {
  mode: RecoveryLock['mode']
  share: string
}

/** A new share set, ready to hand over: the server's part, and this device's wrapped share. */
export interface NewShareSet {
  addresses: Addresses
  /** base64url, for the server to keep encrypted under its own key. */
  authShare: string
  recovery: LockedRecovery
  deviceShare: Sealed
}

async function lock(share: Uint8Array, how: RecoveryLock, context: string): Promise<LockedRecovery> {
  if (how.mode === 'password')
    return { mode: 'password', share: await sealRecovery(share, how.password, context) }
  if (how.mode === 'passkey')
    return {
      mode: 'passkey',
      share: await sealRecoveryWithPasskey(share, how.output, how.ref, context, how.backup),
    }
  // Server-assisted: the server encrypts it under its own key.
  return { mode: 'server', share: base64urlnopad.encode(share) }
}

/** Splits `entropy` into a fresh set, locks and wraps it; the plain shares are zeroed. */
async function shareSetOf(
  record: DeviceRecord,
  entropy: Uint8Array,
  context: string,
  how: RecoveryLock,
): Promise<NewShareSet> {
  let shares: ShareSet | undefined
  try {
    const addresses = await addressesOf(entropy)
    shares = await splitEntropy(entropy)
    return {
      addresses,
      authShare: base64urlnopad.encode(shares.auth),
      recovery: await lock(shares.recovery, how, context),
      deviceShare: await wrapShare(record, shares.device, context),
    }
  } finally {
    wipe(shares?.device, shares?.auth, shares?.recovery)
  }
}

/** A new wallet: fresh entropy (BIP-39, 128 bits), its share set, and the entropy zeroed. */
export async function createShares(
  record: DeviceRecord,
  context: string,
  how: RecoveryLock,
): Promise<NewShareSet> {
  const entropy = newEntropy()
  try {
    return await shareSetOf(record, entropy, context, how)
  } finally {
    wipe(entropy)
  }
}

/** The passkey a released recovery share was sealed under, if it was. */
export const recoveryPasskey = (released: { share: string }): PasskeyRef | undefined =>
  passkeyOf(released.share)

/**
 * A confirmed new device: opens the released recovery share with `how`, rebuilds the wallet with
 * the released auth share, checks it is the account's (`expected` eip155 address: 'mismatch'
 * otherwise) and makes this device's new set, locked the same way. Throws WrongPasswordError or
 * WrongPasskeyError when `how` does not open it.
 */
export async function recoverShares(
  record: DeviceRecord,
  context: string,
  released: { share: string; authShare: string },
  how: RecoveryLock,
  expected: string | undefined,
): Promise<NewShareSet | 'mismatch'> {
  let recoveryShare: Uint8Array | undefined
  let authShare: Uint8Array | undefined
  let entropy: Uint8Array | undefined
  try {
    recoveryShare =
      how.mode === 'password'
        ? await openRecovery(released.share, how.password, context)
        : how.mode === 'passkey'
          ? await openRecoveryWithPasskey(released.share, how.output, context)
          : base64urlnopad.decode(released.share)
    authShare = base64urlnopad.decode(released.authShare)
    entropy = await combineShares(recoveryShare, authShare)
    const set = await shareSetOf(record, entropy, context, how)
    if (set.addresses.eip155.toLowerCase() !== expected?.toLowerCase()) return 'mismatch'
    return set
  } finally {
    wipe(recoveryShare, authShare, entropy)
  }
}
