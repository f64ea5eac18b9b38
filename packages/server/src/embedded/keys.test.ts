import { afterEach, describe, expect, it } from 'vitest'
import { atRestContext, KeyEncryptionKey, open, seal } from '../at-rest.js'
import type { Repository } from '../storage/types.js'
import { openTestRepository } from '../test/backends.js'
import { KeyConfigError, KeyRing, keyPurposes } from './keys.js'

const secret = 'a passphrase of at least thirty-two characters'
const shareKey = Buffer.alloc(32, 7)

// Values sealed by the released version: a change of the format, the contexts or the key
// derivation would leave every stored share and key unreadable after an upgrade.
const sealedAuthShare = 'n1_Xsw4jOOhO2FqY.Kc6vHO2-8wE-kMU.7kqaf95LMJVGmDOeMUEbyQ'
const sealedRecoveryShare = 'MDm0SscP-cDb9g0s.w6ej2allqn8GqhEXnqc.uUaIjS0xrzrvW2HMtQFSuw'
const sealedShareKey = 'ErYHBQUI6ADIiviw.n7SV8j4cWfOfGYgqNtM.aaCgnLzgMrTJ-MQWE_1l_Q'
const sealedSiwxKey = 'VKDoenYlVAzikw76.T4SUh9-ijBCy.osIPyV7tllbzQMWj5yd8TA'

