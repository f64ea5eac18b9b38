import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { ProjectToken } from '../storage/prices.js'
import { defaultTokenListTokens, type TokenListToken } from './tokens.js'

const tokenListQuery = {
  ...projectQuery,
  required: ['projectId', 'chainId'],
  properties: {
    ...projectQuery.properties,
    chainId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
  },
} as const

const tokenListResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['tokens'],
  properties: {
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['chainId', 'address', 'symbol', 'name', 'decimals'],
        properties: {
          chainId: { type: 'integer' },
          address: { type: 'string' },
          symbol: { type: 'string' },
          name: { type: 'string' },
          decimals: { type: 'integer' },
          logoURI: { type: 'string' },
        },
      },
    },
  },
} as const

/**
 * `GET /account/v1/token-list?projectId&chainId=eip155:N`: the tokens the project knows on a chain,
 * in the token-list entry shape (tokenlists.org: chainId, address, symbol, name, decimals,
 * logoURI): the default list, then the project's own (`project tokens add`), which win over a
 * default entry with the same address. What a token picker (swap's "to" token) offers beside the
 * tokens an account holds.
 */
export function registerTokenListRoute(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    listProjectTokens: (projectId: string) => Promise<readonly ProjectToken[]>
  },
): void {
  app.get(
    '/account/v1/token-list',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: tokenListQuery,
        response: { 200: tokenListResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { chainId } = request.query as { chainId: string }
      const chain = Number(chainId.slice('eip155:'.length))
      const tokens = new Map<string, TokenListToken>()
      for (const token of defaultTokenListTokens)
        if (token.chainId === chain) tokens.set(token.address.toLowerCase(), token)
      for (const token of await options.listProjectTokens(request.project!.id))
        if (token.chainId === chainId)
          tokens.set(token.address.toLowerCase(), {
            chainId: chain,
            address: token.address as `0x${string}`,
            symbol: token.symbol,
            name: token.name,
            decimals: token.decimals,
            ...(token.logoURI ? { logoURI: token.logoURI } : {}),
          })
      return { tokens: [...tokens.values()] }
    },
  )
}
