// Message signatures of Bitcoin: BIP-322 (simple, for P2WPKH and P2TR key-path addresses) and the
// legacy signed message (BIP-137 headers, for any single-key address type). Loaded with the
// runtime, never on first load.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import {
  Address,
  type NETWORK,
  p2pkh,
  p2sh,
  p2wpkh,
  RawTx,
  RawWitness,
  Script,
  SigHash,
  Transaction,
} from '@scure/btc-signer'

type Network = typeof NETWORK

const ZERO_TXID = new Uint8Array(32)
const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes))

/** BIP-340 tagged hash of the message (tag `BIP0322-signed-message`). */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = sha256(utf8ToBytes('BIP0322-signed-message'))
  return sha256(concatBytes(tag, tag, message))
}

/** The BIP-322 `to_spend` transaction's id (display order) for an output script and message. */
function toSpendTxid(script: Uint8Array, message: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: ZERO_TXID,
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  return sha256d(raw).reverse()
}

/** The BIP-322 `to_sign` transaction (unsigned) spending `to_spend`'s output. */
export function bip322ToSign(script: Uint8Array, message: Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: toSpendTxid(script, message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Verifies a BIP-322 simple signature (the serialized witness) of a P2WPKH or P2TR address. */
export function verifyBip322(
  address: string,
  message: Uint8Array,
  witnessBytes: Uint8Array,
  network: Network,
): boolean {
  try {
    const decoded = Address(network).decode(address)
    const script = Address(network).encode(decoded) === address ? outScriptOf(decoded) : undefined
    if (!script) return false
    const witness = RawWitness.decode(witnessBytes)
    const tx = bip322ToSign(script, message)
    if (decoded.type === 'wpkh') {
      const [signature, publicKey] = witness
      if (witness.length !== 2 || !signature || !publicKey || signature.length < 9) return false
      if (!equal(p2wpkh(publicKey, network).script, script)) return false
      const hashType = signature[signature.length - 1] as number
      if (hashType !== SigHash.ALL) return false
      const hash = tx.preimageWitnessV0(0, p2pkh(publicKey, network).script, hashType, 0n)
      return secp256k1.verify(signature.subarray(0, -1), hash, publicKey, { format: 'der', lowS: true })
    }
    if (decoded.type === 'tr') {
      const [signature] = witness
      if (witness.length !== 1 || !signature) return false
      if (signature.length !== 64 && signature.length !== 65) return false
      const hashType = signature.length === 65 ? (signature[64] as number) : SigHash.DEFAULT
      if (hashType !== SigHash.DEFAULT && hashType !== SigHash.ALL) return false
      const hash = tx.preimageWitnessV1(0, [script], hashType, [0n])
      return schnorr.verify(signature.subarray(0, 64), hash, decoded.pubkey)
    }
    return false
  } catch {
    return false
  }
}

function outScriptOf(decoded: ReturnType<ReturnType<typeof Address>['decode']>): Uint8Array | undefined {
  if (decoded.type === 'wpkh') return Script.encode(['OP_0', decoded.hash])
  if (decoded.type === 'tr') return Script.encode(['OP_1', decoded.pubkey])
  return undefined
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  return Uint8Array.of(0xfd, n & 0xff, n >> 8)
}

/** The legacy signed-message hash: double SHA-256 of the magic prefix and the message. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  const prefix = utf8ToBytes('\x18Bitcoin Signed Message:\n')
  if (message.length > 0xffff) throw new RangeError('Message too long.')
  return sha256d(concatBytes(prefix, varint(message.length), message))
}

/**
 * Verifies a legacy 65-byte signed-message signature (header, r, s) of `address`: the key
 * recovered from it must pay to the address (P2PKH, P2SH-P2WPKH or P2WPKH, whatever the header's
 * type hint, as wallets disagree on it).
 */
export function verifyLegacy(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
  network: Network,
): boolean {
  try {
    if (signature.length !== 65) return false
    const header = signature[0] as number
    if (header < 27 || header > 42) return false
    const recovery = (header - 27) & 3
    const compressed = header >= 31
    const sig = secp256k1.Signature.fromCompact(signature.subarray(1)).addRecoveryBit(recovery)
    const point = sig.recoverPublicKey(legacyMessageHash(message))
    const publicKey = point.toRawBytes(compressed)
    const candidates = [p2pkh(publicKey, network).address]
    if (compressed)
      candidates.push(p2wpkh(publicKey, network).address, p2sh(p2wpkh(publicKey, network), network).address)
    return candidates.includes(address)
  } catch {
    return false
  }
}
