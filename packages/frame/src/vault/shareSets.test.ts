import { base64urlnopad } from '@scure/base'
import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '../storage.js'
import { createShares, recoverShares, recoveryPasskey } from './custody.js'
import { addressesOf } from './derive.js'
import { newDeviceKeys } from './deviceKeys.js'
import { unwrapShare } from './deviceShare.js'
import { openRecovery, WrongPasskeyError, WrongPasswordError } from './recovery.js'
import { combineShares } from './shares.js'

const context = 'latch-share|p1|a@example.com'
const device = async (): Promise<DeviceRecord> => ({ ...(await newDeviceKeys()) })

describe('given a new wallet’s share set', () => {
  it('then this device’s wrapped share and the auth share rebuild the wallet of its addresses', async () => {
    const record = await device()
    const set = await createShares(record, context, { mode: 'server' })
    const deviceShare = await unwrapShare(record, set.deviceShare, context)
    const entropy = await combineShares(deviceShare, base64urlnopad.decode(set.authShare))
    expect(await addressesOf(entropy)).toEqual(set.addresses)
    expect(set.addresses.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(set.recovery.mode).toBe('server')
    // Server-assisted: the recovery share itself, for the server to encrypt; it rebuilds too.
    const fromRecovery = await combineShares(deviceShare, base64urlnopad.decode(set.recovery.share))
    expect(fromRecovery).toEqual(entropy)
  })

  it('then each new wallet is another one', async () => {
    const record = await device()
    const a = await createShares(record, context, { mode: 'server' })
    const b = await createShares(record, context, { mode: 'server' })
    expect(a.addresses.eip155).not.toBe(b.addresses.eip155)
  })

  it('when locked with a password, then the recovery share opens only with it, and names no passkey', async () => {
    const record = await device()
    const set = await createShares(record, context, {
      mode: 'password',
      password: 'a long recovery password',
    })
    expect(set.recovery.mode).toBe('password')
    expect(recoveryPasskey(set.recovery)).toBeUndefined()
    const share = await openRecovery(set.recovery.share, 'a long recovery password', context)
    const deviceShare = await unwrapShare(record, set.deviceShare, context)
    expect(await addressesOf(await combineShares(deviceShare, share))).toEqual(set.addresses)
  })
})

describe('given a new device that recovers a wallet', () => {
  it('then it rebuilds the same addresses, makes a set of its own, and locks it the same way', async () => {
    const first = await device()
    const set = await createShares(first, context, { mode: 'password', password: 'a long recovery password' })
    const second = await device()
    const released = { share: set.recovery.share, authShare: set.authShare }
    const how = { mode: 'password', password: 'a long recovery password' } as const
    const again = await recoverShares(second, context, released, how, set.addresses.eip155.toLowerCase())
    if (again === 'mismatch') throw new Error('mismatch')
    expect(again.addresses).toEqual(set.addresses)
    expect(again.recovery.mode).toBe('password')
    expect(again.authShare).not.toBe(set.authShare)
    const deviceShare = await unwrapShare(second, again.deviceShare, context)
    expect(
      await addressesOf(await combineShares(deviceShare, base64urlnopad.decode(again.authShare))),
    ).toEqual(set.addresses)
    // The first device's share does not open on the second device (its own wrapping key).
    await expect(unwrapShare(second, set.deviceShare, context)).rejects.toThrow()
  })

  it('then a wallet that is not the account’s is refused, and a wrong password or passkey says so', async () => {
    const first = await device()
    const set = await createShares(first, context, { mode: 'server' })
    const released = { share: set.recovery.share, authShare: set.authShare }
    expect(
      await recoverShares(
        await device(),
        context,
        released,
        { mode: 'server' },
        '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      ),
    ).toBe('mismatch')
    expect(await recoverShares(await device(), context, released, { mode: 'server' }, undefined)).toBe(
      'mismatch',
    )
    const locked = await createShares(first, context, {
      mode: 'password',
      password: 'a long recovery password',
    })
    const lockedRelease = { share: locked.recovery.share, authShare: locked.authShare }
    await expect(
      recoverShares(
        await device(),
        context,
        lockedRelease,
        { mode: 'password', password: 'not it at all' },
        locked.addresses.eip155,
      ),
    ).rejects.toBeInstanceOf(WrongPasswordError)
    const ref = { rpId: 'localhost', credentialId: 'Y3JlZA', prfSalt: 'c2FsdA' }
    const withPasskey = await createShares(first, context, {
      mode: 'passkey',
      ref,
      output: new Uint8Array(32).fill(7),
    })
    expect(recoveryPasskey(withPasskey.recovery)).toEqual(ref)
    await expect(
      recoverShares(
        await device(),
        context,
        { share: withPasskey.recovery.share, authShare: withPasskey.authShare },
        { mode: 'passkey', ref, output: new Uint8Array(32).fill(8) },
        withPasskey.addresses.eip155,
      ),
    ).rejects.toBeInstanceOf(WrongPasskeyError)
  })
})
