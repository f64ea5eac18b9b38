import type { FastifyError, FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { handleError } from '../http/errors.js'
import type { LimitStore } from '../limits/store.js'
import { rpcContext } from './context.js'
import { failure, rpcCodes } from './jsonrpc.js'
import type { RpcProxyOptions } from './options.js'
import { forwardCalls } from './routes/forward.js'
import { listMethods } from './routes/methods.js'

const rpcRoutes = [forwardCalls, listMethods] as const

/**
 * The RPC endpoint of each project (spec §7 `{rpc host}/v1/?chainId&projectId`): the kit reads a
 * chain through it, and the app's node URL (with its API key) stays on the server. Registered in
 * a scope of its own: the body is read as text and checked by the proxy, and a body that is too
 * large or of another type is answered in JSON-RPC like every other bad call.
 */
export async function registerRpcRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    store: LimitStore
    upstreamOf: (projectId: string, chainId: string) => Promise<string | undefined>
    rpc: RpcProxyOptions
    /** How long a project's node URL is reused (the project lookups' `projectCacheMs`). */
    lookupCacheMs: number
  },
): Promise<void> {
  const context = rpcContext(options.rpc, options.store, options.upstreamOf, options.lookupCacheMs)
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    // text/plain too: a page may send it to skip the CORS preflight.
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: options.rpc.maxBodyBytes },
      (_request, body, done) => done(null, body),
    )
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply
          .code(413)
          .send(
            failure(
              null,
              rpcCodes.invalidRequest,
              `Invalid request: the body is larger than ${options.rpc.maxBodyBytes} bytes`,
            ),
          )
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        return reply
          .code(415)
          .send(failure(null, rpcCodes.invalidRequest, 'Invalid request: send the calls as application/json'))
      return handleError(error, request, reply)
    })
    for (const route of rpcRoutes)
      scope.route({
        method: route.method,
        url: route.url,
        preHandler: options.requireProject,
        schema: route.schema,
        handler: route.handler(context),
      })
  })
}
