// Everything that needs the noble curves and hashes, loaded with import() on the first connect,
// restore or signature check, so an app's first load does not carry it.
import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base64, bech32 } from '@scure/base'
import type { AminoSignDoc, DirectSignDoc, StdSignature } from './keplr.js'

const utf8 = new TextEncoder()

/** The account address of a compressed secp256k1 public key: bech32 of RIPEMD-160(SHA-256(key)). */
export function addressOf(publicKey: Uint8Array, prefix: string): string {
  return bech32.encode(prefix, bech32.toWords(ripemd160(sha256(publicKey))))
}

/** Whether `value` is a well-formed account address with this prefix (checksum, 20 bytes). */
export function isAddress(value: unknown, prefix: string): value is string {
  if (typeof value !== 'string' || value.length > 90 || value !== value.toLowerCase()) return false
  try {
    const decoded = bech32.decode(value as `${string}1${string}`)
    return decoded.prefix === prefix && bech32.fromWords(decoded.words).length === 20
  } catch {
    return false
  }
}

/**
 * JSON with object keys sorted at every level and `&`, `<`, `>` escaped as \u00XX: the bytes an
 * amino JSON signature covers (the Cosmos SDK's legacy amino JSON encoding).
 */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      )
    return v
  }
  return JSON.stringify(sort(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

/** The amino sign document of an ADR-036 off-chain message (`sign/MsgSignData`). */
export function adr36Doc(signer: string, data: Uint8Array): AminoSignDoc {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(data) } }],
    memo: '',
  }
}

export const aminoSignBytes = (doc: AminoSignDoc): Uint8Array => utf8.encode(sortedJson(doc))

function varint(value: bigint): number[] {
  const out: number[] = []
  let v = value
  while (v > 127n) {
    out.push(Number(v & 127n) | 128)
    v >>= 7n
  }
  out.push(Number(v))
  return out
}

function field(tag: number, bytes: Uint8Array): number[] {
  return bytes.length === 0 ? [] : [tag, ...varint(BigInt(bytes.length)), ...bytes]
}

/** The protobuf encoding of a `cosmos.tx.v1beta1.SignDoc` (what a direct signature covers). */
export function directSignBytes(doc: DirectSignDoc): Uint8Array {
  return Uint8Array.from([
    ...field(0x0a, doc.bodyBytes),
    ...field(0x12, doc.authInfoBytes),
    ...field(0x1a, utf8.encode(doc.chainId)),
    ...(doc.accountNumber === 0n ? [] : [0x20, ...varint(doc.accountNumber)]),
  ])
}

/** Bytes equal, element by element. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

function decode64(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || value.length > 1024) return undefined
  try {
    return base64.decode(value)
  } catch {
    return undefined
  }
}

/**
 * The public key of a wallet's signature over `signBytes`, once it is a compressed secp256k1
 * key whose address is `address`, and the 64-byte low-S signature verifies; else undefined.
 */
export function checkStdSignature(
  signature: StdSignature | undefined,
  address: string,
  prefix: string,
  signBytes: Uint8Array,
): Uint8Array | undefined {
  if (signature?.pub_key?.type !== 'tendermint/PubKeySecp256k1') return undefined
  const publicKey = decode64(signature.pub_key.value)
  const bytes = decode64(signature.signature)
  if (publicKey?.length !== 33 || bytes?.length !== 64) return undefined
  if (addressOf(publicKey, prefix) !== address) return undefined
  try {
    return secp256k1.verify(bytes, sha256(signBytes), publicKey) ? publicKey : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether a bare ADR-036 signature (base64 r ‖ s) of `message` is `address`'s: the public keys
 * the signature can come from are recovered, and one must have that address.
 */
export function verifyAdr36(address: string, prefix: string, message: string, signature: string): boolean {
  const bytes = decode64(signature)
  if (bytes?.length !== 64 || !isAddress(address, prefix)) return false
  const hash = sha256(aminoSignBytes(adr36Doc(address, utf8.encode(message))))
  try {
    const parsed = secp256k1.Signature.fromCompact(bytes)
    if (parsed.hasHighS()) return false
    return [0, 1].some((bit) => {
      try {
        const key = parsed.addRecoveryBit(bit).recoverPublicKey(hash).toRawBytes(true)
        return addressOf(key, prefix) === address && secp256k1.verify(bytes, hash, key)
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}

export { base64 }
export const messageBytes = (message: string): Uint8Array => utf8.encode(message)
