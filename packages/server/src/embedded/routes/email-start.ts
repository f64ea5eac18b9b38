import { isEmail } from '@latch/core/internal'
import { projectQuery } from '../../http/schemas.js'
import { issueCode, newAttempt, refusing, thrown } from '../codes.js'
import { emailUpdateSteps } from '../email-update.js'
import { refuseUnestablished, refuseWhileHeld } from '../recoveries.js'
import type { EmbeddedRoute } from './route.js'

// Changing the login email, first step: a code to the current address.
export const emailStart: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/email',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['email'],
      additionalProperties: false,
      properties: { email: { type: 'string', maxLength: 254 } },
    },
  },
  handler: (context) => {
    const { store, limits, db, requireMailer, codeDeps, session } = context
    const { throttle } = emailUpdateSteps(context)
    return refusing(async (request) => {
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
    })
  },
}
