import { BaseError } from '../errors/base.js'
import { HttpStatusError } from '../errors/data.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'

/** Calls without their own timeout give up after this long (each attempt). */
const API_TIMEOUT_MS = 10_000
/** Retries after the first attempt (spec §9: RPC retry count 3). */
const API_RETRIES = 3
/** First backoff delay; it doubles each retry (spec §7, §9: 150 ms). */
const API_RETRY_DELAY_MS = 150
/** A `Retry-After` longer than this is not waited for: the call fails at once instead. */
const API_MAX_RETRY_AFTER_MS = 10_000
/** Statuses worth another attempt (spec §7); every other non-OK status fails at once. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])
/** Answers larger than this are refused unless a call sets its own limit. */
const API_MAX_RESPONSE_BYTES = 1_048_576

/** The answer was larger than the call accepts; it was not read to the end. */
export type ResponseTooLargeErrorType = ResponseTooLargeError & { name: 'ResponseTooLargeError' }
export class ResponseTooLargeError extends BaseError {
  override name = 'ResponseTooLargeError' as const
  readonly limit: number
  constructor({ limit, url }: { limit: number; url?: string | undefined }) {
    super(`Response larger than ${limit} bytes`, { metaMessages: url ? [`URL: ${url}`] : undefined })
    this.limit = limit
  }
}

/** A query value; `undefined` and empty lists are left out of the URL. */
type QueryValue = string | number | readonly string[] | undefined

export interface HttpClientOptions {
  /** Base URL of the API, without a trailing slash. */
  baseUrl: string
  projectId?: string | undefined
  clientId?: string | undefined
  /** Defaults to the global `fetch`; injectable so tests and non-browser hosts can pass their own. */
  fetch?: typeof fetch | undefined
  timeoutMs?: number | undefined
  /** Retries after a failed attempt (default 3); 0 turns retrying off. */
  retries?: number | undefined
  /** First backoff delay in ms (default 150), doubled each retry. */
  retryDelayMs?: number | undefined
  /** Default size limit of an answer, in bytes (1 MiB). */
  maxResponseBytes?: number | undefined
}

interface RequestOptions {
  params?: Record<string, QueryValue> | undefined
  /** A JSON body (post/put/delete). */
  body?: unknown
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  /** Size limit of this answer, in bytes. */
  maxBytes?: number | undefined
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
 * Retries (spec §7): an answer of 403, 408, 413, 429, 500, 502, 503 or 504, or none at all (a
 * network failure), is tried again up to 3 times, after `Retry-After` when the server sends one
 * (up to 10 s), else after 150 ms, 300 ms, 600 ms. A timeout or the caller's abort is not retried.
 * Answers over the size limit (1 MiB unless the call sets `maxBytes`) are refused unread.
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

  const retries = Math.max(0, options.retries ?? API_RETRIES)
  const retryDelay = options.retryDelayMs ?? API_RETRY_DELAY_MS

  // One attempt. The timeout covers the body too: a server that sends headers and then stalls
  // still fails.
  const attempt = async <T>(
    method: string,
    target: string,
    request: RequestOptions,
    read: (response: Response, limit: number) => Promise<T>,
  ): Promise<T> => {
    const controller = new AbortController()
    const timeout = setTimeout(
      () => controller.abort(new Error('Request timed out')),
      request.timeoutMs ?? options.timeoutMs ?? API_TIMEOUT_MS,
    )
    const onAbort = () => controller.abort(request.signal?.reason)
    request.signal?.addEventListener('abort', onAbort, { once: true })
    if (request.signal?.aborted) onAbort()
    try {
      const hasBody = request.body !== undefined
      let response: Response
      try {
        response = await doFetch(target, {
          method,
          signal: controller.signal,
          headers: hasBody ? { 'content-type': 'application/json' } : undefined,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        })
      } catch (error) {
        if (!controller.signal.aborted) hintAtCors(baseUrl, options.projectId)
        throw controller.signal.aborted ? error : new NoAnswerError(error)
      }
      if (!response.ok) {
        // A refusal that is not retried may say why (`{ error, message }`): its message is kept,
        // as text. Any other body is drained so the connection can be reused.
        const serverMessage = RETRY_STATUSES.has(response.status) ? undefined : await errorMessageOf(response)
        if (serverMessage === undefined) await response.body?.cancel().catch(() => undefined)
        throw new RetryableStatus(
          new HttpStatusError({ status: response.status, url: target.split('?', 1)[0], serverMessage }),
          retryAfterMs(response.headers.get('retry-after')),
        )
      }
      const limit = request.maxBytes ?? options.maxResponseBytes ?? API_MAX_RESPONSE_BYTES
      return await read(response, limit)
    } finally {
      clearTimeout(timeout)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  const send = async <T>(
    method: string,
    path: string,
    request: RequestOptions,
    read: (response: Response, limit: number) => Promise<T>,
  ): Promise<T> => {
    const target = url(path, request.params)
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(method, target, request, read)
      } catch (failure) {
        const status = failure instanceof RetryableStatus ? failure.error.status : undefined
        const error = failure instanceof RetryableStatus ? failure.error : failure
        const retryable =
          failure instanceof NoAnswerError || (status !== undefined && RETRY_STATUSES.has(status))
        if (!retryable || retry >= retries || request.signal?.aborted) {
          throw failure instanceof NoAnswerError ? failure.cause : error
        }
        const after = failure instanceof RetryableStatus ? failure.retryAfterMs : undefined
        if (after !== undefined && after > API_MAX_RETRY_AFTER_MS) throw error
        await sleep(after ?? retryDelay * 2 ** retry, request.signal)
      }
    }
  }

