import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, it } from 'vitest'
import { addressesOf, newEntropy } from './derive.js'
import {
  openPasswordBackup,
  openRecovery,
  openRecoveryWithPasskey,
  passkeyOf,
  passwordBackupOf,
  sealPasswordBackup,
  sealRecovery,
  sealRecoveryWithPasskey,
  WrongPasskeyError,
  WrongPasswordError,
} from './recovery.js'
import { combineShares, splitEntropy } from './shares.js'

// The well-known development mnemonic: its first eip155 account is public knowledge.
const devMnemonic = 'test test test test test test test test test test test junk'

describe('given a BIP-39 wallet', () => {
  it("then the eip155 account is m/44'/60'/0'/0/0 with an EIP-55 checksum, and the solana one a base58 ed25519 key", async () => {
    const addresses = await addressesOf(mnemonicToEntropy(devMnemonic, wordlist))
    expect(addresses.eip155).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(addresses.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('then any two of the three shares rebuild it, and one share alone does not', async () => {
    const entropy = newEntropy()
    expect(entropy).toHaveLength(16)
    const copy = entropy.slice()
    const { device, auth, recovery } = await splitEntropy(entropy)
    for (const [a, b] of [
      [device, auth],
      [device, recovery],
      [auth, recovery],
    ] as const) {
      expect(await combineShares(a, b)).toEqual(copy)
    }
    await expect(combineShares(device, device)).rejects.toThrow()
    // Shares of another split of the same wallet do not mix with these.
    const other = await splitEntropy(copy)
    expect(await combineShares(device, other.auth).catch(() => undefined)).not.toEqual(copy)
  })
})

describe('given a recovery share sealed under a password', () => {
  const share = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
  const context = 'latch-share|demo|a@example.com'

  it('then the sealed text holds no share bytes and the right password opens it', async () => {
    const sealed = await sealRecovery(share, 'a long recovery password', context)
    expect(sealed).not.toContain(Buffer.from(share).toString('base64url').slice(0, 12))
    expect(JSON.parse(sealed)).toMatchObject({ v: 2, kdf: 'argon2id', m: 65536, t: 2, p: 1 })
    expect(await openRecovery(sealed, 'a long recovery password', context)).toEqual(share)
  })

  it('then a record an earlier frame sealed with scrypt (version 1) still opens, and only with its password', async () => {
    // Made by the frame before Argon2id, from this share, password and context.
    const v1 =
      '{"v":1,"kdf":"scrypt","N":32768,"r":8,"p":1,"salt":"ISjh87dkOtxXttwoJdI2Uw","iv":"kkY-R-xFc6dNrIna","data":"MgLo4NnI03ZzbMkmUAI9iz5wRfps3D4M-3Yd08d6P-g9"}'
    expect(await openRecovery(v1, 'a long recovery password', context)).toEqual(share)
    await expect(openRecovery(v1, 'another password!', context)).rejects.toBeInstanceOf(WrongPasswordError)
  })

  it('then a record whose KDF cost is out of bounds, or of an unknown version, is refused before any work', async () => {
    const sealed = JSON.parse(await sealRecovery(share, 'a long recovery password', context))
    for (const forged of [
      { ...sealed, m: 4 * 1024 * 1024 },
      { ...sealed, t: 1000 },
      { ...sealed, v: 3 },
      { ...sealed, kdf: 'scrypt' },
      { v: 1, kdf: 'scrypt', N: 2 ** 24, r: 8, p: 1, salt: sealed.salt, iv: sealed.iv, data: sealed.data },
    ])
      await expect(openRecovery(JSON.stringify(forged), 'a long recovery password', context)).rejects.toThrow(
        'Unknown recovery format',
      )
    await expect(openRecovery('not json', 'x', context)).rejects.toThrow('Unknown recovery format')
  })

  it('then the cost bounds are inclusive: the edges are read as records, one step past them is refused', async () => {
    const sealed = JSON.parse(await sealRecovery(share, 'a long recovery password', context))
    const argon = (m: number, t: number, p: number) => JSON.stringify({ ...sealed, m, t, p })
    const scrypt = (N: number, r: number, p: number) =>
      JSON.stringify({ v: 1, kdf: 'scrypt', N, r, p, salt: sealed.salt, iv: sealed.iv, data: sealed.data })
    // Within bounds (cheap costs): read and tried, so the wrong key says so.
    for (const record of [argon(8 * 1024, 1, 1), argon(8 * 1024, 1, 4), scrypt(2, 1, 1), scrypt(4, 16, 4)])
      await expect(openRecovery(record, 'a long recovery password', context)).rejects.toBeInstanceOf(
        WrongPasswordError,
      )
    for (const record of [
      argon(8 * 1024 - 1, 1, 1),
      argon(256 * 1024 + 1, 1, 1),
      argon(8 * 1024, 0, 1),
      argon(8 * 1024, 11, 1),
      argon(8 * 1024, 1, 0),
      argon(8 * 1024, 1, 5),
      argon(8192.5, 1, 1),
      scrypt(1, 1, 1),
      scrypt(2 ** 20 + 1, 1, 1),
      scrypt(2, 0, 1),
      scrypt(2, 17, 1),
      scrypt(2, 1, 0),
      scrypt(2, 1, 5),
    ])
      await expect(openRecovery(record, 'a long recovery password', context)).rejects.toThrow(
        'Unknown recovery format',
      )
  })

  it('then a wrong password, or the ciphertext of another account, is refused', async () => {
    const sealed = await sealRecovery(share, 'a long recovery password', context)
    await expect(openRecovery(sealed, 'another password!', context)).rejects.toBeInstanceOf(
      WrongPasswordError,
    )
    await expect(
      openRecovery(sealed, 'a long recovery password', 'latch-share|demo|b@example.com'),
    ).rejects.toBeInstanceOf(WrongPasswordError)
  })
})

describe('given a recovery share sealed under a passkey (its PRF output)', () => {
  it('then a PRF output shorter than 32 bytes seals nothing', async () => {
    await expect(
      sealRecoveryWithPasskey(
        new Uint8Array([1]),
        new Uint8Array(31),
        { rpId: 'localhost', credentialId: 'AA', prfSalt: 'AA' },
        'c',
      ),
    ).rejects.toThrow('no usable PRF output')
  })

  const share = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
  const context = 'latch-share|demo|a@example.com'
  const output = new Uint8Array(32).fill(7)
  const ref = { rpId: 'localhost', credentialId: 'Y3JlZGVudGlhbC1pZA', prfSalt: 'c2FsdC1zYWx0LXNhbHQtc2FsdA' }

  it('then the sealed text names the passkey, holds no share or PRF bytes, and the same output opens it', async () => {
    const sealed = await sealRecoveryWithPasskey(share, output, ref, context)
    expect(sealed).not.toContain(Buffer.from(share).toString('base64url').slice(0, 12))
    expect(sealed).not.toContain(Buffer.from(output).toString('base64url').slice(0, 12))
    expect(JSON.parse(sealed)).toMatchObject({ v: 1, kdf: 'passkey-prf', ...ref })
    expect(passkeyOf(sealed)).toEqual(ref)
    expect(await openRecoveryWithPasskey(sealed, output, context)).toEqual(share)
    // Two seals of the same share differ (fresh HKDF salt and IV each time).
    expect(await sealRecoveryWithPasskey(share, output, ref, context)).not.toBe(sealed)
  })

  it("then another passkey's output, another account's context, or a password does not open it", async () => {
    const sealed = await sealRecoveryWithPasskey(share, output, ref, context)
    await expect(openRecoveryWithPasskey(sealed, new Uint8Array(32).fill(8), context)).rejects.toBeInstanceOf(
      WrongPasskeyError,
    )
    await expect(
      openRecoveryWithPasskey(sealed, output, 'latch-share|demo|b@example.com'),
    ).rejects.toBeInstanceOf(WrongPasskeyError)
    await expect(openRecovery(sealed, 'a long recovery password', context)).rejects.toThrow(
      'Unknown recovery format',
    )
  })

  it('then a recovery password set next to the passkey opens its output (and nothing else), only with that password and account, and a forged one is refused', async () => {
    const backup = await sealPasswordBackup(output, 'copper lantern orbit thistle', context)
    const sealed = await sealRecoveryWithPasskey(share, output, ref, context, backup)
    expect(sealed).not.toContain(Buffer.from(output).toString('base64url').slice(0, 12))
    expect(passwordBackupOf(sealed)).toEqual(backup)
    expect(passkeyOf(sealed)).toEqual(ref)
    const opened = await openPasswordBackup(sealed, 'copper lantern orbit thistle', context)
    expect(opened).toEqual(output)
    expect(await openRecoveryWithPasskey(sealed, opened, context)).toEqual(share)
    await expect(openPasswordBackup(sealed, 'another long password', context)).rejects.toBeInstanceOf(
      WrongPasswordError,
    )
    await expect(
      openPasswordBackup(sealed, 'copper lantern orbit thistle', 'latch-share|demo|b@example.com'),
    ).rejects.toBeInstanceOf(WrongPasswordError)
    // The backup is bound to its own context: as a share record it opens nothing.
    await expect(
      openRecovery(JSON.stringify(backup), 'copper lantern orbit thistle', context),
    ).rejects.toBeInstanceOf(WrongPasswordError)
    // Without a backup there is none; a forged one (costs out of bounds, not an object) is refused.
    expect(passwordBackupOf(await sealRecoveryWithPasskey(share, output, ref, context))).toBeUndefined()
    const parsed = JSON.parse(sealed)
    for (const password of [{ ...backup, m: 1 << 30 }, 'text'])
      expect(() => passwordBackupOf(JSON.stringify({ ...parsed, password }))).toThrow(
        'Unknown recovery format',
      )
  })

  it('then a password-sealed share names no passkey, and a forged passkey reference is refused', async () => {
    expect(passkeyOf(await sealRecovery(share, 'a long recovery password', context))).toBeUndefined()
    const sealed = JSON.parse(await sealRecoveryWithPasskey(share, output, ref, context))
    for (const forged of [
      { ...sealed, rpId: 'evil.example/path' },
      { ...sealed, credentialId: 'not base64url!' },
      { ...sealed, prfSalt: 42 },
      { ...sealed, v: 2 },
    ])
      expect(() => passkeyOf(JSON.stringify(forged))).toThrow('Unknown recovery format')
    expect(() => passkeyOf('not json')).toThrow('Unknown recovery format')
    await expect(sealRecoveryWithPasskey(share, new Uint8Array(16), ref, context)).rejects.toThrow(
      'no usable PRF output',
    )
  })
})
