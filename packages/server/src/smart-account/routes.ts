import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import { readBounded } from '../http/bounded.js'
import { sendError } from '../http/errors.js'
import { projectQuery } from '../http/schemas.js'
import type { LimitStore } from '../limits/store.js'
import { failure, type RpcId, rpcCodes, success } from '../rpc/jsonrpc.js'
import type { SponsorshipPolicy } from '../storage/smart-accounts.js'
import {
  checkPolicy,
  countSponsorship,
  refusalCodes,
  SponsorshipRefused,
  signedFields,
  sponsoredEntryPoint,
  stubFields,
  type UserOperationV07,
} from './sponsorship.js'

/** The ERC-4337 bundler methods the bundler endpoint forwards; every other method is refused. */
export const bundlerMethods = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
] as const

/** The ERC-7677 paymaster service's methods. */
export const paymasterMethods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/** A project's paymaster on a chain, its signer key opened. */
export interface OpenedPaymaster {
  address: Address
  signerKey: Hex
  policy: SponsorshipPolicy
}

/** Limits of the smart-account endpoints. */
export interface SmartAccountLimits {
  /** Largest request body, in bytes (a user operation with its init code and calls). */
  maxBodyBytes: number
  /** Largest bundler answer read, in bytes. */
  maxAnswerBytes: number
  /** How long the bundler may take to answer. */
  bundlerTimeoutMs: number
  /** Paymaster calls per client IP and minute. */
  paymasterPerMinute: number
}

export const defaultSmartAccountLimits: SmartAccountLimits = {
  maxBodyBytes: 64 * 1024,
  maxAnswerBytes: 1024 * 1024,
  bundlerTimeoutMs: 15_000,
  paymasterPerMinute: 60,
}

const query = {
  ...projectQuery,
  required: ['projectId', 'chainId'],
  properties: {
    ...projectQuery.properties,
    chainId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
  },
} as const

const hex = (max: number) => ({ type: 'string', pattern: '^0x[0-9a-fA-F]*$', maxLength: max }) as const
const quantity = { type: 'string', pattern: '^0x[0-9a-fA-F]{1,64}$' } as const
const address = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const

const bundlerBody = {
  type: 'object',
  required: ['jsonrpc', 'id', 'method'],
  properties: {
    jsonrpc: { const: '2.0' },
    // `id` is checked by hand: the schema's type coercion would turn 7 into "7".
    method: { type: 'string', minLength: 1, maxLength: 64 },
    params: { type: 'array', maxItems: 4 },
  },
} as const

const userOperation = {
  type: 'object',
  required: [
    'sender',
    'nonce',
    'callData',
    'callGasLimit',
    'verificationGasLimit',
    'preVerificationGas',
    'maxFeePerGas',
    'maxPriorityFeePerGas',
  ],
  properties: {
    sender: address,
    nonce: quantity,
    factory: { anyOf: [address, { type: 'null' }] },
    factoryData: { anyOf: [hex(20_000), { type: 'null' }] },
    callData: hex(60_000),
    callGasLimit: quantity,
    verificationGasLimit: quantity,
    preVerificationGas: quantity,
    maxFeePerGas: quantity,
    maxPriorityFeePerGas: quantity,
    paymasterVerificationGasLimit: { anyOf: [quantity, { type: 'null' }] },
    paymasterPostOpGasLimit: { anyOf: [quantity, { type: 'null' }] },
  },
} as const

const paymasterBody = {
  type: 'object',
  required: ['jsonrpc', 'id', 'method', 'params'],
  properties: {
    jsonrpc: { const: '2.0' },
    // `id` is checked by hand: the schema's type coercion would turn 7 into "7".
    method: { type: 'string', enum: paymasterMethods },
    // [userOperation, entryPoint, chainId, context]
    params: {
      type: 'array',
      minItems: 4,
      maxItems: 4,
      items: [
        userOperation,
        address,
        quantity,
        { anyOf: [{ type: 'object', maxProperties: 8 }, { type: 'null' }] },
      ],
      additionalItems: false,
    },
  },
} as const

interface Call {
  jsonrpc: '2.0'
  id: RpcId
  method: string
  params?: unknown[]
}

type Request = FastifyRequest<{ Querystring: { projectId: string; chainId: string }; Body: Call }>

/** The body was not a call this endpoint reads: a JSON-RPC error, or the REST one for a bad query. */
function invalid(request: Request, reply: FastifyReply): FastifyReply | undefined {
  const error = request.validationError
  if (error === undefined) {
    const { id } = request.body
    if (
      id === null ||
      (typeof id === 'number' && Number.isFinite(id)) ||
      (typeof id === 'string' && id.length <= 128)
    )
      return undefined
    return reply.send(
      failure(
        null,
        rpcCodes.invalidRequest,
        'Invalid request: id must be a string of at most 128 characters, a number or null',
      ),
    )
  }
  if ((error as { validationContext?: string }).validationContext !== 'body')
    return sendError(reply, 400, 'invalid_request', error.message)
  const body = request.body as Partial<Call> | undefined
  const callId = typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : null
  return reply.send(failure(callId, rpcCodes.invalidRequest, `Invalid request: ${error.message}`))
}

