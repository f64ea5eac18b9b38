import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'

// A PNG chunk: length, type, data, CRC-32 of type and data (PNG specification §5.3).
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A 64×64 RGB PNG: a diagonal gradient, tinted by the token id, so each test NFT has a picture of
 * its own. Written here with Node's zlib because the test kit needs only this one image.
 */
function testNftPng(tokenId: number): Buffer {
  const size = 64
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  const rows: number[] = []
  for (let y = 0; y < size; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < size; x++) rows.push((x * 4 + tokenId * 40) % 256, (y * 4) % 256, 200)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A running metadata host for the Latch Test NFT. */
export interface NftMetadataServer {
  /** `http://127.0.0.1:port` */
  url: string
  /** `127.0.0.1:port`: what a server's list of metadata hosts needs. */
  host: string
  /** The base URI to give the NFT contract: token `n` has its metadata at `${baseUri}n`. */
  baseUri: string
  stop(): Promise<void>
}

/**
 * Serves the Latch Test NFT's metadata (`/nft/{id}`: ERC-721 metadata JSON) and images
 * (`/nft/{id}.png`) on loopback, as an NFT project's own metadata host would.
 *
 * @example
 * const metadata = await startNftMetadataServer()
 * await setTestNftBaseUri(chain.rpcUrl, metadata.baseUri)
 */
export async function startNftMetadataServer(options: { port?: number } = {}): Promise<NftMetadataServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const image = /^\/nft\/([0-9]{1,6})\.png$/.exec(path)
    const metadata = /^\/nft\/([0-9]{1,6})$/.exec(path)
    if (image) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(testNftPng(Number(image[1])))
    } else if (metadata) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: `Latch Test NFT #${metadata[1]}`,
          description: 'A test NFT of the Latch test kit.',
          image: `${url}/nft/${metadata[1]}.png`,
        }),
      )
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const url = `http://${host}`
  return {
    url,
    host,
    baseUri: `${url}/nft/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
