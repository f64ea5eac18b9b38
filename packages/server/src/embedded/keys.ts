import { randomBytes, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { atRestContext, KeyEncryptionKey, open, seal } from '../at-rest.js'
import type { EmbeddedKeyRow, EmbeddedRepository } from '../storage/embedded.js'

/**
 * Per-purpose keys of the embedded wallet, each used for one thing only:
 * - `session`: ES256 key pair signing the frame's session tokens;
 * - `otp`: the pepper of the one-time codes' HMAC-SHA-256;
 * - `share`: the AES-256-GCM key that encrypts auth shares (and server-assisted recovery shares).
 * Generated on first start and kept in the database with a `kid`; a rotation adds a new key that
 * is used from then on, and the older ones stay readable. With `LATCH_SECRET_KEY` the key material
 * is encrypted at rest (AES-256-GCM under a key derived from it with HKDF-SHA-256).
 */
export const keyPurposes = ['session', 'otp', 'share'] as const
export type KeyPurpose = (typeof keyPurposes)[number]

export interface LoadedKey {
  kid: string
  purpose: KeyPurpose
  /** 32 random bytes (`otp`, `share`). */
  secret?: Buffer
  /** ES256 JWKs (`session`). */
  privateJwk?: JWK
  publicJwk?: JWK
  retired: boolean
}

export class KeyConfigError extends Error {
  override name = 'KeyConfigError' as const
}

async function newMaterial(purpose: KeyPurpose, kid: string): Promise<string> {
  if (purpose !== 'session') return JSON.stringify({ secret: randomBytes(32).toString('base64url') })
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const meta = { kid, alg: 'ES256', use: 'sig' }
  return JSON.stringify({
    privateJwk: { ...(await exportJWK(privateKey)), ...meta },
    publicJwk: { ...(await exportJWK(publicKey)), ...meta },
  })
}

/** The key ring: loads, creates and rotates keys; caches them for the process. */
export class KeyRing {
  /** The key-encryption key, shared with every other store of keys (the sign-in key's). */
  readonly atRest: KeyEncryptionKey | undefined
  private cache = new Map<KeyPurpose, Promise<LoadedKey[]>>()

  constructor(
    private readonly repository: EmbeddedRepository,
    secretKey?: string,
  ) {
    if (secretKey !== undefined && secretKey.length < 32)
      throw new KeyConfigError(
        'LATCH_SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)',
      )
    this.atRest = secretKey === undefined ? undefined : new KeyEncryptionKey(secretKey)
  }

  private async row(purpose: KeyPurpose) {
    const kid = randomUUID()
    const material = await newMaterial(purpose, kid)
    return {
      kid,
      purpose,
      material: this.atRest ? this.atRest.seal(material, atRestContext.embeddedKey(purpose, kid)) : material,
      encrypted: this.atRest !== undefined,
      createdAt: new Date().toISOString(),
    }
  }

  /** Creates each purpose's first key when the database has none (first start). */
  async ensure(): Promise<void> {
    for (const purpose of keyPurposes) {
      const rows = await this.repository.listKeys(purpose)
      // Keys an older version stored in the clear are sealed now that a key-encryption key exists.
      if (this.atRest !== undefined)
        for (const row of rows.filter((r) => !r.encrypted))
          await this.repository.sealKey(
            row.kid,
            this.atRest.seal(row.material, atRestContext.embeddedKey(purpose, row.kid)),
          )
      if (rows.some((k) => k.retiredAt === null)) continue
      await this.repository.insertFirstKey(await this.row(purpose))
    }
    this.cache.clear()
    // Fails at start, not at the first login, when the secret is missing or wrong.
    for (const purpose of keyPurposes) await this.all(purpose)
  }

  /** A new key of the purpose is used from now on; older keys stay readable. */
  async rotate(purpose: KeyPurpose): Promise<string> {
    const row = await this.row(purpose)
    await this.repository.rotateKey(row)
    this.cache.delete(purpose)
    return row.kid
  }

  private load(row: EmbeddedKeyRow): LoadedKey {
    let material = row.material
    if (row.encrypted) {
      if (this.atRest === undefined)
        throw new KeyConfigError(
          'The embedded-wallet keys are encrypted: set LATCH_SECRET_KEY to the key used before',
        )
      try {
        material = this.atRest.open(material, atRestContext.embeddedKey(row.purpose, row.kid))
      } catch {
        throw new KeyConfigError('LATCH_SECRET_KEY does not open the stored embedded-wallet keys')
      }
    }
    const parsed = JSON.parse(material) as { secret?: string; privateJwk?: JWK; publicJwk?: JWK }
    return {
      kid: row.kid,
      purpose: row.purpose as KeyPurpose,
      ...(parsed.secret ? { secret: Buffer.from(parsed.secret, 'base64url') } : {}),
      ...(parsed.privateJwk ? { privateJwk: parsed.privateJwk } : {}),
      ...(parsed.publicJwk ? { publicJwk: parsed.publicJwk } : {}),
      retired: row.retiredAt !== null,
    }
  }

  async all(purpose: KeyPurpose): Promise<LoadedKey[]> {
    let keys = this.cache.get(purpose)
    if (keys === undefined) {
      keys = this.repository.listKeys(purpose).then((rows) => rows.map((row) => this.load(row)))
      this.cache.set(purpose, keys)
      keys.catch(() => this.cache.delete(purpose))
    }
    return keys
  }

  /** The newest current key of the purpose. */
  async current(purpose: KeyPurpose): Promise<LoadedKey> {
    const key = (await this.all(purpose)).find((k) => !k.retired)
    if (key === undefined) throw new KeyConfigError(`No ${purpose} key`)
    return key
  }

  async byKid(purpose: KeyPurpose, kid: string): Promise<LoadedKey | undefined> {
    let key = (await this.all(purpose)).find((k) => k.kid === kid)
    if (key === undefined) {
      // Another instance may have rotated since this one cached its keys.
      this.cache.delete(purpose)
      key = (await this.all(purpose)).find((k) => k.kid === kid)
    }
    return key
  }

  /** AES-256-GCM under the current `share` key, bound to `context`: `kid.iv.ciphertext.tag`. */
  async encrypt(plain: Uint8Array, context: string): Promise<string> {
    const key = await this.current('share')
    return `${key.kid}.${seal(key.secret!, plain, context)}`
  }

  async decrypt(sealed: string, context: string): Promise<Buffer> {
    const at = sealed.indexOf('.')
    const key = at > 0 ? await this.byKid('share', sealed.slice(0, at)) : undefined
    if (key?.secret === undefined) throw new KeyConfigError('Unknown share key')
    return open(key.secret, sealed.slice(at + 1), context)
  }

  async sessionPrivateKey() {
    const key = await this.current('session')
    return { kid: key.kid, key: await importJWK(key.privateJwk!, 'ES256') }
  }

  async sessionPublicKey(kid: string) {
    const key = await this.byKid('session', kid)
    return key?.publicJwk && importJWK(key.publicJwk, 'ES256')
  }
}
