import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base58, base64urlnopad } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, generateMnemonic, mnemonicToEntropy, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { combine, split } from 'shamir-secret-sharing'
import { passkeyKeyInfo } from './contexts.js'

/** The eip155 account: BIP-44 Ethereum, first address. */
export const eip155Path = "m/44'/60'/0'/0/0"
/** The solana account: SLIP-0010 ed25519, all hardened (the path wallets use). */
export const solanaPath = "m/44'/501'/0'/0'"

export interface Addresses {
  eip155: string
  solana: string
}

/** EIP-55 checksummed address of a secp256k1 private key. */
export function eip155Address(privateKey: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, false)
  const hex = bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)))
  let out = '0x'
  for (let i = 0; i < hex.length; i++)
    out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]
  return out
}

/** The addresses of a BIP-39 entropy; every intermediate secret array is zeroed before return. */
export async function addressesOf(entropy: Uint8Array): Promise<Addresses> {
  // The mnemonic is a string: JavaScript cannot wipe it (see the threat model).
  const seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
  try {
    const evm = HDKey.fromMasterSeed(seed).derive(eip155Path)
    const sol = Slip10.fromMasterSeed(seed).derive(solanaPath)
    try {
      return { eip155: eip155Address(evm.privateKey!), solana: base58.encode(sol.publicKeyRaw) }
    } finally {
      evm.wipePrivateData()
      sol.privateKey.fill(0)
    }
  } finally {
    seed.fill(0)
  }
}

/** A fresh 12-word wallet's entropy (BIP-39, 128 bits from the platform's CSPRNG). */
export function newEntropy(): Uint8Array {
  return mnemonicToEntropy(generateMnemonic(wordlist, 128), wordlist)
}

/** The three shares of a wallet, 2 of which rebuild it. */
export interface ShareSet {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

/** Splits the entropy 2-of-3 (`shamir-secret-sharing`). */
export async function splitEntropy(entropy: Uint8Array): Promise<ShareSet> {
  const [device, auth, recovery] = await split(entropy, 3, 2)
  return { device: device!, auth: auth!, recovery: recovery! }
}

/** Rebuilds the entropy from two shares of one set. */
export function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  return combine([a, b])
}

/** Zeroes every array given. */
export function wipe(...arrays: (Uint8Array | undefined)[]): void {
  for (const array of arrays) array?.fill(0)
}

/** scrypt cost of the recovery password: 2^15 × 8 × 1 (32 MiB, under a second). */
export const scryptParams = { N: 2 ** 15, r: 8, p: 1 } as const
export const minPasswordLength = 10

interface SealedRecovery {
  v: 1
  kdf: 'scrypt'
  N: number
  r: number
  p: number
  salt: string
  iv: string
  data: string
}

async function passwordKey(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }) {
  const raw = await scryptAsync(new TextEncoder().encode(password.normalize('NFKC')), salt, {
    ...params,
    dkLen: 32,
  })
  try {
    return await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    raw.fill(0)
  }
}

/** AES-GCM seals `share` under the key `derive` makes from a fresh salt, bound to `context`. */
async function sealShare(
  share: Uint8Array,
  context: string,
  derive: (salt: Uint8Array) => Promise<CryptoKey>,
): Promise<{ salt: string; iv: string; data: string }> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await derive(salt)
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
      key,
      share as BufferSource,
    ),
  )
  return {
    salt: base64urlnopad.encode(salt),
    iv: base64urlnopad.encode(iv),
    data: base64urlnopad.encode(data),
  }
}

/** Opens what {@link sealShare} made; a failed decryption throws `wrong()`. */
async function openShare(
  sealed: { salt: string; iv: string; data: string },
  context: string,
  derive: (salt: Uint8Array) => Promise<CryptoKey>,
  wrong: () => Error,
): Promise<Uint8Array> {
  const key = await derive(base64urlnopad.decode(sealed.salt))
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: base64urlnopad.decode(sealed.iv) as BufferSource,
          additionalData: new TextEncoder().encode(context),
        },
        key,
        base64urlnopad.decode(sealed.data) as BufferSource,
      ),
    )
  } catch {
    throw wrong()
  }
}

/** Encrypts the recovery share under the visitor's password, in the frame: the server gets ciphertext. */
export async function sealRecovery(share: Uint8Array, password: string, context: string): Promise<string> {
  const sealed: SealedRecovery = {
    v: 1,
    kdf: 'scrypt',
    ...scryptParams,
    ...(await sealShare(share, context, (salt) => passwordKey(password, salt, scryptParams))),
  }
  return JSON.stringify(sealed)
}

