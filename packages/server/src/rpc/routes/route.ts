import type { FastifySchema, RouteHandlerMethod } from 'fastify'
import type { RpcContext } from '../context.js'

/** One route of the RPC proxy: its schema beside its handler. Every one answers for a project. */
export interface RpcRoute {
  method: 'GET' | 'POST'
  url: string
  schema: FastifySchema
  handler(context: RpcContext): RouteHandlerMethod
}
