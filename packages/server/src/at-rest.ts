import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * The server's at-rest encryption: AES-256-GCM, each ciphertext bound to one context (its
 * additional data), so a sealed value copied to another row, purpose or user does not open.
 * Two layers use it: the key-encryption key (from `LATCH_SECRET_KEY`, or the key file the CLI
 * creates) seals the stored keys; the `share` key seals the wallets' shares. Every context is
 * built here, in {@link atRestContext}, and nowhere else.
 */
export const atRestContext = {
  /** A per-purpose key of the embedded wallet (`session`, `otp`, `share`). */
  embeddedKey: (purpose: string, kid: string) => `${purpose}:${kid}`,
  /** The sign-in (SIWX) token signing key. */
  siwxKey: (kid: string) => `siwx:${kid}`,
  /** A device's auth share. */
  authShare: (userId: string, deviceId: string) => `auth:${userId}:${deviceId}`,
  /** An account's server-assisted recovery share. */
  recoveryShare: (userId: string) => `recovery:${userId}`,
  /** A project's OAuth client secret at one provider. */
  socialSecret: (projectId: string, provider: string) => `social:${projectId}:${provider}`,
  /** A project's API secret at an on-ramp provider. */
  onrampSecret: (projectId: string, provider: string) => `onramp:${projectId}:${provider}`,
  /** A project's API key at a swap aggregator on one chain. */
  swapApiKey: (projectId: string, chainId: string, provider: string) =>
    `swap:${projectId}:${chainId}:${provider}`,
  /** A project's ERC-4337 bundler URL on one chain (it may carry an API key). */
  bundlerUrl: (projectId: string, chainId: string) => `bundler:${projectId}:${chainId}`,
  /** The key a project's verifying paymaster trusts on one chain. */
  paymasterKey: (projectId: string, chainId: string) => `paymaster:${projectId}:${chainId}`,
  /** A project's price-source API key. */
  priceApiKey: (projectId: string) => `price-api-key:${projectId}`,
} as const

/** Seals `plain` under a 32-byte key: `iv.ciphertext.tag`, base64url. */
export function seal(key: Uint8Array, plain: Uint8Array, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')
}

/** Opens what {@link seal} made under the same key and context; throws otherwise. */
export function open(key: Uint8Array, sealed: string, context: string): Buffer {
  const [iv, body, tag, extra] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !body || !tag || extra !== undefined || iv.length !== 12 || tag.length !== 16)
    throw new Error('The sealed value is malformed')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()])
}

/**
 * The key-encryption key: derived from the operator's secret with HKDF-SHA-256 (the secret may
 * be a passphrase of 32+ characters, not necessarily 32 random bytes).
 */
export class KeyEncryptionKey {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'latch-embedded-keys', 'key-material-v1', 32))
  }

  seal(plain: string, context: string): string {
    return seal(this.key, Buffer.from(plain, 'utf8'), context)
  }

  open(sealed: string, context: string): string {
    return open(this.key, sealed, context).toString('utf8')
  }
}
