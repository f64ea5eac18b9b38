import { isEmail } from '@latch/core/internal'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { projectQuery } from '../http/schemas.js'
import type { EmbeddedAttempt, EmbeddedSession } from '../storage/embedded.js'
import {
  type CodeDeps,
  checkCode,
  issueCode,
  newAttempt,
  refusing,
  sha256,
  throttleMail,
  thrown,
} from './codes.js'
import { refuseUnestablished, refuseWhileHeld } from './recoveries.js'
import type { EmbeddedRouteOptions } from './routes.js'

interface EmailUpdateOptions extends EmbeddedRouteOptions {
  codeDeps: CodeDeps
  session(request: FastifyRequest): Promise<EmbeddedSession>
  describe(current: EmbeddedSession): Promise<unknown>
  liveAttempt(request: FastifyRequest, secret: string): Promise<EmbeddedAttempt>
  withProject: { preHandler: preHandlerAsyncHookHandler }
}

/**
 * Changing the login email of a signed-in account (spec §4: VERIFY_PRIMARY_OTP, then
 * VERIFY_SECONDARY_OTP): a code to the current address proves the mailbox of the account, a code
 * to the new address proves the new mailbox; only then does the login move. Same rules as the
 * login's codes (bound to an attempt only the frame holds, HMAC'd, expiry, attempt limits, the
 * 30 s throttle per address, constant-time compare), and the attempt is bound to the session's
 * device: another session, or another device of the same account, cannot finish it.
 */
