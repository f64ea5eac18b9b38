// The request schemas the embedded routes share; a route's own schema stays in its file.

/** Base64url of at most `max` characters. */
export const b64 = (max: number) =>
  ({ type: 'string', minLength: 4, maxLength: max, pattern: '^[A-Za-z0-9_-]+$' }) as const
export const attemptIdSchema = b64(64)
/** A notice's id (a UUID). */
export const noticeId = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const
export const deviceIdSchema = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const
export const signed = {
  nonce: b64(64),
  signature: b64(128),
} as const
export const recoverySchema = {
  type: 'object',
  required: ['mode', 'share'],
  additionalProperties: false,
  properties: {
    mode: { type: 'string', enum: ['password', 'passkey', 'server'] },
    // The frame's ciphertext (JSON: KDF parameters, salt, iv, data), opaque to the server; with
    // server-assisted recovery, the share itself (base64url), which the server encrypts.
    share: { type: 'string', minLength: 16, maxLength: 4096, pattern: '^[\\x20-\\x7e]+$' },
  },
} as const
/** A device's P-256 public key (JWK), registered by a new device at the end of a login. */
export const devicePublicKeySchema = {
  type: 'object',
  required: ['kty', 'crv', 'x', 'y'],
  additionalProperties: true,
  properties: { kty: { const: 'EC' }, crv: { const: 'P-256' }, x: b64(64), y: b64(64) },
} as const
export const addressSchema = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
export const solanaSchema = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } as const

export const attemptBody = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['attemptId', ...required],
  additionalProperties: false,
  properties: { attemptId: attemptIdSchema, ...extra },
})

export const tokenQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: b64(64) },
} as const

export const shareBody = {
  type: 'object',
  required: ['eip155Address', 'authShare', 'recovery', 'nonce', 'signature'],
  additionalProperties: false,
  properties: {
    eip155Address: addressSchema,
    solanaAddress: solanaSchema,
    authShare: b64(512),
    recovery: recoverySchema,
    ...signed,
  },
} as const
export type ShareBody = {
  eip155Address: string
  solanaAddress?: string
  authShare: string
  recovery: { mode: string; share: string }
  nonce: string
  signature: string
}

export const proofBody = {
  type: 'object',
  required: ['nonce', 'signature'],
  additionalProperties: false,
  properties: signed,
} as const
