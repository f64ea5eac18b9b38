import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  bytesToHex,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  keccak256,
  serializeTransaction,
  type TransactionSerializableEIP1559,
  type TypedDataDefinition,
} from 'viem'

// Hashing and serialisation by viem, the signature by @noble/curves (the frame's one secp256k1).

function signHash(hash: Hex, privateKey: Uint8Array): { r: Hex; s: Hex; yParity: number } {
  const signature = secp256k1.sign(hexToBytes(hash), privateKey, { prehash: false, format: 'recovered' })
  return {
    yParity: signature[0]!,
    r: bytesToHex(signature.subarray(1, 33)),
    s: bytesToHex(signature.subarray(33, 65)),
  }
}

function toRsv({ r, s, yParity }: { r: Hex; s: Hex; yParity: number }): Hex {
  return `${r}${s.slice(2)}${(27 + yParity).toString(16)}` as Hex
}

/** EIP-191 personal_sign of the raw message bytes. */
export function signPersonalMessage(message: Hex, privateKey: Uint8Array): Hex {
  return toRsv(signHash(hashMessage({ raw: message }), privateKey))
}

/** EIP-712 (eth_signTypedData_v4). */
export type TypedData = TypedDataDefinition

export function signTypedDataWith(typedData: TypedData, privateKey: Uint8Array): Hex {
  return toRsv(signHash(hashTypedData(typedData), privateKey))
}

export type SignableTransaction = TransactionSerializableEIP1559

/** The signed, serialised transaction (for eth_sendRawTransaction). */
export function signTransactionWith(transaction: SignableTransaction, privateKey: Uint8Array): Hex {
  const signature = signHash(keccak256(serializeTransaction(transaction)), privateKey)
  return serializeTransaction(transaction, { r: signature.r, s: signature.s, yParity: signature.yParity })
}
