import type { FastifySchema, RouteHandlerMethod } from 'fastify'
import type { EmbeddedContext } from './context.js'

/** One route of the embedded wallet's API: its schema beside its handler. */
export interface EmbeddedRoute {
  method: 'GET' | 'POST' | 'DELETE'
  url: string
  /** Answers for a project only (`?projectId=`, checked before the handler); the pages opened
   * from a mail belong to none. */
  project: boolean
  schema: FastifySchema
  /** The largest body it takes, in bytes (else the server's default). */
  bodyLimit?: number
  handler(context: EmbeddedContext): RouteHandlerMethod
}
