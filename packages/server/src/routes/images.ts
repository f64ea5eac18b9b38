import type { FastifyInstance } from 'fastify'
import { sendError } from '../http/errors.js'
import { errorResponse, publicQuery } from '../http/schemas.js'
import type { ImageKind } from '../registry/types.js'
import type { Repository } from '../storage/types.js'

const routes: ReadonlyArray<[string, ImageKind]> = [
  ['/getWalletImage/:id', 'wallet'],
  ['/public/getAssetImage/:id', 'asset'],
  ['/public/getCurrencyImage/:id', 'currency'],
  ['/public/getTokenImage/:id', 'token'],
]

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$' } },
} as const

/** The image routes. Images are generated SVGs; they change only when the registry is reseeded. */
export function registerImageRoutes(app: FastifyInstance, repository: Repository): void {
  for (const [path, kind] of routes) {
    app.get<{ Params: { id: string } }>(
      path,
      { schema: { params, querystring: publicQuery, response: { 400: errorResponse, 404: errorResponse } } },
      async (request, reply) => {
        const image = await repository.getImage(kind, request.params.id)
        if (image === undefined) {
          return sendError(reply, 404, 'not_found', `No ${kind} image with id "${request.params.id}"`)
        }
        reply
          .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
          .header('etag', image.etag)
          .header('x-content-type-options', 'nosniff')
          // An SVG opened directly must not run script or load anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cross-origin-resource-policy', 'cross-origin')
        if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
        return reply.type(image.contentType).send(image.body)
      },
    )
  }
}
