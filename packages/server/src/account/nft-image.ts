import { fetchBounded, NftFetchError, type NftFetchPolicy, resolveFetchUrl } from './nft-fetch.js'

/** An image the route passes on: a raster type recognized from its bytes. */
export interface NftImage {
  contentType: string
  body: Buffer
}

const ascii = (body: Buffer, start: number, end: number) => body.subarray(start, end).toString('latin1')

/**
 * The raster type the bytes are, from their signature, or undefined. SVG (which can carry script)
 * and everything else is not an image this route serves.
 */
export function rasterType(body: Buffer): string | undefined {
  if (body.length < 12) return undefined
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg'
  if (ascii(body, 0, 6) === 'GIF87a' || ascii(body, 0, 6) === 'GIF89a') return 'image/gif'
  if (ascii(body, 0, 4) === 'RIFF' && ascii(body, 8, 12) === 'WEBP') return 'image/webp'
  if (ascii(body, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(body, 8, 12))) return 'image/avif'
  return undefined
}

/**
 * Fetches an NFT image for the image route: only a URL the policy allows, within its time, at
 * most `maxBytes`, and only when the host says it is the raster type its bytes are. Throws
 * {@link NftFetchError} with the reason otherwise.
 */
export async function fetchNftImage(
  raw: string,
  policy: NftFetchPolicy,
  maxBytes: number,
): Promise<NftImage> {
  const url = resolveFetchUrl(raw, policy)
  if (!url) throw new NftFetchError('not an allowed image URL')
  const { contentType, body } = await fetchBounded(url, policy, maxBytes)
  const type = rasterType(body)
  const declared = contentType === 'image/jpg' ? 'image/jpeg' : contentType
  if (!type || declared !== type) throw new NftFetchError(`not a raster image (${contentType || 'no type'})`)
  return { contentType: type, body }
}

/**
 * A byte-bounded cache of fetched images, least recently used first out, so a page of NFTs
 * shown again does not fetch every image again. In this process only: each instance of a
 * scaled-out server keeps its own.
 */
export function createImageCache(maxBytes: number) {
  const entries = new Map<string, NftImage>()
  let size = 0
  return {
    get(key: string): NftImage | undefined {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
      }
      return hit
    },
    set(key: string, image: NftImage): void {
      if (image.body.length > maxBytes || entries.has(key)) return
      entries.set(key, image)
      size += image.body.length
      for (const [oldest, entry] of entries) {
        if (size <= maxBytes) break
        entries.delete(oldest)
        size -= entry.body.length
      }
    },
    get size() {
      return size
    },
  }
}
