import { HttpStatusError } from '../errors/data.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'

/** Calls without their own timeout give up after this long. */
export const API_TIMEOUT_MS = 10_000

/** A query value; `undefined` and empty lists are left out of the URL. */
export type QueryValue = string | number | readonly string[] | undefined

export interface HttpClientOptions {
  /** Base URL of the API, without a trailing slash. */
  baseUrl: string
  projectId?: string | undefined
  clientId?: string | undefined
  /** Defaults to the global `fetch`; injectable so tests and non-browser hosts can pass their own. */
  fetch?: typeof fetch | undefined
  timeoutMs?: number | undefined
}

export interface RequestOptions {
  params?: Record<string, QueryValue> | undefined
  /** A JSON body (post/put/delete). */
  body?: unknown
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
}

/** A small JSON client for the kit's API (spec §7). Non-OK answers throw `HttpStatusError`. */
export interface HttpClient {
  readonly baseUrl: string
  /** The full URL of `path` with the common query parameters, as the client would call it. */
  url(path: string, params?: Record<string, QueryValue>): string
  get(path: string, options?: RequestOptions): Promise<unknown>
  getBlob(path: string, options?: RequestOptions): Promise<Blob>
  post(path: string, options?: RequestOptions): Promise<unknown>
  put(path: string, options?: RequestOptions): Promise<unknown>
  delete(path: string, options?: RequestOptions): Promise<unknown>
}

/**
 * Creates the HTTP helper every API call goes through: it adds `projectId`, `st`, `sv` (and
 * `clientId` when set) to the query, aborts after a timeout, and turns non-OK answers into
 * 'HTTP status code: {status}'.
 *
 * @example
 * const api = createHttpClient({ baseUrl: 'https://api.example.com', projectId: 'p1' })
 * const body = await api.get('/getWallets', { params: { page: 1, entries: 40 } })
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  // Looked up per call, so a host that installs fetch late (or a test that swaps it) is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  const url = (path: string, params: Record<string, QueryValue> = {}): string => {
    const target = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`)
    const all: Record<string, QueryValue> = {
      projectId: options.projectId,
      st: SDK_TYPE,
      sv: SDK_VERSION,
      clientId: options.clientId,
      ...params,
    }
    for (const [key, value] of Object.entries(all)) {
      if (value === undefined) continue
      if (typeof value === 'object') {
        if (value.length) target.searchParams.set(key, value.join(','))
      } else target.searchParams.set(key, String(value))
    }
    return target.toString()
  }

  // The timeout covers the body too: a server that sends headers and then stalls still fails.
  const send = async <T>(
    method: string,
    path: string,
    request: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> => {
    const controller = new AbortController()
    const timeout = setTimeout(
      () => controller.abort(new Error('Request timed out')),
      request.timeoutMs ?? options.timeoutMs ?? API_TIMEOUT_MS,
    )
    const onAbort = () => controller.abort(request.signal?.reason)
    request.signal?.addEventListener('abort', onAbort, { once: true })
    if (request.signal?.aborted) onAbort()
    const target = url(path, request.params)
    try {
      const hasBody = request.body !== undefined
      const response = await doFetch(target, {
        method,
        signal: controller.signal,
        headers: hasBody ? { 'content-type': 'application/json' } : undefined,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      })
      if (!response.ok) {
        // Drain the body so the connection can be reused.
        await response.body?.cancel().catch(() => undefined)
        throw new HttpStatusError({ status: response.status, url: target.split('?', 1)[0] })
      }
      return await read(response)
    } finally {
      clearTimeout(timeout)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  const json = (method: string, path: string, request: RequestOptions = {}): Promise<unknown> =>
    send(method, path, request, async (response) => {
      const text = await response.text()
      return text === '' ? undefined : (JSON.parse(text) as unknown)
    })

  return {
    baseUrl,
    url,
    get: (path, request) => json('GET', path, request),
    getBlob: (path, request = {}) => send('GET', path, request, (response) => response.blob()),
    post: (path, request) => json('POST', path, request),
    put: (path, request) => json('PUT', path, request),
    delete: (path, request) => json('DELETE', path, request),
  }
}
