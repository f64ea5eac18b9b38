import { projectOrigins } from '../../http/project.js'
import { projectQuery } from '../../http/schemas.js'
import { isOriginPattern } from '../../origins.js'
import type { EmbeddedRoute } from './route.js'

export const config: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/config',
  project: true,
  schema: { querystring: projectQuery },
  handler:
    ({ repository, db }) =>
    async (request) => {
      const project = request.project!
      return {
        projectId: project.id,
        name: project.name,
        // Only patterns the server's full check accepts; the frame matches with the same code.
        allowedOrigins: projectOrigins(project).filter(isOriginPattern),
        recovery: await db.getRecoveryPolicy(project.id),
        // The chains the frame signs for and reads from (`project set-rpc`), never the page's. Only
        // their ids: the frame reads through this server's RPC endpoint and sends through
        // `/embedded/v1/broadcast`, so the node URLs (and the API keys in them) stay here.
        chains: Object.keys(await repository.siwx.listRpcUrls(project.id)),
      }
    },
}