  const json = (method: string, path: string, request: RequestOptions = {}): Promise<unknown> =>
    send(method, path, request, async (response, limit) => {
      const bytes = await readLimited(response, limit, path)
      const text = new TextDecoder().decode(bytes)
      return text === '' ? undefined : (JSON.parse(text) as unknown)
    })

  return {
    baseUrl,
    url,
    get: (path, request) => json('GET', path, request),
    getBlob: (path, request = {}) =>
      send('GET', path, request, async (response, limit) => {
        const bytes = await readLimited(response, limit, path)
        return new Blob([bytes], { type: response.headers.get('content-type') ?? '' })
      }),
    post: (path, request) => json('POST', path, request),
    put: (path, request) => json('PUT', path, request),
    delete: (path, request) => json('DELETE', path, request),
  }
}

/** A failed attempt with a status, and the server's `Retry-After` in ms when it sent one. */
class RetryableStatus {
  constructor(
    readonly error: HttpStatusError,
    readonly retryAfterMs: number | undefined,
  ) {}
}

/** The request got no answer at all (DNS, refused, reset, or blocked by CORS in a browser). */
class NoAnswerError {
  constructor(readonly cause: unknown) {}
}

/** `Retry-After` as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** An error answer's `message` (a string of at most 500 characters), if its small JSON body has one. */
async function errorMessageOf(response: Response): Promise<string | undefined> {
  try {
    const body = JSON.parse(new TextDecoder().decode(await readLimited(response, 4096, ''))) as unknown
    const message = (body as { message?: unknown } | null)?.message
    return typeof message === 'string' && message.length > 0 && message.length <= 500 ? message : undefined
  } catch {
    return undefined
  }
}

/** The body's bytes, refusing (and cancelling) once it grows past `limit`. */
export async function readLimited(
  response: Response,
  limit: number,
  path: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined)
    throw new ResponseTooLargeError({ limit, url: path })
  }
  if (response.body === null) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new ResponseTooLargeError({ limit, url: path })
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

const hinted = new Set<string>()

/**
 * A browser reports a request its CORS check refused as a bare network error. When the page is
 * on another origin than the API, say so once per API in the console, with the fix.
 */
function hintAtCors(baseUrl: string, projectId: string | undefined): void {
  const pageOrigin = (globalThis as { location?: { origin?: string } }).location?.origin
  if (typeof pageOrigin !== 'string' || pageOrigin === 'null') return
  let apiOrigin: string
  try {
    apiOrigin = new URL(baseUrl).origin
  } catch {
    return
  }
  if (apiOrigin === pageOrigin || hinted.has(apiOrigin)) return
  hinted.add(apiOrigin)
  const id = projectId ?? '<projectId>'
  console.warn(
    `[latch] A request to ${apiOrigin} got no answer. If that server is running, it probably refused this page's origin (${pageOrigin}) for project ${id}: allow it with \`latch-server project add-origin ${id} ${pageOrigin}\` (for local development, create the project with --localhost).`,
  )
}
