import { sendError } from '../../http/errors.js'
import { answerCalls } from '../answer.js'
import { failure, parseBody, rpcCodes } from '../jsonrpc.js'
import type { RpcRoute } from './route.js'
import { rpcQuery, unsupportedChain } from './schemas.js'

/**
 * `POST /v1/?chainId&projectId`: JSON-RPC 2.0, one call or a batch, forwarded to the project's
 * node for the chain when it is an allowed read and not answered from the cache.
 */
export const forwardCalls: RpcRoute = {
  method: 'POST',
  url: '/v1',
  schema: { querystring: rpcQuery },
  handler: (context) => async (request, reply) => {
    const project = request.project!
    const { chainId } = request.query as { chainId: string }
    const url = await context.upstreamOf(project.id, chainId)
    if (url === undefined)
      return sendError(reply, 400, 'unsupported_chain', unsupportedChain(project.id, chainId))
    const body = parseBody(request.body as string, context.options.maxBatch)
    if (!body.ok) return reply.code(400).send(body.answer)
    const wait = await context.overLimit(request)
    if (wait !== undefined) {
      const answers = body.items.map((item) =>
        failure(item.id, rpcCodes.limitExceeded, `Limit exceeded: retry in ${wait} s`),
      )
      return reply
        .code(429)
        .header('retry-after', wait)
        .send(body.batch ? answers : answers[0])
    }
    const { status, answers } = await answerCalls(context, chainId, url, body.items)
    return reply.code(status).send(body.batch ? answers : answers[0])
  },
}
