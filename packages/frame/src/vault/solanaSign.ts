import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { type DecodedSolanaTransaction, signerIndex } from '../solana.js'

/** The wire transaction with `address`'s ed25519 signature over its message put in its slot. */
export function signSolanaTransaction(
  wire: Uint8Array,
  tx: DecodedSolanaTransaction,
  address: string,
  privateKey: Uint8Array,
): { signed: Uint8Array; signature: Uint8Array } {
  const index = signerIndex(tx, address)
  const signature = ed25519.sign(tx.message, privateKey)
  const signed = new Uint8Array(wire)
  signed.set(signature, tx.messageOffset - 64 * tx.numRequiredSignatures + 64 * index)
  return { signed, signature }
}

/** An ed25519 signature of the message bytes (Wallet Standard / WalletConnect `signMessage`). */
export function signSolanaMessage(message: Uint8Array, privateKey: Uint8Array): Uint8Array {
  return ed25519.sign(message, privateKey)
}

/** The 32-byte public key of an ed25519 private key, as a base58 address. */
export function solanaAddressOf(privateKey: Uint8Array): string {
  return base58.encode(ed25519.getPublicKey(privateKey))
}
