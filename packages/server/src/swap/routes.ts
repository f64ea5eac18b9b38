import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { getAddress, isAddress, isAddressEqual } from 'viem'
import { sendError } from '../http/errors.js'
import { errorResponse, projectQuery } from '../http/schemas.js'
import type { SwapRouterSetting } from '../storage/swaps.js'
import {
  AggregatorUnavailableError,
  aggregatorNames,
  QuoteRejectedError,
  type SwapAggregatorId,
} from './aggregator.js'
import { quoteThroughAggregator } from './quote-aggregator.js'
import { NoRouteError, quoteUniswapV2 } from './uniswap-v2.js'

/** A project's aggregator on a chain, its API key opened. */
export interface OpenedAggregator {
  provider: SwapAggregatorId
  apiUrl: string
  apiKey: string
}

const address = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const

const quoteQuery = {
  ...projectQuery,
  required: ['projectId', 'chainId', 'from', 'to', 'amount', 'taker'],
  properties: {
    ...projectQuery.properties,
    chainId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
    from: address,
    to: address,
    // In the sold token's smallest unit; a uint256.
    amount: { type: 'string', pattern: '^[1-9][0-9]{0,77}$' },
    taker: address,
  },
} as const

const token = {
  type: 'object',
  additionalProperties: false,
  required: ['address', 'symbol', 'decimals'],
  properties: { address: { type: 'string' }, symbol: { type: 'string' }, decimals: { type: 'integer' } },
} as const

const quoteResponse = {
  type: 'object',
  additionalProperties: false,
  required: [
    'chainId',
    'from',
    'to',
    'sellAmount',
    'buyAmount',
    'minBuyAmount',
    'slippage',
    'priceImpact',
    'route',
    'approval',
    'transaction',
  ],
  properties: {
    chainId: { type: 'string' },
    from: token,
    to: token,
    sellAmount: { type: 'string' },
    buyAmount: { type: 'string' },
    minBuyAmount: { type: 'string' },
    slippage: { type: 'number' },
    priceImpact: { type: ['number', 'null'] },
    route: { type: 'array', items: { type: 'string' } },
    approval: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['spender', 'allowance'],
      properties: { spender: { type: 'string' }, allowance: { type: 'string' } },
    },
    transaction: {
      type: 'object',
      additionalProperties: false,
      required: ['to', 'data', 'value', 'gas', 'gasPrice'],
      properties: {
        to: { type: 'string' },
        data: { type: 'string' },
        value: { type: 'string' },
        gas: { type: 'string' },
        gasPrice: { type: 'string' },
      },
    },
  },
} as const

/**
 * `GET /swap/v1/quote?projectId&chainId&from&to&amount&taker`: a swap quote from the project's
 * quote provider on that chain (`latch-server project set-swap`): its Uniswap-v2-style router,
 * read over the project's own RPC URL, or an aggregator's API (0x, LI.FI) with the project's key,
 * whose answer is checked before it is passed on. The answer: the amount out, the minimum at the
 * 1 % slippage tolerance, the price impact, and the transaction for the taker's wallet. The
 * native coin is 0xEeee…EEeE.
 */
export function registerSwapRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    getRouter: (projectId: string, chainId: string) => Promise<SwapRouterSetting | undefined>
    getAggregator: (projectId: string, chainId: string) => Promise<OpenedAggregator | undefined>
    getRpcUrl: (projectId: string, chainId: string) => Promise<string | undefined>
    rpcTimeoutMs: number
  },
): void {
  app.get(
    '/swap/v1/quote',
    {
      preHandler: options.requireProject,
      schema: {
        querystring: quoteQuery,
        response: {
          200: quoteResponse,
          400: errorResponse,
          403: errorResponse,
          422: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as {
        chainId: string
        from: string
        to: string
        amount: string
        taker: string
      }
      const project = request.project!
      for (const name of ['from', 'to', 'taker'] as const)
        if (!isAddress(query[name]))
          return sendError(
            reply,
            400,
            'invalid_address',
            `Query parameter ${name} is not an address (0x and 40 hex digits, checksummed when mixed-case)`,
          )
      if (isAddressEqual(query.from as `0x${string}`, query.to as `0x${string}`))
        return sendError(reply, 400, 'same_token', 'Query parameters from and to must be different tokens')
      const amount = BigInt(query.amount)
      if (amount >= 2n ** 256n)
        return sendError(reply, 400, 'invalid_amount', 'Query parameter amount is too large')
      let aggregator: OpenedAggregator | undefined
      try {
        aggregator = await options.getAggregator(project.id, query.chainId)
      } catch (error) {
        request.log.error({ err: (error as Error).message }, 'swap aggregator key does not open')
        return sendError(reply, 502, 'quote_unavailable', 'Swap Quote Unavailable')
      }
      const [router, rpcUrl] = await Promise.all([
        aggregator ? undefined : options.getRouter(project.id, query.chainId),
        options.getRpcUrl(project.id, query.chainId),
      ])
      if (!router && !aggregator)
        return sendError(
          reply,
          400,
          'swap_unavailable',
          `Project "${project.id}" has no swap provider on ${query.chainId}: set one with \`latch-server project set-swap\``,
        )
      if (!rpcUrl)
        return sendError(
          reply,
          400,
          'unsupported_chain',
          `Project "${project.id}" has no RPC URL for ${query.chainId}: set one with \`latch-server project set-rpc\``,
        )
      const common = {
        rpcUrl,
        chainId: query.chainId,
        from: getAddress(query.from),
        to: getAddress(query.to),
        amount,
        taker: getAddress(query.taker),
        timeoutMs: options.rpcTimeoutMs,
      }
      try {
        if (aggregator) return await quoteThroughAggregator({ ...common, ...aggregator })
        return await quoteUniswapV2({ ...common, router: router!, now: Math.floor(Date.now() / 1000) })
      } catch (error) {
        if (error instanceof NoRouteError) return sendError(reply, 422, 'no_route', error.message)
        const via = aggregator ? aggregatorNames[aggregator.provider] : 'router'
        // The aggregator's answer was not passed on; the visitor reads that no quote came.
        if (error instanceof QuoteRejectedError) {
          request.log.warn(
            { chainId: query.chainId, provider: via, err: error.message },
            'swap quote refused',
          )
          return sendError(reply, 502, 'quote_rejected', error.message)
        }
        if (error instanceof AggregatorUnavailableError) {
          request.log.warn({ chainId: query.chainId, provider: via, err: error.message }, 'swap quote failed')
          return sendError(reply, 502, 'quote_unavailable', error.message)
        }
        request.log.warn({ chainId: query.chainId, err: (error as Error).message }, 'swap quote failed')
        return sendError(reply, 502, 'quote_unavailable', 'Swap Quote Unavailable')
      }
    },
  )
}
