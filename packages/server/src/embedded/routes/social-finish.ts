import { randomUUID } from 'node:crypto'
import { projectQuery } from '../../http/schemas.js'
import { refusing, sha256, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { attemptIdSchema, devicePublicKeySchema } from './schemas.js'
import { type DevicePublicKey, openSession } from './sign-in.js'

const failures: Record<string, [number, string, string]> = {
  denied: [400, 'social_denied', 'The login was cancelled at the provider'],
  invalid: [400, 'social_invalid', "The provider's answer could not be verified"],
  unavailable: [503, 'provider_unavailable', 'The login provider did not answer: try again later'],
}

/**
 * The frame asks, with its attempt's secret, how its social login ended: `pending` while the
 * window is at the provider; a session once the provider vouched for the visitor (taken once).
 * The account is the one of (provider, subject); its first login joins the account of the same
 * email only when the provider verified that email.
 */
export const socialFinish: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/social/finish',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['attemptId', 'origin'],
      additionalProperties: false,
      properties: {
        attemptId: attemptIdSchema,
        origin: { type: 'string', maxLength: 300 },
        devicePublicKey: devicePublicKeySchema,
      },
    },
  },
  handler: ({ db, keys, limits, social }) =>
    refusing(async (request, reply) => {
      const project = request.project!
      const body = request.body as { attemptId: string; origin: string; devicePublicKey?: DevicePublicKey }
      const attempt = await social.getAttempt(sha256(body.attemptId))
      const expired = () => thrown(400, 'social_expired', 'This login has expired: start again')
      if (attempt === undefined || attempt.projectId !== project.id || attempt.expiresAt <= Date.now())
        throw expired()
      if (attempt.origin !== body.origin)
        throw thrown(403, 'origin_mismatch', 'This login was started on another site')
      if (attempt.status === 'pending' || attempt.status === 'exchanging')
        return reply.code(202).send({ status: 'pending' })
      if (attempt.status === 'failed') {
        const [status, code, message] = failures[attempt.error ?? ''] ?? failures.invalid!
        throw thrown(status, code, message)
      }
      // Refused before the attempt is taken, so a frame that forgot its key can ask again.
      if (attempt.deviceId === null && body.devicePublicKey === undefined)
        throw thrown(400, 'device_key_required', 'A new device must register its public key')
      if (attempt.subject === null || !(await social.transition(attempt.id, 'authorized', 'done')))
        throw expired()
      const user = await social.userFor(
        project.id,
        attempt.provider,
        {
          subject: attempt.subject,
          email: attempt.email,
          emailVerified: attempt.emailVerified,
          username: attempt.username,
        },
        {
          id: randomUUID(),
          createdAt: new Date().toISOString(),
          placeholder: `social:${attempt.provider}:${sha256(attempt.subject)}`,
        },
      )
      // The device the frame named counts only when it is this account's and still in use.
      const device = attempt.deviceId === null ? undefined : await db.getDevice(attempt.deviceId)
      const known = device !== undefined && device.userId === user.id && device.revokedAt === null
      const session = await openSession(
        { db, keys, sessionLifetimeMs: limits.sessionLifetimeMs },
        {
          projectId: project.id,
          user,
          deviceId: known ? device.id : null,
          devicePublicKey: body.devicePublicKey,
          userAgent: attempt.userAgent,
        },
      )
      // The provider and the name the visitor goes by there, for Account (spec §3 socialProvider,
      // user.username); nothing of the provider's tokens.
      return { status: 'done', ...session, provider: attempt.provider, username: attempt.username }
    }),
}