describe('given a share sealed at rest', () => {
  it('then values sealed by the released version still open under their own context', () => {
    expect(open(shareKey, sealedAuthShare, atRestContext.authShare('u1', 'd1')).toString()).toBe(
      'share bytes',
    )
    expect(open(shareKey, sealedRecoveryShare, atRestContext.recoveryShare('u1')).toString()).toBe(
      'recovery bytes',
    )
    const kek = new KeyEncryptionKey(secret)
    expect(kek.open(sealedShareKey, atRestContext.embeddedKey('share', 'k1'))).toBe('{"secret":"x"}')
    expect(kek.open(sealedSiwxKey, atRestContext.siwxKey('k2'))).toBe('{"d":"y"}')
  })

  it('then it does not open for another device, user, purpose or key', () => {
    expect(() => open(shareKey, sealedAuthShare, atRestContext.authShare('u1', 'd2'))).toThrow()
    expect(() => open(shareKey, sealedAuthShare, atRestContext.authShare('u2', 'd1'))).toThrow()
    expect(() => open(shareKey, sealedAuthShare, atRestContext.recoveryShare('u1'))).toThrow()
    expect(() => open(shareKey, sealedRecoveryShare, atRestContext.recoveryShare('u2'))).toThrow()
    expect(() => open(Buffer.alloc(32, 8), sealedAuthShare, atRestContext.authShare('u1', 'd1'))).toThrow()
    const other = new KeyEncryptionKey(`${secret}!`)
    expect(() => other.open(sealedShareKey, atRestContext.embeddedKey('share', 'k1'))).toThrow()
    const kek = new KeyEncryptionKey(secret)
    expect(() => kek.open(sealedShareKey, atRestContext.embeddedKey('otp', 'k1'))).toThrow()
    expect(() => kek.open(sealedShareKey, atRestContext.embeddedKey('share', 'k2'))).toThrow()
    expect(() => kek.open(sealedSiwxKey, atRestContext.siwxKey('k3'))).toThrow()
  })

  it('then a tampered or malformed value is refused, and each seal has a fresh iv', () => {
    const context = atRestContext.authShare('u1', 'd1')
    const [iv, body, tag] = sealedAuthShare.split('.') as [string, string, string]
    const flipped = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}`
    expect(() => open(shareKey, [iv, flipped, tag].join('.'), context)).toThrow()
    for (const malformed of [
      `${iv}.${body}`,
      `${iv}.${body}.${tag}.${tag}`,
      `${iv.slice(0, 8)}.${body}.${tag}`,
      `${iv}.${body}.${tag.slice(0, 16)}`,
      `.${body}.${tag}`,
      `${iv}.${body}.`,
    ])
      expect(() => open(shareKey, malformed, context)).toThrow('The sealed value is malformed')
    expect(() => open(shareKey, `${iv}..${tag}`, context)).toThrow()
    const first = seal(shareKey, Buffer.from('same'), context)
    const second = seal(shareKey, Buffer.from('same'), context)
    expect(first).not.toBe(second)
    expect(first.split('.')).toHaveLength(3)
    expect(Buffer.from(first.split('.')[0]!, 'base64url')).toHaveLength(12)
    expect(open(shareKey, second, context).toString()).toBe('same')
  })
})

describe('given the embedded wallet key ring on SQLite', () => {
  let repository: Repository
  let cleanup: (() => Promise<void>) | undefined
  const fresh = async () => {
    const opened = await openTestRepository('sqlite')
    repository = opened.repository
    cleanup = opened.cleanup
    return repository
  }
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  it('then a secret shorter than 32 characters is refused with how to make one', () => {
    const repo = {} as Repository['embedded']
    expect(() => new KeyRing(repo, 'x'.repeat(31))).toThrow(KeyConfigError)
    expect(() => new KeyRing(repo, 'x'.repeat(31))).toThrow(
      'LATCH_SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)',
    )
    expect(new KeyRing(repo, 'x'.repeat(32)).atRest).toBeDefined()
    expect(new KeyRing(repo).atRest).toBeUndefined()
  })

  it('then the first start creates one sealed key per purpose, and a second start adds none', async () => {
    await fresh()
    const ring = new KeyRing(repository.embedded, secret)
    await ring.ensure()
    await new KeyRing(repository.embedded, secret).ensure()
    for (const purpose of keyPurposes) {
      const rows = await repository.embedded.listKeys(purpose)
      expect(rows).toHaveLength(1)
      expect(rows[0]!.encrypted).toBe(true)
      expect(rows[0]!.material).not.toContain('secret')
      expect(rows[0]!.material).not.toContain('"d"')
    }
    const share = await ring.current('share')
    expect(share.secret).toHaveLength(32)
    expect(share.purpose).toBe('share')
    expect(share.retired).toBe(false)
    const session = await ring.current('session')
    expect(session.privateJwk?.d).toBeDefined()
    expect(session.publicJwk?.d).toBeUndefined()
    expect(session.publicJwk).toMatchObject({ kid: session.kid, alg: 'ES256', use: 'sig' })
    expect(session.secret).toBeUndefined()
    expect((await ring.current('otp')).privateJwk).toBeUndefined()
  })

  it('then keys stored in the clear are sealed once a secret is set, and keep their kids and values', async () => {
    await fresh()
    const clear = new KeyRing(repository.embedded)
    await clear.ensure()
    const rows = await repository.embedded.listKeys('share')
    expect(rows[0]!.encrypted).toBe(false)
    const sealed = await clear.encrypt(Buffer.from('a share'), atRestContext.recoveryShare('u'))
    // Without a secret, a later start leaves them as they are.
    await new KeyRing(repository.embedded).ensure()
    expect((await repository.embedded.listKeys('share'))[0]!.encrypted).toBe(false)
    const ring = new KeyRing(repository.embedded, secret)
    await ring.ensure()
    for (const purpose of keyPurposes)
      expect((await repository.embedded.listKeys(purpose)).every((row) => row.encrypted)).toBe(true)
    expect((await repository.embedded.listKeys('share'))[0]!.kid).toBe(rows[0]!.kid)
    expect((await ring.decrypt(sealed, atRestContext.recoveryShare('u'))).toString()).toBe('a share')
  })

  it('then sealed keys without the secret, or with another one, stop the start with what to do', async () => {
    await fresh()
    await new KeyRing(repository.embedded, secret).ensure()
    await expect(new KeyRing(repository.embedded).ensure()).rejects.toThrow(
      'The embedded-wallet keys are encrypted: set LATCH_SECRET_KEY to the key used before',
    )
    await expect(new KeyRing(repository.embedded, `${secret}?`).ensure()).rejects.toThrow(
      'LATCH_SECRET_KEY does not open the stored embedded-wallet keys',
    )
    // A failed load is not cached: the same ring fails again rather than answering stale keys.
    const ring = new KeyRing(repository.embedded)
    await expect(ring.all('share')).rejects.toThrow(KeyConfigError)
    await expect(ring.all('share')).rejects.toThrow(KeyConfigError)
  })

  it('then a rotation seals new shares under the new key while older ones still open', async () => {
    await fresh()
    const ring = new KeyRing(repository.embedded, secret)
    await ring.ensure()
    const context = atRestContext.authShare('u', 'd')
    const before = await ring.encrypt(Buffer.from('old'), context)
    const oldKid = (await ring.current('share')).kid
    expect(before.startsWith(`${oldKid}.`)).toBe(true)
    const kid = await ring.rotate('share')
    expect(kid).not.toBe(oldKid)
    expect((await ring.current('share')).kid).toBe(kid)
    const after = await ring.encrypt(Buffer.from('new'), context)
    expect(after.startsWith(`${kid}.`)).toBe(true)
    expect((await ring.decrypt(before, context)).toString()).toBe('old')
    expect((await ring.decrypt(after, context)).toString()).toBe('new')
    await expect(ring.decrypt(after, atRestContext.authShare('u', 'e'))).rejects.toThrow()
    const rows = await repository.embedded.listKeys('share')
    expect(rows.filter((row) => row.retiredAt === null).map((row) => row.kid)).toEqual([kid])
    expect((await ring.all('share')).find((k) => k.kid === oldKid)?.retired).toBe(true)
  })

  it('then a key another instance rotated in is found, and unknown kids are refused', async () => {
    await fresh()
    const ring = new KeyRing(repository.embedded, secret)
    await ring.ensure()
    const other = new KeyRing(repository.embedded, secret)
    await other.rotate('share')
    const sealed = await other.encrypt(Buffer.from('from the other'), atRestContext.recoveryShare('u'))
    expect((await ring.decrypt(sealed, atRestContext.recoveryShare('u'))).toString()).toBe('from the other')
    await expect(ring.decrypt(`nokid.${sealed.split('.').slice(1).join('.')}`, 'x')).rejects.toThrow(
      'Unknown share key',
    )
    await expect(ring.decrypt(`.${sealed}`, 'x')).rejects.toThrow('Unknown share key')
    await expect(ring.decrypt('nodot', 'x')).rejects.toThrow('Unknown share key')
    // A session key's kid does not name a share key.
    const sessionKid = (await ring.current('session')).kid
    await expect(ring.decrypt(`${sessionKid}.${sealed.split('.').slice(1).join('.')}`, 'x')).rejects.toThrow(
      'Unknown share key',
    )
  })

  it('then session tokens verify under the public key of their kid, also after a rotation', async () => {
    await fresh()
    const ring = new KeyRing(repository.embedded, secret)
    await ring.ensure()
    const { SignJWT, jwtVerify } = await import('jose')
    const signing = await ring.sessionPrivateKey()
    expect(signing.kid).toBe((await ring.current('session')).kid)
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).sign(signing.key)
    await ring.rotate('session')
    const key = await ring.sessionPublicKey(signing.kid)
    expect(key).toBeDefined()
    await expect(jwtVerify(token, key!)).resolves.toBeDefined()
    const next = await ring.sessionPublicKey((await ring.sessionPrivateKey()).kid)
    await expect(jwtVerify(token, next!)).rejects.toThrow()
    expect(await ring.sessionPublicKey('unknown')).toBeUndefined()
    expect(await ring.byKid('session', 'unknown')).toBeUndefined()
  })
})

describe('given the key ring over a database that counts its reads', () => {
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })
  const counted = async (failFirst = false) => {
    const opened = await openTestRepository('sqlite')
    cleanup = opened.cleanup
    const reads = { count: 0, fail: failFirst }
    const embedded: Repository['embedded'] = {
      ...opened.repository.embedded,
      listKeys: async (purpose) => {
        reads.count++
        if (reads.fail) {
          reads.fail = false
          throw new Error('connection reset')
        }
        return opened.repository.embedded.listKeys(purpose)
      },
    }
    return { embedded, reads }
  }

  it('then a ring with no keys yet names the missing purpose', async () => {
    const { embedded } = await counted()
    await expect(new KeyRing(embedded, secret).current('share')).rejects.toThrow('No share key')
  })

  it('then keys are read once per process, and a known kid does not read them again', async () => {
    const { embedded, reads } = await counted()
    const ring = new KeyRing(embedded, secret)
    await ring.ensure()
    const before = reads.count
    const sealed = await ring.encrypt(Buffer.from('x'), 'c')
    await ring.decrypt(sealed, 'c')
    await ring.current('share')
    await ring.sessionPublicKey((await ring.current('session')).kid)
    expect(reads.count).toBe(before)
  })

  it('then a database error while loading is not remembered: the next call reads again', async () => {
    const { embedded, reads } = await counted()
    await new KeyRing(embedded, secret).ensure()
    reads.fail = true
    const ring = new KeyRing(embedded, secret)
    await expect(ring.current('share')).rejects.toThrow('connection reset')
    expect((await ring.current('share')).secret).toHaveLength(32)
  })
})
