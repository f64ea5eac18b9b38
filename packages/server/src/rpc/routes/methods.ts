import { sendError } from '../../http/errors.js'
import { allowedMethods } from '../methods.js'
import type { RpcRoute } from './route.js'
import { rpcQuery, unsupportedChain } from './schemas.js'

/**
 * `GET /v1/?chainId&projectId`: whether the project serves the chain, and the methods it
 * forwards; the node itself is not contacted, so a kit may ask on every open.
 */
export const listMethods: RpcRoute = {
  method: 'GET',
  url: '/v1',
  schema: { querystring: rpcQuery },
  handler: (context) => async (request, reply) => {
    const project = request.project!
    const { chainId } = request.query as { chainId: string }
    if ((await context.upstreamOf(project.id, chainId)) === undefined)
      return sendError(reply, 400, 'unsupported_chain', unsupportedChain(project.id, chainId))
    return { chainId, methods: [...allowedMethods(chainId)] }
  },
}
