import { cachePin } from './cacheable.js'
import type { RpcContext } from './context.js'
import {
  failure,
  isAnswer,
  notAllowedMessage,
  type RpcAnswer,
  type RpcCall,
  rpcCodes,
  success,
} from './jsonrpc.js'
import { allowedMethods } from './methods.js'
import { forward, UpstreamError } from './upstream.js'

interface Pending {
  index: number
  call: RpcCall
  /** Set when the answer may be kept: its cache key and the block number that must be final. */
  keep?: { key: string; number?: bigint }
}

/**
 * Answer checked calls for one chain: refused methods at once, final answers from the cache, the
 * rest in one upstream request. Returns the answers in the calls' order and the HTTP status.
 */
export async function answerCalls(
  context: RpcContext,
  chainId: string,
  url: string,
  items: readonly (RpcCall | RpcAnswer)[],
): Promise<{ status: number; answers: RpcAnswer[] }> {
  const allowed = allowedMethods(chainId)
  const answers: (RpcAnswer | undefined)[] = []
  const pending: Pending[] = []
  for (const [index, item] of items.entries()) {
    if (isAnswer(item)) {
      answers[index] = item
      continue
    }
    if (!allowed.has(item.method)) {
      answers[index] = failure(item.id, rpcCodes.notSupported, notAllowedMessage, { method: item.method })
      continue
    }
    const pin = cachePin(chainId, item.method, item.params)
    if (pin === undefined) {
      pending.push({ index, call: item })
      continue
    }
    // The URL is part of the key: two projects may name different nodes for one chain id.
    const key = `${url}\n${item.method}\n${JSON.stringify(item.params ?? [])}`
    const hit = context.cache.get(key)
    if (hit !== undefined) answers[index] = success(item.id, hit)
    else
      pending.push({ index, call: item, keep: pin.kind === 'number' ? { key, number: pin.number } : { key } })
  }
  let status = 200
  if (pending.length > 0) {
    // Asked only when an answer could be kept by its block number, and before the answer, not
    // beside it: a block that was final before the answer was read cannot have changed since,
    // whereas one that became final only after it may have been reorganised in between.
    const needsFinality = pending.some((p) => p.keep?.number !== undefined)
    const finalized = needsFinality ? await context.finalized(url) : undefined
    try {
      const upstream = await forward(
        url,
        pending.map((p) => p.call),
        context.options,
      )
      upstream.forEach((answer, i) => {
        const { index, keep } = pending[i]!
        answers[index] = answer
        if (keep === undefined || !('result' in answer) || answer.result === null) return
        if (keep.number !== undefined && (finalized === undefined || keep.number > finalized)) return
        context.cache.set(keep.key, answer.result)
      })
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      status = error.status
      for (const { index, call } of pending)
        answers[index] = failure(call.id, rpcCodes.unavailable, error.message)
    }
  }
  return { status, answers: answers as RpcAnswer[] }
}
