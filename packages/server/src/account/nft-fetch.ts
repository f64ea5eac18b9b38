/**
 * Where NFT metadata and images may be fetched from, and how: the only outgoing HTTP of the NFT
 * service besides the chain's node. Off by default: with no `metadataHosts` and no `ipfsGateway`
 * nothing is fetched and NFTs are listed from the chain alone.
 */
export interface NftFetchPolicy {
  /** Hosts (`host` or `host:port`, lowercase) whose http(s) URLs may be fetched. */
  hosts: ReadonlySet<string>
  /** Base URL `ipfs://CID/path` is fetched under, as `${gateway}/ipfs/CID/path`; none: not fetched. */
  gateway: string | undefined
  /** How long one fetch may take, headers and body (ms). */
  timeoutMs: number
}

/** The options an operator sets (`ServerOptions.account.nfts`), checked at start-up. */
export function parseFetchPolicy(options: {
  metadataHosts?: readonly string[] | undefined
  ipfsGateway?: string | undefined
  fetchTimeoutMs?: number | undefined
}): NftFetchPolicy {
  const hosts = new Set<string>()
  for (const [index, host] of (options.metadataHosts ?? []).entries()) {
    if (typeof host !== 'string' || !/^[a-z0-9.-]{1,253}(:[0-9]{1,5})?$/.test(host))
      throw new TypeError(`account.nfts.metadataHosts[${index}]: expected a lowercase host or host:port`)
    hosts.add(host)
  }
  let gateway: string | undefined
  if (options.ipfsGateway !== undefined) {
    const url = URL.canParse(options.ipfsGateway) ? new URL(options.ipfsGateway) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash)
      throw new TypeError(
        'account.nfts.ipfsGateway: expected an http(s) URL without query, e.g. https://ipfs.io',
      )
    gateway = url.toString().replace(/\/$/, '')
    hosts.add(url.host)
  }
  return { hosts, gateway, timeoutMs: options.fetchTimeoutMs ?? 5_000 }
}

// An IPFS path: a CID (v0 base58 or v1 base32) and an optional path of plain segments.
const ipfsPath = /^(?:ipfs\/)?([A-Za-z0-9]{46,100})((?:\/[A-Za-z0-9._~%-]+)*)\/?$/

/**
 * The http(s) URL to fetch for a URL found in NFT metadata or a token URI, or undefined when the
 * policy does not allow it: `ipfs://` through the gateway, http(s) only to the configured hosts,
 * without credentials. Everything else (`javascript:`, `file:`, `ar:`, an unknown host) is
 * refused here, before any I/O.
 */
export function resolveFetchUrl(raw: string, policy: NftFetchPolicy): URL | undefined {
  if (raw.length > 2048) return undefined
  if (raw.startsWith('ipfs://')) {
    const match = ipfsPath.exec(raw.slice('ipfs://'.length))
    if (!match || !policy.gateway) return undefined
    // `.` and `..` segments (plain or percent-encoded) would leave the CID's directory on the
    // gateway's host once the URL is normalized.
    const segments = (match[2] ?? '').split('/').slice(1)
    if (segments.some((segment) => /^(?:\.|%2e)+$/i.test(segment))) return undefined
    return new URL(`${policy.gateway}/ipfs/${match[1]}${match[2] ?? ''}`)
  }
  if (!URL.canParse(raw)) return undefined
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  if (url.username || url.password) return undefined
  return policy.hosts.has(url.host) ? url : undefined
}

/** A fetch refused or failed: the reason, for the log and the image route's answer. */
export class NftFetchError extends Error {
  override readonly name = 'NftFetchError'
}

/**
 * GETs an allowed URL with a time and size bound. Redirects are not followed (a redirect could
 * lead to a host the policy does not allow, or a private address), so a 3xx is a failure.
 */
export async function fetchBounded(
  url: URL,
  policy: NftFetchPolicy,
  maxBytes: number,
): Promise<{ contentType: string; body: Buffer }> {
  const signal = AbortSignal.timeout(policy.timeoutMs)
  let response: Response
  try {
    response = await fetch(url, { redirect: 'manual', signal, headers: { accept: '*/*' } })
  } catch (error) {
    throw new NftFetchError(`unreachable: ${(error as Error).message}`)
  }
  if (response.status !== 200) {
    await response.body?.cancel()
    throw new NftFetchError(`answered ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new NftFetchError(`larger than ${maxBytes} bytes`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  // Read with the stream's own reader: its chunk type is the same under Node's and the DOM's types.
  const reader = response.body?.getReader()
  try {
    for (;;) {
      const next = reader === undefined ? undefined : await reader.read()
      if (next === undefined || next.done) break
      const chunk = next.value
      size += chunk.byteLength
      if (size > maxBytes) {
        await reader?.cancel().catch(() => {})
        throw new NftFetchError(`larger than ${maxBytes} bytes`)
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof NftFetchError) throw error
    throw new NftFetchError(`body failed: ${(error as Error).message}`)
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  return { contentType, body: Buffer.concat(chunks) }
}
