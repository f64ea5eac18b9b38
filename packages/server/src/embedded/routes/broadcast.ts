import { projectQuery } from '../../http/schemas.js'
import { defaultRpcProxyOptions } from '../../rpc/options.js'
import { forward, UpstreamError } from '../../rpc/upstream.js'
import { refusing, thrown } from '../codes.js'
import type { EmbeddedRoute } from './route.js'

const sendOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    skipPreflight: { type: 'boolean' },
    preflightCommitment: { type: 'string', enum: ['processed', 'confirmed', 'finalized'] },
    maxRetries: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    minContextSlot: { type: 'integer', minimum: 0 },
  },
} as const

/**
 * `POST /embedded/v1/broadcast`: a transaction the visitor approved in the frame, already signed,
 * sent to the project's node for its chain (`eth_sendRawTransaction`, or Solana's
 * `sendTransaction` in base64). The frame reads through the public RPC endpoint, which forwards
 * reads only; a send needs a live session of the project's embedded wallet, so a project id read
 * from a page is not enough to spend the operator's node on broadcasts. The node URL never
 * leaves the server.
 */
export const broadcast: EmbeddedRoute = {
  method: 'POST',
  url: '/embedded/v1/broadcast',
  project: true,
  schema: {
    querystring: projectQuery,
    body: {
      type: 'object',
      required: ['chainId', 'transaction'],
      additionalProperties: false,
      properties: {
        chainId: {
          type: 'string',
          pattern: '^(eip155:[1-9][0-9]{0,18}|solana:[1-9A-HJ-NP-Za-km-z]{32})$',
        },
        // An EIP-2718 transaction in hex, or a Solana wire transaction in base64 (1232 bytes at
        // most on the wire); both bounded far below the body limit.
        transaction: { type: 'string', minLength: 4, maxLength: 262_146 },
        sendOptions,
      },
    },
  },
  handler: ({ repository, session }) =>
    refusing(async (request) => {
      await session(request)
      const { chainId, transaction, sendOptions } = request.body as {
        chainId: string
        transaction: string
        sendOptions?: Record<string, unknown>
      }
      const solana = chainId.startsWith('solana:')
      const wellFormed = solana
        ? /^[A-Za-z0-9+/]+={0,2}$/.test(transaction) && transaction.length <= 1644
        : /^0x(?:[0-9a-fA-F]{2})+$/.test(transaction)
      if (!wellFormed)
        throw thrown(
          400,
          'invalid_transaction',
          solana
            ? 'The transaction must be base64 wire bytes'
            : 'The transaction must be signed bytes in hex',
        )
      const url = await repository.siwx.getRpcUrl(request.project!.id, chainId)
      if (url === undefined)
        throw thrown(400, 'unsupported_chain', `No RPC is configured for ${chainId} in this project`)
      const call = solana
        ? { id: 0, method: 'sendTransaction', params: [transaction, { encoding: 'base64', ...sendOptions }] }
        : { id: 0, method: 'eth_sendRawTransaction', params: [transaction] }
      try {
        const [answer] = await forward(url, [call], defaultRpcProxyOptions)
        return answer !== undefined && 'error' in answer
          ? { rpcError: answer.error }
          : { result: answer?.result }
      } catch (error) {
        if (error instanceof UpstreamError) throw thrown(error.status, 'rpc_unavailable', error.message)
        throw error
      }
    }),
}
