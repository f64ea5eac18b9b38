import { ProviderErrorCode, ProviderRpcError } from './errors.js'

let nextId = 1

/** Forwards one JSON-RPC call to a chain's node, keeping the node's error code. */
export async function forwardRpc(
  rpcUrl: string,
  method: string,
  params: readonly unknown[],
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
  } catch (error) {
    throw new ProviderRpcError(
      ProviderErrorCode.chainDisconnected,
      `The chain's RPC at ${rpcUrl} is unreachable.`,
      String(error),
    )
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new ProviderRpcError(
      ProviderErrorCode.internal,
      `The chain's RPC answered HTTP ${response.status}.`,
    )
  }
  if (typeof body !== 'object' || body === null)
    throw new ProviderRpcError(
      ProviderErrorCode.internal,
      'The chain answered with a malformed JSON-RPC response.',
    )
  const { result, error } = body as {
    result?: unknown
    error?: { code?: unknown; message?: unknown; data?: unknown }
  }
  if (error) {
    throw new ProviderRpcError(
      typeof error.code === 'number' ? error.code : ProviderErrorCode.internal,
      typeof error.message === 'string' ? error.message : 'RPC error',
      error.data,
    )
  }
  return result ?? null
}
