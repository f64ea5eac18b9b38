import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js'

/** The body of every error response. */
interface ErrorBody {
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

/** Pattern of page-like numbers: decimal digits only. */
export const wholeNumberPattern = '^[0-9]{1,6}$'

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
  if (first.keyword === 'pattern') {
    detail = params.pattern === wholeNumberPattern ? 'must be a whole number' : 'has an invalid format'
  }
  if (first.keyword === 'enum') detail = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
  return new Error(`${part} ${name || '(root)'} ${detail}`)
}

/**
 * The database could not be reached in time (connect, pool wait, statement or read timeout, lost
 * connection): the request may succeed when retried, so it is a 503, not a 500.
 */
function isDatabaseUnavailable(error: Error & { code?: string }): boolean {
  return (
    error.code === '57014' || // statement_timeout
    error.code === '57P01' || // admin shutdown
    error.code === 'ECONNREFUSED' ||
    error.code === 'ECONNRESET' ||
    error.code === 'SQLITE_BUSY' ||
    /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Connection ended/i.test(
      error.message,
    )
  )
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
  if (status === 413 || status === 414 || status === 431) {
    return sendError(reply, status, 'request_too_large', error.message)
  }
  if (status >= 400 && status < 500) {
    // Fastify's own messages (bad URL, unsupported media type, …) are safe to show; they never
    // carry stored data.
    return sendError(reply, status, status === 404 ? 'not_found' : 'invalid_request', error.message)
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable')
    reply.header('retry-after', 5)
    return sendError(reply, 503, 'unavailable', 'The database does not answer; retry shortly')
  }
  request.log.error({ err: error }, 'request failed')
  return sendError(reply, 500, 'internal_error', 'The server could not handle the request')
}

/** Headers on every response: no content sniffing, no framing, no referrer, no caching by default. */
const securityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}
/** What a JSON response may do when opened directly in a browser: nothing. */
const defaultContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

/** Add the security headers, and `no-store` / the strict CSP unless the route set its own. */
export function applyStandardHeaders(reply: FastifyReply): void {
  // A page that sets its own `frame-ancestors` (the embedded-wallet frame) is framed by exactly
  // those ancestors; X-Frame-Options has no way to say so, so it is left out there.
  const csp = reply.getHeader('content-security-policy')
  const framable = typeof csp === 'string' && /frame-ancestors (?!'none')/.test(csp)
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (framable && name === 'x-frame-options') continue
    reply.header(name, value)
  }
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  if (!reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', defaultContentSecurityPolicy)
  }
}

/**
 * Errors Fastify raises before routing: a malformed percent-encoding (400) or a path segment over
 * the length limit (414). The URL is not echoed back.
 */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  applyStandardHeaders(reply)
  if (error.statusCode === 414)
    return sendError(reply, 414, 'request_too_large', 'A path segment is too long')
  if (error.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, 'invalid_request', 'The URL is not validly encoded')
  return sendError(reply, 400, 'invalid_request', 'The request could not be routed')
}

const clientErrorStatus: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers (or the URL) are too large'],
  HPE_URI_TOO_LONG: [414, 'The URL is too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
}

/**
 * Requests Node's HTTP parser refuses never reach a route; they still get the documented body
 * and the headers every other response carries.
 */
export function handleClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return void socket.destroy()
  const [status, message] = clientErrorStatus[error.code ?? ''] ?? [400, 'The request is not valid HTTP']
  const body = JSON.stringify({
    error: status === 400 ? 'invalid_request' : status === 408 ? 'request_timeout' : 'request_too_large',
    message,
  } satisfies ErrorBody)
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'content-security-policy': defaultContentSecurityPolicy,
    connection: 'close',
    ...securityHeaders,
  }
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    414: 'URI Too Long',
    431: 'Request Header Fields Too Large',
  }[status]
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`)
}
