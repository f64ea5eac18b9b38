import { randomBytes } from 'node:crypto'
import { isEmail } from '@latch/core/internal'
import { projectQuery } from '../../http/schemas.js'
import { newAttempt, refusing, sha256, throttleMail, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { deviceIdSchema } from './schemas.js'

export const login: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/login',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['email'],
      additionalProperties: false,
      properties: { email: { type: 'string', maxLength: 254 }, deviceId: deviceIdSchema },
    },
  },
  handler: ({ store, limits, db, requireMailer, sendCode, sendDeviceLink }) =>
    refusing(async (request) => {
      const project = request.project!
      const body = request.body as { email: string; deviceId?: string }
      const email = body.email.trim().toLowerCase()
      // The kit's own check (spec §5), run again here: the server never trusts the page's.
      if (!isEmail(email)) throw thrown(400, 'invalid_email', 'Invalid email')
      const perIp = await store.increment(`embedded-login-ip:${request.ip}`, limits.windowMs)
      if (perIp.count > limits.ipLogins) {
        const retryAfter = Math.ceil(perIp.resetMs / 1000)
        throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
      }
      await throttleMail(store, `embedded-mail:${project.id}:${sha256(email)}`, limits.resendSeconds)
      requireMailer()
      const user = await db.findUser(project.id, email)
      const device = user && body.deviceId ? await db.getDevice(body.deviceId) : undefined
      const knownDevice = device !== undefined && device.userId === user?.id && device.revokedAt === null
      // A known email on an unknown device must confirm the device from the mailbox first.
      const action = user !== undefined && !knownDevice ? 'VERIFY_DEVICE' : 'VERIFY_OTP'
      const confirmToken = action === 'VERIFY_DEVICE' ? randomBytes(32).toString('base64url') : undefined
      const { secret, attempt } = newAttempt(request, {
        projectId: project.id,
        email,
        deviceId: knownDevice ? device.id : null,
        action,
        state: action === 'VERIFY_DEVICE' ? 'device_pending' : 'code_sent',
        confirmId: confirmToken === undefined ? null : sha256(confirmToken),
      })
      await db.insertAttempt(attempt)
      if (confirmToken !== undefined) await sendDeviceLink(request, project, email, confirmToken)
      else await sendCode(project, attempt)
      return { attemptId: secret, action }
    }),
}
