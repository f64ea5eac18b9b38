import { base64urlnopad } from '@scure/base'
import { open, type Sealed, seal } from './aead.js'
import { type Argon2Params, argon2Key, argon2Params, prfKey, type ScryptParams, scryptKey } from './kdf.js'

// The recovery share as the server stores it, sealed in the frame: under the recovery password
// (Argon2id since version 2; version 1 records, scrypt, still open) or under a passkey's PRF
// output. The server only ever sees this JSON text.

/** The least a recovery password must have, whatever its strength (see password.ts). */
export const minPasswordLength = 10

interface SealedText {
  salt: string
  iv: string
  data: string
}
type PasswordRecord =
  | ({ v: 1; kdf: 'scrypt' } & ScryptParams & SealedText)
  | ({ v: 2; kdf: 'argon2id' } & Argon2Params & SealedText)
interface PasskeyRecord extends SealedText {
  v: 1
  kdf: 'passkey-prf'
  rpId: string
  credentialId: string
  prfSalt: string
  /** The passkey's PRF output sealed under a recovery password, when the visitor also set one: a
   * device without the passkey opens the share with the password. */
  password?: PasswordRecord
}

/** A PRF output sealed under a recovery password: the passkey record's second way in. */
export type PasswordBackup = PasswordRecord

/** What a new device needs to ask the passkey for its PRF output. */
export interface PasskeyRef {
  rpId: string
  /** base64url */
  credentialId: string
  /** base64url, 32 bytes */
  prfSalt: string
}

export class WrongPasswordError extends Error {
  override name = 'WrongPasswordError' as const
  constructor() {
    super('The recovery password is not correct')
  }
}
export class WrongPasskeyError extends Error {
  override name = 'WrongPasskeyError' as const
  constructor() {
    super('This passkey does not open the wallet')
  }
}
const unknownFormat = () => new Error('Unknown recovery format')

/** Seals `share` under the key `derive` makes from a fresh salt, bound to `context`. */
async function sealText(
  share: Uint8Array,
  context: string,
  derive: (salt: Uint8Array) => Promise<CryptoKey>,
): Promise<SealedText> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const sealed = await seal(await derive(salt), share, context)
  return {
    salt: base64urlnopad.encode(salt),
    iv: base64urlnopad.encode(sealed.iv),
    data: base64urlnopad.encode(sealed.data),
  }
}

/** Opens what {@link sealText} made; a failed decryption throws `wrong()`. */
async function openText(
  text: SealedText,
  context: string,
  derive: (salt: Uint8Array) => Promise<CryptoKey>,
  wrong: () => Error,
): Promise<Uint8Array> {
  let salt: Uint8Array
  let sealed: Sealed
  try {
    salt = base64urlnopad.decode(text.salt)
    sealed = { iv: base64urlnopad.decode(text.iv), data: base64urlnopad.decode(text.data) }
  } catch {
    throw unknownFormat()
  }
  const key = await derive(salt)
  try {
    return await open(key, sealed, context)
  } catch {
    throw wrong()
  }
}

function parse(sealed: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(sealed) as unknown
    if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>
  } catch {
    // below
  }
  throw unknownFormat()
}

const int = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

/** The password record's KDF, its costs bounded so a forged record cannot hang the frame. */
function passwordKdf(
  record: Record<string, unknown>,
): (password: string, salt: Uint8Array) => Promise<CryptoKey> {
  if (record.v === 2 && record.kdf === 'argon2id') {
    if (!int(record.m, 8 * 1024, 256 * 1024) || !int(record.t, 1, 10) || !int(record.p, 1, 4))
      throw unknownFormat()
    const params = { m: record.m as number, t: record.t as number, p: record.p as number }
    return (password, salt) => argon2Key(password, salt, params)
  }
  if (record.v === 1 && record.kdf === 'scrypt') {
    if (!int(record.N, 2, 2 ** 20) || !int(record.r, 1, 16) || !int(record.p, 1, 4)) throw unknownFormat()
    const params = { N: record.N as number, r: record.r as number, p: record.p as number }
    return (password, salt) => scryptKey(password, salt, params)
  }
  throw unknownFormat()
}

