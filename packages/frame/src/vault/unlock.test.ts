import { base64urlnopad } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { recoverMessageAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { wrapShare } from './deviceShare.js'
import { splitEntropy } from './shares.js'
import { type Eip155Signer, type UnlockParameters, withEip155Signer, withSolanaSigner } from './unlock.js'

const devMnemonic = 'test test test test test test test test test test test junk'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const context = 'latch-share|p1|a@example.com'

async function unlocking(): Promise<{ parameters: UnlockParameters; releases: () => number }> {
  const shares = await splitEntropy(mnemonicToEntropy(devMnemonic, wordlist))
  const record: DeviceRecord = {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  }
  const account: AccountRecord = { deviceShare: await wrapShare(record, shares.device, context) }
  let released = 0
  const authShare = base64urlnopad.encode(shares.auth)
  return {
    parameters: {
      record,
      account,
      context,
      releaseAuthShare: async () => {
        released++
        return { authShare }
      },
    },
    releases: () => released,
  }
}

describe('given a device share and the auth share the server releases', () => {
  it('when the account’s address is asked, then its signer signs as that address, after one release', async () => {
    const { parameters, releases } = await unlocking()
    const signature = await withEip155Signer(parameters, address.toLowerCase(), (signer) =>
      signer.signPersonal('0x68656c6c6f'),
    )
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(address)
    expect(releases()).toBe(1)
  })

  it('when another address is asked, then nothing is signed (WRONG_KEY)', async () => {
    const { parameters } = await unlocking()
    let called = false
    await expect(
      withEip155Signer(parameters, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', () => {
        called = true
      }),
    ).rejects.toMatchObject({ code: 'WRONG_KEY' })
    const solana = withSolanaSigner(parameters, 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', () => {
      called = true
    })
    await expect(solana).rejects.toMatchObject({ code: 'WRONG_KEY' })
    expect(called).toBe(false)
  })

  it('when a signer is kept past its request, then it signs nothing more', async () => {
    const { parameters } = await unlocking()
    let kept: Eip155Signer | undefined
    await withEip155Signer(parameters, address, (signer) => {
      kept = signer
    })
    expect(() => kept!.signPersonal('0x00')).toThrow('no longer unlocked')
  })

  it('when the device share was wrapped for another context, or the device holds none, then it does not unlock', async () => {
    const { parameters } = await unlocking()
    await expect(
      withEip155Signer({ ...parameters, context: 'latch-share|p1|b@example.com' }, address, () => 1),
    ).rejects.toThrow()
    await expect(withEip155Signer({ ...parameters, account: {} }, address, () => 1)).rejects.toMatchObject({
      code: 'NO_SHARE',
    })
  })
})
