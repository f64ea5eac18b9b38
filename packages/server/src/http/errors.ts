import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js'

/** The body of every error response. */
export interface ErrorBody {
  /** Stable machine-readable code. */
  error: string
  /** A sentence for the developer reading the response. */
  message: string
}

/** Send `{ error, message }` with the status. */
export function sendError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error, message } satisfies ErrorBody)
}

const parts: Record<string, string> = {
  querystring: 'Query parameter',
  params: 'Path parameter',
  headers: 'Header',
  body: 'Body field',
}

/**
 * Turn Ajv's first error into one sentence naming the parameter, e.g.
 * "Query parameter entries must be <= 100".
 */
export function formatSchemaErrors(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): Error {
  const [first] = errors
  const part = parts[dataVar] ?? dataVar
  if (first === undefined) return new Error(`${part} is invalid`)
  const params = first.params as Record<string, unknown>
  if (first.keyword === 'required') {
    return new Error(`${part} ${String(params.missingProperty)} is required`)
  }
  const name = first.instancePath.replace(/^\//, '').replace(/\//g, '.')
  let detail = first.message ?? 'is invalid'
  if (first.keyword === 'pattern') detail = 'has an invalid format'
  if (first.keyword === 'enum') detail = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
  return new Error(`${part} ${name || '(root)'} ${detail}`)
}

/** Every failure leaves as `{ error, message }`; internal details stay in the log. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    const missingProject = error.validation.some(
      (e) =>
        e.keyword === 'required' && (e.params as Record<string, unknown>).missingProperty === 'projectId',
    )
    return missingProject
      ? sendError(
          reply,
          400,
          'missing_project_id',
          'Query parameter projectId is required: create a project with `latch-server project create` and pass its id',
        )
      : sendError(reply, 400, 'invalid_request', error.message)
  }
  const status = error.statusCode ?? 500
  if (status === 429) {
    return sendError(reply, 429, 'rate_limited', error.message)
  }
  if (status >= 400 && status < 500) {
    return sendError(reply, status, 'invalid_request', error.message)
  }
  request.log.error({ err: error }, 'request failed')
  return sendError(reply, 500, 'internal_error', 'The server could not handle the request')
}
