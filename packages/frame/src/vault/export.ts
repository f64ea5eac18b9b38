import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { shareContext } from './contexts.js'
import { eip155Address, eip155Path, solanaPath, wipe } from './custody.js'
import { unlockSeed } from './unlock.js'

export interface Secrets {
  phrase: string
  evmKey: string
  evmAddress: string
  solanaKey: string
  solanaAddress: string
}

/** The phrase and keys of the unlocked entropy; every intermediate byte array is zeroed. */
async function secretsOf(entropy: Uint8Array): Promise<Secrets> {
  // Strings cannot be wiped (see the threat model); they live until this window closes.
  const phrase = entropyToMnemonic(entropy, wordlist)
  const seed = await mnemonicToSeed(phrase)
  const evm = HDKey.fromMasterSeed(seed).derive(eip155Path)
  const sol = Slip10.fromMasterSeed(seed).derive(solanaPath)
  const solanaSecret = new Uint8Array(64)
  try {
    solanaSecret.set(sol.privateKey, 0)
    solanaSecret.set(sol.publicKeyRaw, 32)
    return {
      phrase,
      evmKey: `0x${bytesToHex(evm.privateKey!)}`,
      evmAddress: eip155Address(evm.privateKey!),
      // The 64-byte secret key (seed and public key) in base58, as Solana wallets import it.
      solanaKey: base58.encode(solanaSecret),
      solanaAddress: base58.encode(sol.publicKeyRaw),
    }
  } finally {
    evm.wipePrivateData()
    wipe(seed, sol.privateKey, solanaSecret)
  }
}

/** Unlocks this device's wallet of `email` and returns its phrase and keys for the export window. */
export async function exportSecrets(parameters: {
  record: DeviceRecord
  projectId: string
  account: AccountRecord
  releaseAuthShare: () => Promise<{ authShare: string }>
}): Promise<Secrets> {
  const { record, projectId, account, releaseAuthShare } = parameters
  let entropy: Uint8Array | undefined
  try {
    entropy = await unlockSeed({
      record,
      account,
      // The shares stay bound to the account's first email after a change of the login email.
      context: shareContext(projectId, account.shareContext ?? account.email ?? record.email ?? ''),
      releaseAuthShare,
    })
    return await secretsOf(entropy)
  } finally {
    wipe(entropy)
  }
}
