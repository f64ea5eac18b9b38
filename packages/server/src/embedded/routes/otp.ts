import { randomUUID } from 'node:crypto'
import { projectQuery } from '../../http/schemas.js'
import { checkCode, refusing, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { attemptBody, devicePublicKeySchema } from './schemas.js'
import { type DevicePublicKey, openSession } from './sign-in.js'

export const otp: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/otp',
  project: true,
  schema: {
    querystring: projectQuery,
    body: attemptBody(
      {
        otp: { type: 'string', pattern: '^[0-9]{6}$' },
        devicePublicKey: devicePublicKeySchema,
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
        devicePublicKey?: DevicePublicKey
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
      const user = await db.ensureUser({
        id: randomUUID(),
        projectId: project.id,
        email: attempt.email,
        createdAt: new Date().toISOString(),
      })
      return openSession(
        { db, keys, sessionLifetimeMs: limits.sessionLifetimeMs },
        {
          projectId: project.id,
          user,
          deviceId: attempt.deviceId,
          devicePublicKey: body.devicePublicKey,
          userAgent: attempt.userAgent,
        },
      )
    }),
}
