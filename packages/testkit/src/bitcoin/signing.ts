// How the Dev Wallet's Bitcoin keys sign, shared by its injected side (Bitcoin Wallet Standard)
// and its WalletConnect side (bip122): BIP-322 simple and legacy signed messages, PSBT inputs
// with @scure/btc-signer. Browser-safe.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { p2tr, p2wpkh, RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import { type BitcoinTestKey, REGTEST_NETWORK } from './keys.js'

/** Sighash types by the names the Wallet Standard features give them. */
export const SIGHASHES: Record<string, number> = {
  ALL: SigHash.ALL,
  NONE: SigHash.NONE,
  SINGLE: SigHash.SINGLE,
  'ALL|ANYONECANPAY': SigHash.ALL_ANYONECANPAY,
  'NONE|ANYONECANPAY': SigHash.NONE_ANYONECANPAY,
  'SINGLE|ANYONECANPAY': SigHash.SINGLE_ANYONECANPAY,
}

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))

/** The output script of a key's address on regtest. */
export function accountScript(key: BitcoinTestKey): Uint8Array {
  return key.purpose === 'payment'
    ? p2wpkh(key.publicKey, REGTEST_NETWORK).script
    : p2tr(key.publicKey, undefined, REGTEST_NETWORK).script
}

/** BIP-322 simple signature (the serialized witness) of a message by a payment (P2WPKH) key. */
export function signBip322(key: BitcoinTestKey, message: Uint8Array, script: Uint8Array): Uint8Array {
  const tag = sha256(utf8ToBytes('BIP0322-signed-message'))
  const messageHash = sha256(concatBytes(tag, tag, message))
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, messageHash]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: sha256d(toSpend).reverse(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(key.purpose === 'ordinals' ? { tapInternalKey: key.publicKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(key.privateKey, 0)
  toSign.finalizeIdx(0)
  return RawWitness.encode(toSign.getInput(0).finalScriptWitness as Uint8Array[])
}

/** A legacy signed message (header byte, r, s) of a P2WPKH key (header 39-42: segwit v0). */
export function signLegacy(key: BitcoinTestKey, message: Uint8Array): Uint8Array {
  const prefix = utf8ToBytes('\x18Bitcoin Signed Message:\n')
  const length = message.length < 0xfd ? [message.length] : [0xfd, message.length & 0xff, message.length >> 8]
  const hash = sha256d(concatBytes(prefix, Uint8Array.from(length), message))
  const signature = secp256k1.sign(hash, key.privateKey)
  return concatBytes(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes())
}

/**
 * Signs input `index` of `tx` with `key` (taproot keys get their internal key set first), with
 * `allowed[0]` as its sighash when given. False when the input is not the key's to sign.
 */
export function signInput(
  tx: Transaction,
  key: BitcoinTestKey,
  index: number,
  allowed?: readonly number[] | undefined,
): boolean {
  if (key.purpose === 'ordinals') tx.updateInput(index, { tapInternalKey: key.publicKey }, true)
  if (allowed) tx.updateInput(index, { sighashType: allowed[0] }, true)
  return tx.signIdx(key.privateKey, index, allowed ? [...allowed] : undefined)
}
