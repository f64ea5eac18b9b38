import { projectQuery } from '../../http/schemas.js'
import { describeAgent } from '../agent.js'
import { checkExportCode, refusing, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { b64, signed } from './schemas.js'

export const exportConfirm: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/export/confirm',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['exportId', 'kid', 'otp', 'nonce', 'signature'],
      additionalProperties: false,
      properties: {
        exportId: b64(64),
        kid: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' },
        otp: { type: 'string', pattern: '^[0-9]{6}$' },
        ...signed,
      },
    },
  },
  handler: ({ db, requireMailer, codeDeps, session, deviceProof }) =>
    refusing(async (request) => {
      const current = await session(request)
      const body = request.body as {
        exportId: string
        kid: string
        otp: string
        nonce: string
        signature: string
      }
      await deviceProof(request, current, 'export', body)
      const project = request.project!
      await checkExportCode(codeDeps, {
        sessionId: current.id,
        exportId: body.exportId,
        kid: body.kid,
        otp: body.otp,
      })
      const user = await db.getUser(current.userId)
      if (user === undefined) throw thrown(401, 'session_ended', 'The session is not valid')
      await requireMailer().send({
        to: user.email,
        subject: `Your ${project.name} wallet was exported`,
        text: `The recovery phrase and private keys of your ${project.name} wallet were just shown on a device signed in with this email.\n\nBrowser (as reported by the device): ${describeAgent(request.headers['user-agent'])}\nIP address: ${request.ip}\nTime: ${new Date().toUTCString()}\n\nIf this was not you, move your funds to a new wallet now and secure your mailbox.`,
      })
      return { ok: true }
    }),
}
