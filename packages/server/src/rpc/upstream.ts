import { readBounded } from '../http/bounded.js'
import { failure, type RpcAnswer, type RpcCall, type RpcError, rpcCodes } from './jsonrpc.js'

/** Why the upstream leg failed as a whole: it sets the HTTP status and each call's error. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

export interface UpstreamLimits {
  timeoutMs: number
  /** Bytes of an upstream answer read at most. */
  maxResponseBytes: number
}

function errorOf(value: unknown): RpcError | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { code, message, data } = value as Record<string, unknown>
  if (!Number.isInteger(code) || typeof message !== 'string') return undefined
  return data === undefined ? { code: code as number, message } : { code: code as number, message, data }
}

/**
 * Send the calls in one HTTP request (a single call as an object: not every node takes batches)
 * with our own ids 0…n-1, so nothing the client chose reaches the node, and answer each call
 * with the client's id. Redirects are refused: the proxy contacts the configured URL only.
 */
export async function forward(
  url: string,
  calls: readonly RpcCall[],
  limits: UpstreamLimits,
): Promise<RpcAnswer[]> {
  const outgoing = calls.map((call, i) => ({
    jsonrpc: '2.0',
    id: i,
    method: call.method,
    params: call.params ?? [],
  }))
  let text: string
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(outgoing.length === 1 ? outgoing[0] : outgoing),
      redirect: 'error',
      signal: AbortSignal.timeout(limits.timeoutMs),
    })
    if (!response.ok) {
      await response.body?.cancel()
      throw new UpstreamError(502, `The chain's RPC node answered HTTP ${response.status}`)
    }
    const body = await readBounded(response, limits.maxResponseBytes)
    if (body === undefined)
      throw new UpstreamError(502, `The chain's RPC node answered more than ${limits.maxResponseBytes} bytes`)
    text = body
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new UpstreamError(504, `The chain's RPC node did not answer within ${limits.timeoutMs} ms`)
    throw new UpstreamError(502, "The chain's RPC node could not be reached")
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new UpstreamError(502, "The chain's RPC node answered something other than JSON")
  }
  const byId = new Map<unknown, Record<string, unknown>>()
  for (const item of Array.isArray(parsed) ? parsed : [parsed])
    if (typeof item === 'object' && item !== null)
      byId.set((item as { id?: unknown }).id, item as Record<string, unknown>)
  return calls.map((call, i) => {
    const item = byId.get(i)
    if (item !== undefined && 'result' in item && item.error === undefined)
      return { jsonrpc: '2.0', id: call.id, result: item.result }
    const error = errorOf(item?.error)
    if (error !== undefined) return { jsonrpc: '2.0', id: call.id, error }
    return failure(call.id, rpcCodes.internal, "The chain's RPC node gave no valid answer to this call")
  })
}

/**
 * The upstream's `finalized` block number, asked at most once per `ttlMs` per URL (calls that
 * arrive meanwhile share the answer); `undefined` when the node does not say, and then nothing
 * named by a block number is cached.
 */
export function createFinalityTracker(limits: UpstreamLimits, ttlMs: number) {
  const known = new Map<string, { expiresAt: number; value: Promise<bigint | undefined> }>()
  return async (url: string): Promise<bigint | undefined> => {
    const hit = known.get(url)
    if (hit !== undefined && hit.expiresAt > Date.now()) return hit.value
    const value = forward(
      url,
      [{ id: 0, method: 'eth_getBlockByNumber', params: ['finalized', false] }],
      limits,
    )
      .then(([answer]) => {
        const number = (answer as { result?: { number?: unknown } }).result?.number
        return typeof number === 'string' && /^0x[0-9a-f]{1,16}$/i.test(number) ? BigInt(number) : undefined
      })
      .catch(() => undefined)
    known.set(url, { expiresAt: Date.now() + ttlMs, value })
    return value
  }
}
