import { projectQuery } from '../../http/schemas.js'
import { refusing, thrown } from '../codes.js'
import { emailUpdateSteps } from '../email-update.js'
import { refuseUnestablished, refuseWhileHeld } from '../recoveries.js'
import type { EmbeddedRoute } from './route.js'
import { attemptIdSchema } from './schemas.js'

// The new address's code: the login moves, and the old mailbox is told.
export const emailSecondary: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/email/secondary',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['attemptId', 'otp'],
      additionalProperties: false,
      properties: { attemptId: attemptIdSchema, otp: { type: 'string', pattern: '^[0-9]{6}$' } },
    },
  },
  handler: (context) => {
    const { db, requireMailer, describe } = context
    const { step } = emailUpdateSteps(context)
    return refusing(async (request) => {
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
    })
  },
}
