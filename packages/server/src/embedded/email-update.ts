import type { FastifyRequest } from 'fastify'
import type { EmbeddedSession } from '../storage/embedded.js'
import { checkCode, sha256, throttleMail, thrown } from './codes.js'
import type { EmbeddedContext } from './routes/context.js'

/**
 * Changing the login email of a signed-in account (spec §4: VERIFY_PRIMARY_OTP, then
 * VERIFY_SECONDARY_OTP): a code to the current address proves the mailbox of the account, a code
 * to the new address proves the new mailbox; only then does the login move. Same rules as the
 * login's codes (bound to an attempt only the frame holds, HMAC'd, expiry, attempt limits, the
 * 30 s throttle per address, constant-time compare), and the attempt is bound to the session's
 * device: another session, or another device of the same account, cannot finish it.
 */
export function emailUpdateSteps({ store, limits, db, codeDeps, session, liveAttempt }: EmbeddedContext) {
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

  return { throttle, step }
}
