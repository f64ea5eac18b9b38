import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, generateMnemonic, mnemonicToEntropy, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { wipe } from './wipe.js'

// The one derivation of the wallet's keys: BIP-39 entropy → mnemonic → seed → the eip155 key
// (BIP-32) and the solana key (SLIP-0010 ed25519). Every caller gets the keys for the length of
// one callback; the seed and the keys are zeroed after it.

/** The eip155 account: BIP-44 Ethereum, first address. */
export const eip155Path = "m/44'/60'/0'/0/0"
/** The solana account: SLIP-0010 ed25519, all hardened (the path wallets use). */
export const solanaPath = "m/44'/501'/0'/0'"

export interface Addresses {
  eip155: string
  solana: string
}

/** The keys of one wallet, alive for one callback. */
export interface WalletKeys {
  /** The BIP-39 phrase (a string: JavaScript cannot wipe it, see the threat model). */
  phrase: string
  /** secp256k1 private key at {@link eip155Path}. */
  eip155: Uint8Array
  /** ed25519 private key (32-byte seed) at {@link solanaPath}, and its public key. */
  solana: Uint8Array
  solanaPublic: Uint8Array
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

/** The solana private key of a BIP-39 seed (SLIP-0010 ed25519 at `path`); the caller zeroes it. */
export function solanaKeyOf(seed: Uint8Array, path = solanaPath): Uint8Array {
  const node = Slip10.fromMasterSeed(seed).derive(path)
  const key = new Uint8Array(node.privateKey)
  node.privateKey.fill(0)
  return key
}

/** Runs `use` with the keys of `entropy`, then zeroes the seed and every key (not the entropy). */
export async function withKeys<T>(
  entropy: Uint8Array,
  use: (keys: WalletKeys) => Promise<T> | T,
): Promise<T> {
  const phrase = entropyToMnemonic(entropy, wordlist)
  let seed: Uint8Array | undefined
  let evm: HDKey | undefined
  let sol: ReturnType<typeof Slip10.fromMasterSeed> | undefined
  try {
    seed = await mnemonicToSeed(phrase)
    evm = HDKey.fromMasterSeed(seed).derive(eip155Path)
    sol = Slip10.fromMasterSeed(seed).derive(solanaPath)
    if (!evm.privateKey) throw new Error('The wallet key could not be derived')
    return await use({
      phrase,
      eip155: evm.privateKey,
      solana: sol.privateKey,
      solanaPublic: sol.publicKeyRaw,
    })
  } finally {
    evm?.wipePrivateData()
    wipe(seed, sol?.privateKey)
  }
}

/** The addresses of a BIP-39 entropy; every intermediate secret array is zeroed before return. */
export function addressesOf(entropy: Uint8Array): Promise<Addresses> {
  return withKeys(entropy, (keys) => ({
    eip155: eip155Address(keys.eip155),
    solana: base58.encode(keys.solanaPublic),
  }))
}

/** A fresh 12-word wallet's entropy (BIP-39, 128 bits from the platform's CSPRNG). */
export function newEntropy(): Uint8Array {
  return mnemonicToEntropy(generateMnemonic(wordlist, 128), wordlist)
}
