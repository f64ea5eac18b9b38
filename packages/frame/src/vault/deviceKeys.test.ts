import { describe, expect, it } from 'vitest'
import { open, seal } from './aead.js'
import { accountShareContext, deviceProofMessage, passkeyKeyInfo, shareContext } from './contexts.js'
import { newDeviceKeys } from './deviceKeys.js'

describe('given this device’s own keys', () => {
  it('then no script can read their secret bytes, and only the device key’s public half leaves', async () => {
    const { deviceKey, wrapKey } = await newDeviceKeys()
    expect(wrapKey.extractable).toBe(false)
    expect(deviceKey.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', wrapKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', deviceKey.privateKey)).rejects.toThrow()
    expect(await crypto.subtle.exportKey('jwk', deviceKey.publicKey)).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
    })
    expect(wrapKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
  })
})

describe('given the vault’s one AEAD', () => {
  it('then a seal opens only with its key and its context, and each seal has a fresh IV', async () => {
    const { wrapKey } = await newDeviceKeys()
    const other = await newDeviceKeys()
    const secret = new Uint8Array([1, 2, 3, 4])
    const a = await seal(wrapKey, secret, 'ctx-a')
    const b = await seal(wrapKey, secret, 'ctx-a')
    expect(a.iv).toHaveLength(12)
    expect(a.iv).not.toEqual(b.iv)
    expect(a.data).not.toEqual(b.data)
    expect(await open(wrapKey, a, 'ctx-a')).toEqual(secret)
    await expect(open(wrapKey, a, 'ctx-b')).rejects.toThrow()
    await expect(open(other.wrapKey, a, 'ctx-a')).rejects.toThrow()
  })
})

describe('given the binding strings', () => {
  it('then they are built as the server and older records expect them', () => {
    expect(shareContext('p1', 'a@example.com')).toBe('latch-share|p1|a@example.com')
    expect(
      accountShareContext('p1', { shareContext: 'first@example.com', email: 'new@example.com' }, 'x'),
    ).toBe('latch-share|p1|first@example.com')
    expect(accountShareContext('p1', { email: 'new@example.com' }, 'x')).toBe(
      'latch-share|p1|new@example.com',
    )
    expect(accountShareContext('p1', {}, 'login@example.com')).toBe('latch-share|p1|login@example.com')
    expect(passkeyKeyInfo('latch-share|p1|a@example.com')).toBe(
      'latch-recovery-passkey/1|latch-share|p1|a@example.com',
    )
    // The server rebuilds this message to check a device proof (packages/server/src/embedded/routes.ts).
    expect(deviceProofMessage('share', 'p1', 'session-1', 'nonce-1')).toBe(
      'latch-embedded/1|share|p1|session-1|nonce-1',
    )
  })
})
