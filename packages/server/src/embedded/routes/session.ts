import { createPublicKey, verify } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { jwtVerify } from 'jose'
import type { LimitStore } from '../../limits/store.js'
import type { EmbeddedRepository, EmbeddedSession } from '../../storage/embedded.js'
import { thrown } from '../codes.js'
import type { KeyRing } from '../keys.js'
import { refuseCancelled } from '../recoveries.js'
import { audienceOf, embeddedTokenType } from './constants.js'

interface SessionDeps {
  db: EmbeddedRepository
  keys: KeyRing
  store: LimitStore
}

/** The checks every signed-in route runs: the session token, and the device key's proof. */
export function sessionChecks({ db, keys, store }: SessionDeps) {
  /**
   * The request's live session. `stoppedMayRead`: a device whose recovery its owner stopped may
   * still read its own description (the frame reads it first, then learns from every other
   * route that it was stopped); nothing else answers it.
   */
  async function session(request: FastifyRequest, stoppedMayRead = false): Promise<EmbeddedSession> {
    const header = request.headers.authorization
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
    if (token === undefined)
      throw thrown(401, 'unauthorized', 'A session token is required (Authorization: Bearer …)')
    const project = request.project!
    const claims = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid === undefined ? undefined : await keys.sessionPublicKey(header.kid)
        if (key === undefined) throw new Error('Unknown key')
        return key
      },
      { audience: audienceOf(project.id), typ: embeddedTokenType, algorithms: ['ES256'] },
    ).catch(() => undefined)
    const id = claims?.payload.jti
    const stored = typeof id === 'string' ? await db.getSession(id) : undefined
    const ended = () =>
      thrown(401, 'session_ended', 'The session is not valid, has expired or was signed out')
    if (stored === undefined || stored.projectId !== project.id || Date.parse(stored.expiresAt) <= Date.now())
      throw ended()
    // A removed device's sessions end with it; one whose recovery the owner stopped is told so.
    if ((await db.getDevice(stored.deviceId))?.revokedAt !== null) {
      if (stoppedMayRead && (await db.latestRecovery(stored.deviceId))?.state === 'cancelled') return stored
      await refuseCancelled(db, stored.deviceId)
      throw ended()
    }
    if (stored.revokedAt !== null) throw ended()
    return stored
  }

  /** The device of the session must sign `purpose` over a fresh server nonce. */
  async function deviceProof(
    request: FastifyRequest,
    current: EmbeddedSession,
    purpose: string,
    body: { nonce: string; signature: string },
  ) {
    const device = await db.getDevice(current.deviceId)
    if (device === undefined || device.revokedAt !== null)
      throw thrown(403, 'device_revoked', 'This device was removed')
    const message = `latch-embedded/1|${purpose}|${request.project!.id}|${current.id}|${body.nonce}`
    let valid = false
    try {
      const key = createPublicKey({ key: JSON.parse(device.publicJwk), format: 'jwk' })
      valid = verify(
        'sha256',
        Buffer.from(message),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(body.signature, 'base64url'),
      )
    } catch {
      valid = false
    }
    // The nonce is spent only by a valid signature, and only once across every instance.
    if (!valid || !(await store.consume(`embedded-nonce:${current.id}:${body.nonce}`)))
      throw thrown(403, 'invalid_device_proof', 'The device signature or its nonce is not valid')
    return device
  }

  return { session, deviceProof }
}