/** Seals the recovery share under the visitor's password (Argon2id), in the frame. */
export async function sealRecovery(share: Uint8Array, password: string, context: string): Promise<string> {
  const record: PasswordRecord = {
    v: 2,
    kdf: 'argon2id',
    ...argon2Params,
    ...(await sealText(share, context, (salt) => argon2Key(password, salt, argon2Params))),
  }
  return JSON.stringify(record)
}

/** The PRF output's own context: a password backup opens nothing but the passkey's output. */
const backupContext = (context: string) => `${context}|passkey-output`

/** Seals the passkey's PRF output under `password` (Argon2id), for the passkey record. */
export async function sealPasswordBackup(
  prfOutput: Uint8Array,
  password: string,
  context: string,
): Promise<PasswordBackup> {
  return JSON.parse(await sealRecovery(prfOutput, password, backupContext(context))) as PasswordBackup
}

/** The password backup of a passkey-sealed share, if the visitor set one. */
export function passwordBackupOf(sealed: string): PasswordBackup | undefined {
  const parsed = parse(sealed)
  if (parsed.kdf !== 'passkey-prf' || parsed.password === undefined) return undefined
  if (typeof parsed.password !== 'object' || parsed.password === null) throw unknownFormat()
  passwordKdf(parsed.password as Record<string, unknown>)
  return parsed.password as PasswordBackup
}

/** The passkey's PRF output from the password backup; {@link WrongPasswordError} otherwise. */
export async function openPasswordBackup(
  sealed: string,
  password: string,
  context: string,
): Promise<Uint8Array> {
  const backup = passwordBackupOf(sealed)
  if (backup === undefined) throw unknownFormat()
  return openRecovery(JSON.stringify(backup), password, backupContext(context))
}

/** Opens a password-sealed recovery share (either version); {@link WrongPasswordError} otherwise. */
export async function openRecovery(sealed: string, password: string, context: string): Promise<Uint8Array> {
  const record = parse(sealed)
  const derive = passwordKdf(record)
  return openText(
    record as unknown as SealedText,
    context,
    (salt) => derive(password, salt),
    () => new WrongPasswordError(),
  )
}

const b64 = /^[A-Za-z0-9_-]{1,1400}$/

/** The passkey a sealed recovery share needs, or undefined when it was sealed with a password. */
export function passkeyOf(sealed: string): PasskeyRef | undefined {
  const parsed = parse(sealed) as Partial<PasskeyRecord>
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
    throw unknownFormat()
  return { rpId, credentialId, prfSalt }
}

/**
 * Seals the recovery share under a key derived from a passkey's PRF output (WebAuthn `prf`,
 * evaluated with `prfSalt`), so only someone who can use that passkey opens it. The credential id
 * and PRF salt are stored with it: they are not secret, and a new device needs them.
 */
export async function sealRecoveryWithPasskey(
  share: Uint8Array,
  prfOutput: Uint8Array,
  passkey: PasskeyRef,
  context: string,
  backup?: PasswordBackup,
): Promise<string> {
  const record: PasskeyRecord = {
    v: 1,
    kdf: 'passkey-prf',
    ...passkey,
    ...(await sealText(share, context, (salt) => prfKey(prfOutput, salt, context))),
    ...(backup ? { password: backup } : {}),
  }
  return JSON.stringify(record)
}

/** Opens a share sealed by {@link sealRecoveryWithPasskey}; {@link WrongPasskeyError} otherwise. */
export async function openRecoveryWithPasskey(
  sealed: string,
  prfOutput: Uint8Array,
  context: string,
): Promise<Uint8Array> {
  if (passkeyOf(sealed) === undefined) throw unknownFormat()
  const record = parse(sealed) as unknown as SealedText
  return openText(
    record,
    context,
    (salt) => prfKey(prfOutput, salt, context),
    () => new WrongPasskeyError(),
  )
}
