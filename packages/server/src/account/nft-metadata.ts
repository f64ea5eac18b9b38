import { fetchBounded, type NftFetchPolicy, resolveFetchUrl } from './nft-fetch.js'

/** What the kit shows of an NFT's metadata: plain text and an image URL to proxy. */
export interface NftMetadata {
  name?: string
  description?: string
  /** The image's own URL (ipfs:// or an allowed http(s) host), fetched only by the image route. */
  image?: string
}

/** Metadata documents over this size are not read (a token URI may point at anything). */
export const maxMetadataBytes = 64 * 1024

// Plain text only: control characters removed, trimmed, bounded. The kit renders it as text.
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const clean = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
  return clean.length > 0 ? clean : undefined
}

/**
 * Keeps the fields of an ERC-721/1155 metadata JSON the kit shows, each checked: `name` and
 * `description` as bounded text, `image` (or `image_url`) only when the policy would let the
 * image route fetch it. Anything else in the document is ignored.
 */
export function pickMetadata(document: unknown, policy: NftFetchPolicy): NftMetadata {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return {}
  const fields = document as Record<string, unknown>
  const image = [fields.image, fields.image_url].find(
    (value): value is string => typeof value === 'string' && resolveFetchUrl(value, policy) !== undefined,
  )
  const name = text(fields.name, 100)
  const description = text(fields.description, 500)
  return { ...(name ? { name } : {}), ...(description ? { description } : {}), ...(image ? { image } : {}) }
}

// `data:application/json[;charset=…][;base64],…`: on-chain metadata.
function fromDataUrl(uri: string): unknown {
  const comma = uri.indexOf(',')
  const header = uri.slice(5, comma).toLowerCase().split(';')
  if (comma < 0 || header[0] !== 'application/json') return undefined
  const payload = uri.slice(comma + 1)
  const json = header.includes('base64')
    ? Buffer.from(payload, 'base64').toString('utf8')
    : decodeURIComponent(payload)
  return JSON.parse(json)
}

/**
 * Reads an NFT's metadata from its token URI: `data:application/json` inline, `ipfs://` through
 * the gateway, http(s) only to the configured hosts, at most 64 KiB, within the policy's time.
 * Any failure (refused URL, timeout, not JSON) gives no metadata: the NFT is still listed.
 */
export async function readMetadata(uri: string, policy: NftFetchPolicy): Promise<NftMetadata> {
  try {
    if (uri.length === 0) return {}
    if (uri.startsWith('data:')) {
      if (uri.length > maxMetadataBytes) return {}
      return pickMetadata(fromDataUrl(uri), policy)
    }
    const url = resolveFetchUrl(uri, policy)
    if (!url) return {}
    const { body } = await fetchBounded(url, policy, maxMetadataBytes)
    return pickMetadata(JSON.parse(body.toString('utf8')), policy)
  } catch {
    return {}
  }
}
