/**
 * This device's own keys, made once per project and kept in IndexedDB as CryptoKey objects: the
 * device key (ECDSA P-256, signs device proofs) and the wrapping key of the device share
 * (AES-256-GCM). Both are non-extractable: no script, this frame's included, can read their bytes.
 */
export async function newDeviceKeys(): Promise<{ deviceKey: CryptoKeyPair; wrapKey: CryptoKey }> {
  return {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  }
}
