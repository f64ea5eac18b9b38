import { validateCalls } from '@latch/core/internal'
import type { Address } from 'viem'
import { FrameError } from '../protocol.js'
import type { AccountCall } from './simpleAccount.js'

// `wallet_sendCalls` (EIP-5792) as the page asks it: checked here, with the kit's own check of a
// batch (spec §5: calls need a `to` starting with 0x, optional hex data, an optional quantity
// value; at most 50 calls), before anything is built or shown.

const quantity = /^0x[0-9a-fA-F]{1,64}$/

/** A batch the page asked for: its calls, and the chain and sender it named (if any). */
export interface CallsRequest {
  calls: AccountCall[]
  chainId: bigint | undefined
  from: string | undefined
}

const invalid = (reason: string) =>
  new FrameError(`Invalid wallet_sendCalls request: ${reason}`, 'INVALID_PARAMS')

export function decodeSendCalls(params: unknown[]): CallsRequest {
  const [request] = params
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw invalid('the first parameter must be an object.')
  const { calls, chainId, from } = request as Record<string, unknown>
  if (chainId !== undefined && (typeof chainId !== 'string' || !quantity.test(chainId)))
    throw invalid('chainId must be a hex quantity.')
  if (from !== undefined && (typeof from !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(from)))
    throw invalid('from must be an address.')
  // Values come as hex quantities; the kit's check reads them as bigints (anything else fails it).
  const asKit = Array.isArray(calls)
    ? calls.map((call: unknown) => {
        if (typeof call !== 'object' || call === null) return call
        const { value } = call as { value?: unknown }
        return typeof value === 'string' && quantity.test(value) ? { ...call, value: BigInt(value) } : call
      })
    : calls
  let checked: ReturnType<typeof validateCalls>
  try {
    checked = validateCalls(asKit)
  } catch (error) {
    const message = (error as { shortMessage?: string }).shortMessage ?? String(error)
    throw new FrameError(message, 'INVALID_PARAMS')
  }
  const out = checked.map((call, index) => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(call.to)) throw invalid(`call ${index}'s 'to' must be an address.`)
    return {
      to: call.to as Address,
      ...(call.value === undefined ? {} : { value: call.value }),
      ...(call.data === undefined || call.data === '0x' ? {} : { data: call.data }),
    }
  })
  return {
    calls: out,
    chainId: chainId === undefined ? undefined : BigInt(chainId as string),
    from: from as string | undefined,
  }
}
