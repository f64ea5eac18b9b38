import { projectQuery } from '../../http/schemas.js'
import { issueExportCode, refusing, throttleMail, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'
import { proofBody } from './schemas.js'

// Export of the recovery phrase and keys (shown in the frame origin's own top-level window):
// a fresh code mailed to the account, bound to this session and to an export id only that
// window holds, checked once; a passed check mails the owner that the wallet was exported.
export const exportCode: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/export/code',
  project: true,
  schema: { querystring: projectQuery, body: proofBody },
  handler: ({ store, limits, db, requireMailer, codeDeps, session, deviceProof }) =>
    refusing(async (request) => {
      const current = await session(request)
      await deviceProof(request, current, 'export-code', request.body as { nonce: string; signature: string })
      const user = await db.getUser(current.userId)
      if (user?.eip155Address == null) throw thrown(404, 'no_wallet', 'This account has no wallet yet')
      const project = request.project!
      await throttleMail(store, `embedded-export-mail:${project.id}:${current.userId}`, limits.resendSeconds)
      const mail = requireMailer()
      const { code, exportId, kid } = await issueExportCode(codeDeps, current.id)
      const minutes = Math.round(limits.codeLifetimeMs / 60_000)
      await mail.send({
        to: user.email,
        subject: `Your ${project.name} wallet export code`,
        text: `Your code to export your ${project.name} wallet is ${code}.\n\nIt expires in ${minutes} minutes. Exporting shows your recovery phrase and private keys: anyone who sees them controls your wallet. If you did not ask for it, do not share this code with anyone, and secure your mailbox.`,
      })
      return { exportId, kid }
    }),
}