export class WrongPasswordError extends Error {
  override name = 'WrongPasswordError' as const
  constructor() {
    super('The recovery password is not correct')
  }
}

/** Opens a sealed recovery share; {@link WrongPasswordError} when the password does not. */
export async function openRecovery(sealed: string, password: string, context: string): Promise<Uint8Array> {
  const parsed = JSON.parse(sealed) as SealedRecovery
  if (parsed.v !== 1 || parsed.kdf !== 'scrypt' || parsed.N > 2 ** 20 || parsed.r > 16 || parsed.p > 4)
    throw new Error('Unknown recovery format')
  return openShare(
    parsed,
    context,
    (salt) => passwordKey(password, salt, parsed),
    () => new WrongPasswordError(),
  )
}

/**
 * A recovery share sealed under a passkey: the key is HKDF-SHA-256 of the passkey's PRF output
 * (WebAuthn `prf` extension, evaluated with `prfSalt`), so only someone who can use that passkey
 * opens it. The credential id and PRF salt are stored with it: they are not secret, and a new
 * device needs them to ask the authenticator for the same output.
 */
interface PasskeySealedRecovery {
  v: 1
  kdf: 'passkey-prf'
  rpId: string
  credentialId: string
  prfSalt: string
  salt: string
  iv: string
  data: string
}

/** What a new device needs to ask the passkey for its PRF output. */
export interface PasskeyRef {
  rpId: string
  /** base64url */
  credentialId: string
  /** base64url, 32 bytes */
  prfSalt: string
}

const b64 = /^[A-Za-z0-9_-]{1,1400}$/

/** The passkey a sealed recovery share needs, or undefined when it was sealed with a password. */
export function passkeyOf(sealed: string): PasskeyRef | undefined {
  let parsed: Partial<PasskeySealedRecovery>
  try {
    parsed = JSON.parse(sealed) as Partial<PasskeySealedRecovery>
  } catch {
    throw new Error('Unknown recovery format')
  }
  if (parsed.kdf !== 'passkey-prf') return undefined
  const { rpId, credentialId, prfSalt } = parsed
  if (
    parsed.v !== 1 ||
    typeof rpId !== 'string' ||
    !/^[a-z0-9.-]{1,253}$/.test(rpId) ||
    typeof credentialId !== 'string' ||
    !b64.test(credentialId) ||
    typeof prfSalt !== 'string' ||
    !b64.test(prfSalt)
  )
    throw new Error('Unknown recovery format')
  return { rpId, credentialId, prfSalt }
}

async function prfKey(prfOutput: Uint8Array, salt: Uint8Array, context: string) {
  if (prfOutput.length < 32) throw new Error('The passkey gave no usable PRF output')
  const raw = hkdf(sha256, prfOutput, salt, new TextEncoder().encode(passkeyKeyInfo(context)), 32)
  try {
    return await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    raw.fill(0)
  }
}

/** Encrypts the recovery share under a key derived from a passkey's PRF output, in the frame. */
export async function sealRecoveryWithPasskey(
  share: Uint8Array,
  prfOutput: Uint8Array,
  passkey: PasskeyRef,
  context: string,
): Promise<string> {
  const sealed: PasskeySealedRecovery = {
    v: 1,
    kdf: 'passkey-prf',
    ...passkey,
    ...(await sealShare(share, context, (salt) => prfKey(prfOutput, salt, context))),
  }
  return JSON.stringify(sealed)
}

export class WrongPasskeyError extends Error {
  override name = 'WrongPasskeyError' as const
  constructor() {
    super('This passkey does not open the wallet')
  }
}

/** Opens a share sealed by {@link sealRecoveryWithPasskey}; {@link WrongPasskeyError} otherwise. */
export async function openRecoveryWithPasskey(
  sealed: string,
  prfOutput: Uint8Array,
  context: string,
): Promise<Uint8Array> {
  if (passkeyOf(sealed) === undefined) throw new Error('Unknown recovery format')
  const parsed = JSON.parse(sealed) as PasskeySealedRecovery
  return openShare(
    parsed,
    context,
    (salt) => prfKey(prfOutput, salt, context),
    () => new WrongPasskeyError(),
  )
}
