/**
 * Reads an answer's body as text up to `max` bytes, stopping (and cancelling the rest) as soon as
 * it is larger: undefined then. A body that says it is larger is not read at all. The callers
 * (the RPC proxy, the price source, the bundler proxy) each say in their own words what was too
 * large.
 */
export async function readBounded(response: Response, max: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel()
    return undefined
  }
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
