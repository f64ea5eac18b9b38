import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64urlnopad } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '../storage.js'
import { wrapShare } from './deviceShare.js'
import { exportSecrets } from './export.js'
import { splitEntropy } from './shares.js'

const devMnemonic = 'test test test test test test test test test test test junk'

/** A device whose shares were made when the account's email was `first`, signed in as `current`. */
async function deviceAfterEmailChange(first: string, current: string) {
  const shares = await splitEntropy(mnemonicToEntropy(devMnemonic, wordlist))
  const record: DeviceRecord = {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    email: current,
  }
  const deviceShare = await wrapShare(record, shares.device, `latch-share|p1|${first}`)
  record.accounts = { [current]: { deviceShare, shareContext: first } }
  return { record, authShare: base64urlnopad.encode(shares.auth) }
}

describe('given the export window of a device whose account changed its login email', () => {
  it('when the visitor reveals, then the phrase of the wallet is shown (the share opens with the first email)', async () => {
    const { record, authShare } = await deviceAfterEmailChange('first@example.com', 'new@example.com')
    const secrets = await exportSecrets({
      record,
      projectId: 'p1',
      account: record.accounts!['new@example.com']!,
      releaseAuthShare: async () => ({ authShare }),
    })
    expect(secrets.phrase).toBe(devMnemonic)
    expect(secrets.evmAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    // The development mnemonic's first key, public knowledge.
    expect(secrets.evmKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    // Solana's 64-byte secret key: the ed25519 seed, then its public key (the address).
    const solanaSecret = base58.decode(secrets.solanaKey)
    expect(solanaSecret).toHaveLength(64)
    expect(base58.encode(ed25519.getPublicKey(solanaSecret.subarray(0, 32)))).toBe(secrets.solanaAddress)
    expect(base58.encode(solanaSecret.subarray(32))).toBe(secrets.solanaAddress)
  })
})
