// The Dev Wallet's Cosmos key: the secp256k1 key of the test mnemonic at m/44'/118'/0'/0/i (the
// Cosmos Hub's coin type, which most Cosmos chains share). Browser-safe.
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { bech32 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { TEST_MNEMONIC } from '../node/accounts.js'

/** The local chain the demo and the tests use: wallets do not know it, so apps suggest it. */
export const COSMOS_TEST_CHAIN_ID = 'latch-local-1'

export interface CosmosTestKey {
  privateKey: Uint8Array
  /** Compressed (33 bytes). */
  publicKey: Uint8Array
  path: string
  /** The account's address with a chain's bech32 prefix (`cosmos1…`, `osmo1…`). */
  address(prefix?: string): string
}

/** The key of account `index` (m/44'/118'/0'/0/index) of the test mnemonic. */
export function cosmosTestKey(index = 0, mnemonic: string = TEST_MNEMONIC): CosmosTestKey {
  const path = `m/44'/118'/0'/0/${index}`
  const node = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error(`No key at ${path}.`)
  const publicKey = node.publicKey
  const hash = ripemd160(sha256(publicKey))
  return {
    privateKey: node.privateKey,
    publicKey,
    path,
    address: (prefix = 'cosmos') => bech32.encode(prefix, bech32.toWords(hash)),
  }
}
