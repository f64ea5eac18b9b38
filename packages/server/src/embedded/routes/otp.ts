import { createPublicKey, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { projectQuery } from '../../http/schemas.js'
import { checkCode, refusing, thrown } from '../codes.js'
import { audienceOf, embeddedTokenType } from './constants.js'
import type { EmbeddedRoute } from './route.js'
import { attemptBody, b64 } from './schemas.js'

export const otp: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/otp',
  project: true,
  schema: {
    querystring: projectQuery,
    body: attemptBody(
      {
        otp: { type: 'string', pattern: '^[0-9]{6}$' },
        devicePublicKey: {
          type: 'object',
          required: ['kty', 'crv', 'x', 'y'],
          additionalProperties: true,
          properties: { kty: { const: 'EC' }, crv: { const: 'P-256' }, x: b64(64), y: b64(64) },
        },
      },
      ['otp'],
    ),
  },
  handler: ({ keys, limits, db, codeDeps, liveAttempt }) =>
    refusing(async (request) => {
      const project = request.project!
      const body = request.body as {
        attemptId: string
        otp: string
        devicePublicKey?: { kty: string; crv: string; x: string; y: string }
      }
      const attempt = await liveAttempt(request, body.attemptId)
      if (attempt.action === 'UPDATE_EMAIL') throw thrown(400, 'INVALID_OTP', 'Invalid code')
      await checkCode(codeDeps, {
        attempt,
        phase: 'login',
        state: 'code_sent',
        next: 'done',
        email: attempt.email,
        otp: body.otp,
        projectId: project.id,
        ip: request.ip,
      })
      const now = new Date().toISOString()
      const user = await db.ensureUser({
        id: randomUUID(),
        projectId: project.id,
        email: attempt.email,
        createdAt: now,
      })
      let deviceId = attempt.deviceId
      if (deviceId === null) {
        if (body.devicePublicKey === undefined)
          throw thrown(400, 'device_key_required', 'A new device must register its public key')
        const { kty, crv, x, y } = body.devicePublicKey
        try {
          createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' })
        } catch {
          throw thrown(400, 'device_key_required', 'The device key is not a P-256 public key')
        }
        deviceId = randomUUID()
        await db.insertDevice({
          id: deviceId,
          userId: user.id,
          publicJwk: JSON.stringify({ kty, crv, x, y }),
          userAgent: attempt.userAgent,
          createdAt: now,
        })
      }
      const sessionId = randomUUID()
      const expiresAt = new Date(Date.now() + limits.sessionLifetimeMs)
      await db.insertSession({
        id: sessionId,
        projectId: project.id,
        userId: user.id,
        deviceId,
        createdAt: now,
        expiresAt: expiresAt.toISOString(),
      })
      const signing = await keys.sessionPrivateKey()
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: embeddedTokenType })
        .setSubject(user.id)
        .setAudience(audienceOf(project.id))
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(signing.key)
      return { token, deviceId, expiresAt: expiresAt.toISOString() }
    }),
}
