import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { aeadKey } from './aead.js'
import { passkeyKeyInfo } from './contexts.js'

// The vault's key derivations: from the recovery password, and from a passkey's PRF output. Both
// give a non-extractable AES-GCM key for aead.ts. The password KDFs are loaded with import() when a
// password is set or used, so the frame's first load does not carry them.

/** Argon2id cost of a recovery record (RFC 9106): memory in KiB, passes, lanes. */
export interface Argon2Params {
  m: number
  t: number
  p: number
}
/** scrypt cost of a recovery record sealed before Argon2id (version 1). */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** New recovery records: 64 MiB, 2 passes, 1 lane (measured in docs/decisions.md). */
export const argon2Params: Argon2Params = { m: 64 * 1024, t: 2, p: 1 }

const passwordBytes = (password: string) => new TextEncoder().encode(password.normalize('NFKC'))

/** The recovery password's key by Argon2id (the password NFKC-normalised, as typed on any device). */
export async function argon2Key(
  password: string,
  salt: Uint8Array,
  params: Argon2Params,
): Promise<CryptoKey> {
  const { argon2idAsync } = await import('@noble/hashes/argon2.js')
  return aeadKey(await argon2idAsync(passwordBytes(password), salt, { ...params, dkLen: 32 }))
}

/** The recovery password's key by scrypt: opens records sealed before Argon2id. */
export async function scryptKey(
  password: string,
  salt: Uint8Array,
  params: ScryptParams,
): Promise<CryptoKey> {
  const { scryptAsync } = await import('@noble/hashes/scrypt.js')
  return aeadKey(await scryptAsync(passwordBytes(password), salt, { ...params, dkLen: 32 }))
}

/** The key of a passkey's PRF output: HKDF-SHA-256, bound to the share context. */
export async function prfKey(prfOutput: Uint8Array, salt: Uint8Array, context: string): Promise<CryptoKey> {
  if (prfOutput.length < 32) throw new Error('The passkey gave no usable PRF output')
  return aeadKey(hkdf(sha256, prfOutput, salt, new TextEncoder().encode(passkeyKeyInfo(context)), 32))
}
