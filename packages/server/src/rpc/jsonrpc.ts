/**
 * JSON-RPC 2.0 as the proxy reads and answers it: the body is checked call by call, so one bad
 * call in a batch gets its own error and the others still run (JSON-RPC 2.0 §6).
 */

export type RpcId = string | number | null

/** A call that passed the checks, ready to forward or answer from the cache. */
export interface RpcCall {
  id: RpcId
  method: string
  params?: unknown[] | Record<string, unknown>
}

export interface RpcError {
  code: number
  message: string
  data?: unknown
}

export type RpcAnswer = { jsonrpc: '2.0'; id: RpcId } & ({ result: unknown } | { error: RpcError })

/** JSON-RPC 2.0 and EIP-1474 codes the proxy answers with. */
export const rpcCodes = {
  parse: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
  unavailable: -32002,
  notSupported: -32004,
  limitExceeded: -32005,
} as const

/** The spec's text for a refused call (§6, §8). */
export const notAllowedMessage = 'Requested RPC call is not allowed'

export function failure(id: RpcId, code: number, message: string, data?: unknown): RpcAnswer {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } }
}

export function success(id: RpcId, result: unknown): RpcAnswer {
  return { jsonrpc: '2.0', id, result }
}

/** The body as a whole: one call, or a batch of 1 to `maxBatch`, or an error for all of it. */
export type ParsedBody =
  | { ok: true; batch: boolean; items: (RpcCall | RpcAnswer)[] }
  | { ok: false; answer: RpcAnswer }

const maxIdLength = 128
const maxMethodLength = 64

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function idOf(value: unknown): RpcId | undefined {
  if (value === null) return null
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.length <= maxIdLength) return value
  return undefined
}

/** One element of the body: a call, or the error answer that replaces it. */
function readCall(value: unknown): RpcCall | RpcAnswer {
  const invalid = (id: RpcId, why: string) => failure(id, rpcCodes.invalidRequest, `Invalid request: ${why}`)
  if (!isObject(value)) return invalid(null, 'each call must be a JSON object')
  if (!('id' in value)) return invalid(null, 'id is required (notifications are not forwarded)')
  const id = idOf(value.id)
  if (id === undefined)
    return invalid(null, `id must be a string of at most ${maxIdLength} characters, a number or null`)
  if (value.jsonrpc !== '2.0') return invalid(id, 'jsonrpc must be "2.0"')
  const { method, params } = value
  if (typeof method !== 'string' || method.length === 0 || method.length > maxMethodLength)
    return invalid(id, `method must be a name of 1 to ${maxMethodLength} characters`)
  if (params !== undefined && !Array.isArray(params) && !isObject(params))
    return failure(id, rpcCodes.invalidParams, 'Invalid params: params must be an array or an object')
  return params === undefined ? { id, method } : { id, method, params }
}

/** Parse and check the raw body. */
export function parseBody(raw: string, maxBatch: number): ParsedBody {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return { ok: false, answer: failure(null, rpcCodes.parse, 'Parse error: the body is not valid JSON') }
  }
  if (!Array.isArray(body)) {
    if (!isObject(body))
      return {
        ok: false,
        answer: failure(
          null,
          rpcCodes.invalidRequest,
          'Invalid request: the body must be a call or a batch of calls',
        ),
      }
    return { ok: true, batch: false, items: [readCall(body)] }
  }
  if (body.length === 0)
    return {
      ok: false,
      answer: failure(null, rpcCodes.invalidRequest, 'Invalid request: the batch is empty'),
    }
  if (body.length > maxBatch)
    return {
      ok: false,
      answer: failure(
        null,
        rpcCodes.invalidRequest,
        `Invalid request: a batch holds at most ${maxBatch} calls`,
      ),
    }
  return { ok: true, batch: true, items: body.map(readCall) }
}

export function isAnswer(item: RpcCall | RpcAnswer): item is RpcAnswer {
  return 'jsonrpc' in item
}