export function registerEmailUpdateRoutes(app: FastifyInstance, options: EmailUpdateOptions): void {
  const { repository, store, mailer, limits, codeDeps, session, describe, liveAttempt } = options
  const db = repository.embedded
  const route = (extra: Record<string, unknown>, required: string[]) => ({
    ...options.withProject,
    schema: {
      querystring: projectQuery,
      body: { type: 'object', required, additionalProperties: false, properties: extra },
    },
  })
  const attemptId = { type: 'string', minLength: 4, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const
  const otp = { type: 'string', pattern: '^[0-9]{6}$' } as const
  const requireMailer = () => {
    if (mailer === undefined)
      throw thrown(503, 'mail_unavailable', 'Email login is not configured on this server (LATCH_SMTP_URL)')
    return mailer
  }
  /** The spec's 30 s between two code mails to one address, shared with the login. */
  const throttle = (projectId: string, email: string) =>
    throttleMail(store, `embedded-mail:${projectId}:${sha256(email)}`, limits.resendSeconds)
  /** The update attempt of this session's device, live and in `state`. */
  const ownAttempt = async (request: FastifyRequest, current: EmbeddedSession, secret: string) => {
    const attempt = await liveAttempt(request, secret)
    if (attempt.action !== 'UPDATE_EMAIL' || attempt.deviceId !== current.deviceId)
      throw thrown(400, 'EXPIRED_OTP', 'This email change has expired: start again')
    return attempt
  }

  /**
   * A code step of the update: the session's own attempt, its user, and the code of `phase`
   * (mailed to the current address for `primary`, to the new one for `secondary`) checked once.
   */
  const step = async (request: FastifyRequest, phase: 'primary' | 'secondary') => {
    const project = request.project!
    const current = await session(request)
    const body = request.body as { attemptId: string; otp: string }
    const attempt = await ownAttempt(request, current, body.attemptId)
    const user = await db.getUser(current.userId)
    if (user === undefined) throw thrown(401, 'session_ended', 'The session is not valid')
    await checkCode(codeDeps, {
      attempt,
      otp: body.otp,
      projectId: project.id,
      ip: request.ip,
      phase,
      state: phase === 'primary' ? 'primary_sent' : 'secondary_sent',
      next: phase === 'primary' ? 'secondary_sent' : 'done',
      email: phase === 'primary' ? user.email : attempt.email,
    })
    return { project, current, attempt, user }
  }

  app.post(
    '/embedded/v1/email',
    route({ email: { type: 'string', maxLength: 254 } }, ['email']),
    refusing(async (request) => {
      const project = request.project!
      const current = await session(request)
      const user = await db.getUser(current.userId)
      if (user === undefined) throw thrown(401, 'session_ended', 'The session is not valid')
      const email = (request.body as { email: string }).email.trim().toLowerCase()
      if (!isEmail(email)) throw thrown(400, 'invalid_email', 'Invalid email')
      if (email === user.email) throw thrown(400, 'same_email', 'This is already the email of this account')
      // A mailbox attacker's device (held, stopped, never re-shared) never moves the login, and
      // nobody does while a recovery is held: the owner's mails must keep reaching the owner.
      await refuseUnestablished(db, current)
      await refuseWhileHeld(db, user.id)
      const perIp = await store.increment(`embedded-login-ip:${request.ip}`, limits.windowMs)
      if (perIp.count > limits.ipLogins) {
        const retryAfter = Math.ceil(perIp.resetMs / 1000)
        throw thrown(429, 'THROTTLED', `Please try again after ${retryAfter} seconds`, { retryAfter })
      }
      await throttle(project.id, user.email)
      const mail = requireMailer()
      const { secret, attempt } = newAttempt(request, {
        projectId: project.id,
        // The new address; the current one is the user's, read again at each step.
        email,
        deviceId: current.deviceId,
        action: 'UPDATE_EMAIL',
        state: 'primary_sent',
        confirmId: null,
      })
      await db.insertAttempt(attempt)
      const code = await issueCode(codeDeps, attempt.id, 'primary')
      const minutes = Math.round(limits.codeLifetimeMs / 60_000)
      await mail.send({
        to: user.email,
        subject: `Your ${project.name} code to change your email`,
        text: `Your code to change the login email of your ${project.name} wallet is ${code}.\n\nThe new email would be ${email}. The code expires in ${minutes} minutes. If you did not ask for this, do not share the code: your email stays as it is.`,
      })
      return { attemptId: secret, action: 'VERIFY_PRIMARY_OTP' }
    }),
  )

  app.post(
    '/embedded/v1/email/primary',
    route({ attemptId, otp }, ['attemptId', 'otp']),
    refusing(async (request) => {
      const { project, attempt } = await step(request, 'primary')
      // No throttle of its own on the new address's mail: it goes out only after a valid code of
      // the current address, whose mails are throttled, so it cannot come faster than those.
      const code = await issueCode(codeDeps, attempt.id, 'secondary')
      const minutes = Math.round(limits.codeLifetimeMs / 60_000)
      await requireMailer().send({
        to: attempt.email,
        subject: `Your ${project.name} code to confirm this email`,
        text: `Your code to make this address the login email of your ${project.name} wallet is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for this, ignore this mail.`,
      })
      return { action: 'VERIFY_SECONDARY_OTP' }
    }),
  )

  app.post(
    '/embedded/v1/email/secondary',
    route({ attemptId, otp }, ['attemptId', 'otp']),
    refusing(async (request) => {
      const { project, current, attempt, user } = await step(request, 'secondary')
      await refuseUnestablished(db, current)
      if (!(await db.changeEmail(user.id, project.id, attempt.email))) {
        // Refused in the same statement while a recovery is held; else the address is taken.
        await refuseWhileHeld(db, user.id)
        throw thrown(409, 'email_taken', 'This email already belongs to another account')
      }
      // The old mailbox hears of it: if the change was not its owner's, they know at once.
      await requireMailer()
        .send({
          to: user.email,
          subject: `The login email of your ${project.name} wallet was changed`,
          text: `The login email of your ${project.name} wallet was changed to ${attempt.email}.\n\nThis address no longer signs in to that wallet. If you did not do this, contact ${project.name}.`,
        })
        .catch(() => undefined)
      return describe(current)
    }),
  )
}
