import { projectQuery } from '../../http/schemas.js'
import { issueCode, refusing } from '../codes.js'
import { emailUpdateSteps } from '../email-update.js'
import type { EmbeddedRoute } from './route.js'
import { attemptIdSchema } from './schemas.js'

// The current address's code: a code to the new address.
export const emailPrimary: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/email/primary',
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
    const { limits, requireMailer, codeDeps } = context
    const { step } = emailUpdateSteps(context)
    return refusing(async (request) => {
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
    })
  },
}
