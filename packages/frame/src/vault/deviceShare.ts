import type { DeviceRecord } from '../storage.js'

/** Encrypts the device share under the record's wrapping key. */
export async function wrapShare(record: DeviceRecord, share: Uint8Array, context: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
      record.wrapKey,
      share as BufferSource,
    ),
  )
  return { iv, data }
}

/** Decrypts the device share wrapped by {@link wrapShare}; the caller zeroes the result after use. */
export async function unwrapShare(
  record: DeviceRecord,
  wrapped: { iv: Uint8Array; data: Uint8Array },
  context: string,
): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: wrapped.iv as BufferSource, additionalData: new TextEncoder().encode(context) },
      record.wrapKey,
      wrapped.data as BufferSource,
    ),
  )
}
