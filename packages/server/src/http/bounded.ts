import { ResponseTooLargeError } from '@latch/core'
import { readLimited } from '@latch/core/internal'

/**
 * An upstream answer's body as text, read with the kit's own bounded read: undefined once it is
 * (or says it is) larger than `max` bytes, the rest cancelled. The callers (the RPC proxy, the
 * price source, the bundler proxy) each say in their own words what was too large.
 */
export async function readBounded(response: Response, max: number): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await readLimited(response, max, response.url))
  } catch (error) {
    if (error instanceof ResponseTooLargeError) return undefined
    throw error
  }
}
