import { bytesToHex } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { accountShareContext } from './contexts.js'
import { eip155Address, withKeys } from './derive.js'
import { unlockSeed } from './unlock.js'
import { wipe } from './wipe.js'

/** What the export window shows: strings, which JavaScript cannot wipe (see the threat model);
 * they live until that window closes. */
export interface Secrets {
  phrase: string
  evmKey: string
  evmAddress: string
  solanaKey: string
  solanaAddress: string
}

/** Unlocks this device's wallet of `account` and returns its phrase and keys for the export window. */
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
      context: accountShareContext(projectId, account, record.email),
      releaseAuthShare,
    })
    return await withKeys(entropy, (keys) => {
      // The 64-byte secret key (seed and public key) in base58, as Solana wallets import it.
      const solanaSecret = new Uint8Array(64)
      try {
        solanaSecret.set(keys.solana, 0)
        solanaSecret.set(keys.solanaPublic, 32)
        return {
          phrase: keys.phrase,
          evmKey: `0x${bytesToHex(keys.eip155)}`,
          evmAddress: eip155Address(keys.eip155),
          solanaKey: base58.encode(solanaSecret),
          solanaAddress: base58.encode(keys.solanaPublic),
        }
      } finally {
        wipe(solanaSecret)
      }
    })
  } finally {
    wipe(entropy)
  }
}
