import { s } from '@latch/core/internal'
import { getAddress, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import type { Api } from '../api.js'
import { FrameError } from '../protocol.js'

// The frame's server's smart-account services: the chains the project runs smart accounts on
// (`/embedded/v1/smart-accounts`), its ERC-4337 bundler (`/aa/v1/bundler`, a proxy) and its
// ERC-7677 paymaster service (`/aa/v1/paymaster`). Every answer is checked before use.

/** How long the bundler and the paymaster service may take to answer one call. */
export const serviceTimeoutMs = 20_000

const address = s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
const quantity = s.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'Invalid quantity')
const hexBytes = s.string().regex(/^0x([0-9a-fA-F]{2}){0,10000}$/, 'Invalid bytes')
const hash = s.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid hash')

const networksAnswer = s.object({
  entryPoint: address,
  networks: s
    .array(
      s.object({ chainId: s.string().regex(/^eip155:[1-9][0-9]{0,15}$/, 'Invalid chain'), factory: address }),
    )
    .refine((list) => list.length <= 200, 'Too many chains'),
})

/** The chains (CAIP-2 id → factory) on which the project runs smart accounts. */
export type Networks = ReadonlyMap<string, { factory: Hex }>

/**
 * The project's smart-account chains, as its server lists them. Only EntryPoint v0.7 accounts are
 * built here: a server naming another EntryPoint enables none.
 */
export async function readNetworks(api: Api): Promise<Networks> {
  const checked = networksAnswer.safeParse(await api.smartAccounts())
  if (!checked.success)
    throw new FrameError('The wallet server answered an invalid list of smart-account chains', 'SERVER')
  const { entryPoint, networks } = checked.data
  if (getAddress(entryPoint) !== entryPoint07Address) return new Map()
  return new Map(networks.map(({ chainId, factory }) => [chainId, { factory: getAddress(factory) }]))
}

export const paymasterFields = s.object({
  paymaster: address,
  paymasterData: hexBytes,
  paymasterVerificationGasLimit: quantity.optional(),
  paymasterPostOpGasLimit: quantity.optional(),
})

export const gasEstimate = s.object({
  preVerificationGas: quantity,
  verificationGasLimit: quantity,
  callGasLimit: quantity,
  paymasterVerificationGasLimit: quantity.optional(),
  paymasterPostOpGasLimit: quantity.optional(),
})

const log = s.object({
  address,
  data: hexBytes,
  topics: s.array(hash),
})

/** `eth_getUserOperationReceipt`'s answer (ERC-4337), the parts the page's status reads. */
export const userOperationReceipt = s.object({
  userOpHash: hash,
  success: s.boolean(),
  receipt: s.object({
    transactionHash: hash,
    blockHash: hash,
    blockNumber: quantity,
    gasUsed: quantity,
    status: s.enum(['0x1', '0x0']).optional(),
    logs: s.array(log),
  }),
})

const rpcAnswer = s.object({
  result: s.unknown().optional(),
  error: s.object({ code: s.number(), message: s.string() }).optional(),
})

type Service = 'bundler' | 'paymaster'

/**
 * One call to the bundler or the paymaster service of `chainId`: its result, checked with
 * `schema`. A JSON-RPC error is the request's error (its message kept: a sponsorship refusal says
 * why); an HTTP error, a timeout or an unreadable answer says which service failed.
 */
export async function callService<T>(
  api: Api,
  service: Service,
  chainId: string,
  call: { method: string; params: unknown[] },
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } },
  httpError?: (status: number) => string,
): Promise<T> {
  const name = service === 'bundler' ? 'The bundler' : 'The paymaster service'
  let answer: Awaited<ReturnType<Api['userOperationService']>>
  try {
    answer = await api.userOperationService(service, chainId, call, serviceTimeoutMs)
  } catch (error) {
    if (error instanceof FrameError && error.code === 'TIMEOUT')
      throw new FrameError(`${name} did not answer in time: nothing was sent`, 'TIMEOUT')
    throw error
  }
  if (answer.status < 200 || answer.status > 299)
    throw new FrameError(httpError?.(answer.status) ?? `${name} answered ${answer.status}`, 'SERVICE_ERROR', {
      status: answer.status,
    })
  const body = rpcAnswer.safeParse(answer.body)
  if (!body.success) throw new FrameError(`${name} answered no JSON-RPC response`, 'SERVICE_ERROR')
  const { error, result } = body.data
  if (error !== undefined) {
    const code = /^Sponsorship refused/.test(error.message)
      ? 'SPONSORSHIP_REFUSED'
      : service === 'paymaster'
        ? 'PAYMASTER_ERROR'
        : 'BUNDLER_ERROR'
    throw new FrameError(error.message.slice(0, 500), code, { rpcCode: error.code })
  }
  const checked = schema.safeParse(result)
  if (!checked.success)
    throw new FrameError(`${name} answered an invalid result to ${call.method}`, 'SERVICE_ERROR')
  return checked.data
}

export const userOperationHash = hash
