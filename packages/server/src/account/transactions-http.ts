import { SourceError } from './transactions-shape.js'

// An indexer's answer larger than this is not a page of transactions.
const maxBytes = 4 * 1024 * 1024

/**
 * GETs a JSON document from an indexer: a network failure, a timeout or a 5xx is 'unavailable',
 * 429 'rate_limited', anything that is not JSON (or too large) 'invalid_response'. The URL is
 * never put in the error's text, since it may carry an API key.
 */
export async function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    throw new SourceError(
      'unavailable',
      timedOut ? 'The indexer timed out' : 'The indexer could not be reached',
    )
  }
  if (response.status === 429) {
    await response.body?.cancel()
    throw new SourceError('rate_limited', 'The indexer limits our requests (429)')
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new SourceError('unavailable', `The indexer answered ${response.status}`)
  }
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > maxBytes) {
    await response.body?.cancel()
    throw new SourceError('invalid_response', 'The indexer answer is too large')
  }
  const text = await response.text()
  if (text.length > maxBytes) throw new SourceError('invalid_response', 'The indexer answer is too large')
  try {
    return JSON.parse(text)
  } catch {
    throw new SourceError('invalid_response', 'The indexer answer is not JSON')
  }
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
