// The one authenticated encryption of the vault: AES-256-GCM by WebCrypto, a fresh 96-bit IV per
// seal, and the binding string of contexts.ts as associated data, so a ciphertext moved to another
// account, project or use does not open.

const encoder = new TextEncoder()

/** An AES-GCM ciphertext and its IV. */
export interface Sealed {
  iv: Uint8Array
  data: Uint8Array
}

/** Encrypts `plaintext` under `key`, bound to `context`. */
export async function seal(key: CryptoKey, plaintext: Uint8Array, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
      key,
      plaintext as BufferSource,
    ),
  )
  return { iv, data }
}

/** Decrypts what {@link seal} made; throws when the key, the context or the bytes differ. The
 * caller zeroes the result after use. */
export async function open(key: CryptoKey, sealed: Sealed, context: string): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv as BufferSource, additionalData: encoder.encode(context) },
      key,
      sealed.data as BufferSource,
    ),
  )
}

/** A non-extractable AES-GCM key of 32 raw bytes, which are zeroed here. */
export async function aeadKey(raw: Uint8Array): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    raw.fill(0)
  }
}
