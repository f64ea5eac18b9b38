import { FrameError } from './protocol.js'

type RpcJson = { result?: unknown; error?: { code?: unknown; message?: unknown } }

/** A JSON-RPC answer's result, or the node's error as a FrameError (its code kept for the page). */
export function resultOf(json: RpcJson, what = 'The chain RPC gave no result'): unknown {
  if (json.error !== undefined) {
    const message = typeof json.error?.message === 'string' ? json.error.message.slice(0, 300) : 'RPC error'
    throw new FrameError(
      message,
      'RPC_ERROR',
      typeof json.error?.code === 'number' ? { rpcCode: json.error.code } : {},
    )
  }
  if (!('result' in json)) throw new FrameError(what, 'RPC_ERROR')
  return json.result
}

/**
 * A JSON-RPC client of one chain: the frame server's own RPC endpoint for it
 * (`/v1/?chainId&projectId`, reads only), so no node URL ever reaches the frame.
 */
export function createRpc(url: string) {
  let next = 1
  return async function request(method: string, params: unknown[] = []): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: next++, method, params }),
        cache: 'no-store',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      })
    } catch {
      throw new FrameError('The chain RPC cannot be reached', 'RPC_UNAVAILABLE')
    }
    const json = (await response.json().catch(() => undefined)) as RpcJson | undefined
    if (json === undefined || typeof json !== 'object' || json === null)
      throw new FrameError(`The chain RPC answered ${response.status}`, 'RPC_ERROR')
    return resultOf(json)
  }
}