/**
 * The smart accounts' endpoints of each project: `POST /aa/v1/bundler?projectId&chainId`, the
 * project's ERC-4337 bundler behind the server (the page never sees its URL or key), and
 * `POST /aa/v1/paymaster?projectId&chainId`, the ERC-7677 paymaster service that signs for the
 * project's verifying paymaster under its sponsorship policy.
 */
export function registerSmartAccountRoutes(
  app: FastifyInstance,
  options: {
    requireProject: preHandlerAsyncHookHandler
    store: LimitStore
    bundlerOf: (projectId: string, chainId: string) => Promise<string | undefined>
    paymasterOf: (projectId: string, chainId: string) => Promise<OpenedPaymaster | undefined>
    limits: SmartAccountLimits
  },
): void {
  const { limits } = options
  /** Both endpoints: the project checked first, the body checked by `body` and bounded. */
  const jsonRpc = (body: object) => ({
    preHandler: options.requireProject,
    schema: { querystring: query, body },
    attachValidation: true,
    bodyLimit: limits.maxBodyBytes,
  })
  app.post('/aa/v1/bundler', jsonRpc(bundlerBody), async (request: Request, reply) => {
    const refused = invalid(request, reply)
    if (refused) return refused
    const call = request.body
    if (!(bundlerMethods as readonly string[]).includes(call.method))
      return failure(
        call.id,
        -32601,
        `Method not found: ${call.method} is not forwarded to the bundler (use one of ${bundlerMethods.join(', ')})`,
      )
    const { projectId, chainId } = request.query
    const url = await options.bundlerOf(projectId, chainId)
    if (url === undefined)
      return failure(
        call.id,
        rpcCodes.unavailable,
        `This project has no bundler on ${chainId}: set one with \`latch-server project set-bundler ${projectId} ${chainId} URL\``,
      )
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: call.id,
          method: call.method,
          params: call.params ?? [],
        }),
        signal: AbortSignal.timeout(limits.bundlerTimeoutMs),
        redirect: 'error',
      })
      const text = await readBounded(response, limits.maxAnswerBytes)
      const answer = text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>)
      if (answer !== undefined && typeof answer === 'object' && answer !== null) {
        if ('result' in answer) return success(call.id, answer.result)
        const error = answer.error as { code?: unknown; message?: unknown; data?: unknown } | undefined
        if (typeof error?.code === 'number' && typeof error.message === 'string')
          return failure(call.id, error.code, error.message.slice(0, 2000), error.data)
      }
      request.log.warn({ status: response.status }, 'bundler answered no JSON-RPC response')
    } catch (error) {
      request.log.warn({ err: error }, 'bundler unreachable')
    }
    return failure(call.id, rpcCodes.unavailable, 'The bundler is unavailable: try again later')
  })

  app.post('/aa/v1/paymaster', jsonRpc(paymasterBody), async (request: Request, reply) => {
    const refused = invalid(request, reply)
    if (refused) return refused
    const call = request.body
    const [op, entryPoint, chainHex] = call.params as [UserOperationV07, Address, Hex]
    const { projectId, chainId } = request.query
    const hit = await options.store.increment(`pm:${request.ip}`, 60_000)
    if (hit.count > limits.paymasterPerMinute)
      return failure(
        call.id,
        rpcCodes.limitExceeded,
        `Too many paymaster calls from this client (limit ${limits.paymasterPerMinute} a minute)`,
      )
    const chain = Number(chainId.slice('eip155:'.length))
    if (BigInt(chainHex) !== BigInt(chain))
      return failure(call.id, rpcCodes.invalidParams, `Invalid params: the chain id is not ${chainId}'s`)
    if (!isAddressEqual(entryPoint, sponsoredEntryPoint))
      return failure(
        call.id,
        rpcCodes.invalidParams,
        `Invalid params: this paymaster service signs for the EntryPoint v0.7 (${sponsoredEntryPoint}) only`,
      )
    const paymaster = await options.paymasterOf(projectId, chainId)
    if (paymaster === undefined)
      return failure(
        call.id,
        refusalCodes.policy,
        `Sponsorship refused: this project has no paymaster on ${chainId}`,
      )
    try {
      checkPolicy(paymaster.policy, chainId, op)
      if (call.method === 'pm_getPaymasterStubData')
        return success(call.id, { ...stubFields(paymaster.address), isFinal: false })
      await countSponsorship(options.store, projectId, chainId, paymaster.policy, getAddress(op.sender))
      return success(
        call.id,
        await signedFields({
          paymaster: paymaster.address,
          signerKey: paymaster.signerKey,
          chainId: chain,
          op,
        }),
      )
    } catch (error) {
      if (error instanceof SponsorshipRefused) return failure(call.id, error.code, error.message)
      throw error
    }
  })
}
