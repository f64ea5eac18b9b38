import { createPublicKey, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { EmbeddedRepository, EmbeddedUser } from '../../storage/embedded.js'
import { thrown } from '../codes.js'
import type { KeyRing } from '../keys.js'
import { audienceOf, embeddedTokenType } from './constants.js'

/** A device's P-256 public key as the frame sends it. */
export type DevicePublicKey = { kty: string; crv: string; x: string; y: string }

/**
 * The end of every login, whichever way the visitor proved who they are (a code, a provider):
 * a new device registers its public key, then a session for the user on that device. What the
 * device may do with it (its share, a recovery) is decided by the routes after, the same for all.
 */
export async function openSession(
  deps: { db: EmbeddedRepository; keys: KeyRing; sessionLifetimeMs: number },
  input: {
    projectId: string
    user: EmbeddedUser
    /** A known device of the user, or null for a new one. */
    deviceId: string | null
    devicePublicKey: DevicePublicKey | undefined
    userAgent: string
  },
): Promise<{ token: string; deviceId: string; expiresAt: string }> {
  const { db, keys } = deps
  const now = new Date().toISOString()
  let deviceId = input.deviceId
  if (deviceId === null) {
    if (input.devicePublicKey === undefined)
      throw thrown(400, 'device_key_required', 'A new device must register its public key')
    const { kty, crv, x, y } = input.devicePublicKey
    try {
      createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' })
    } catch {
      throw thrown(400, 'device_key_required', 'The device key is not a P-256 public key')
    }
    deviceId = randomUUID()
    await db.insertDevice({
      id: deviceId,
      userId: input.user.id,
      publicJwk: JSON.stringify({ kty, crv, x, y }),
      userAgent: input.userAgent,
      createdAt: now,
    })
  }
  const sessionId = randomUUID()
  const expiresAt = new Date(Date.now() + deps.sessionLifetimeMs)
  await db.insertSession({
    id: sessionId,
    projectId: input.projectId,
    userId: input.user.id,
    deviceId,
    createdAt: now,
    expiresAt: expiresAt.toISOString(),
  })
  const signing = await keys.sessionPrivateKey()
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: embeddedTokenType })
    .setSubject(input.user.id)
    .setAudience(audienceOf(input.projectId))
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signing.key)
  return { token, deviceId, expiresAt: expiresAt.toISOString() }
}
