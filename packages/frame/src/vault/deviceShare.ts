import type { DeviceRecord } from '../storage.js'
import { open, type Sealed, seal } from './aead.js'

/** Encrypts the device share under the record's wrapping key (non-extractable, in IndexedDB). */
export function wrapShare(record: DeviceRecord, share: Uint8Array, context: string): Promise<Sealed> {
  return seal(record.wrapKey, share, context)
}

/** Decrypts the device share wrapped by {@link wrapShare}; the caller zeroes the result after use. */
export function unwrapShare(record: DeviceRecord, wrapped: Sealed, context: string): Promise<Uint8Array> {
  return open(record.wrapKey, wrapped, context)
}
