// The Dev Wallet's Bitcoin keys: BIP-84 (P2WPKH, payment) and BIP-86 (P2TR, ordinals) accounts of
// the test mnemonic on regtest (coin type 1). Browser-safe.
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer'
import { TEST_MNEMONIC } from '../node/accounts.js'

/** Regtest's address format (bech32 prefix `bcrt`). */
export const REGTEST_NETWORK = { ...TEST_NETWORK, bech32: 'bcrt' }

/** CAIP-2 id of Bitcoin regtest: `bip122:` and its genesis hash's first 32 hex characters. */
export const BITCOIN_REGTEST_CAIP_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface BitcoinTestKey {
  purpose: 'payment' | 'ordinals'
  privateKey: Uint8Array
  /** Compressed (33 bytes) for payment, x-only (32 bytes) for ordinals. */
  publicKey: Uint8Array
  address: string
  path: string
}

/** The payment (m/84'/1'/0'/0/i) and ordinals (m/86'/1'/0'/0/i) keys of account `index`. */
export function bitcoinTestKeys(
  index = 0,
  mnemonic: string = TEST_MNEMONIC,
): [BitcoinTestKey, BitcoinTestKey] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  const derive = (purpose: 84 | 86) => {
    const path = `m/${purpose}'/1'/0'/0/${index}`
    const node = root.derive(path)
    if (!node.privateKey || !node.publicKey) throw new Error(`No key at ${path}.`)
    return { path, privateKey: node.privateKey, publicKey: node.publicKey }
  }
  const payment = derive(84)
  const ordinals = derive(86)
  const xOnly = ordinals.publicKey.subarray(1)
  return [
    { purpose: 'payment', ...payment, address: p2wpkh(payment.publicKey, REGTEST_NETWORK).address as string },
    {
      purpose: 'ordinals',
      ...ordinals,
      publicKey: xOnly,
      address: p2tr(xOnly, undefined, REGTEST_NETWORK).address as string,
    },
  ]
}
