import type { FastifyRequest } from 'fastify'
import type { LimitStore } from '../limits/store.js'
import { type AnswerCache, createAnswerCache } from './cache.js'
import type { RpcProxyOptions } from './options.js'
import { createFinalityTracker } from './upstream.js'

/** How long a known `finalized` block number is reused: about one Ethereum slot. */
const finalityTtlMs = 12_000
/** How long a final answer is reused. */
const answerTtlMs = 10 * 60_000

export interface RpcContext {
  options: RpcProxyOptions
  cache: AnswerCache
  finalized: (url: string) => Promise<bigint | undefined>
  /** The project's upstream for the chain (`project set-rpc`). */
  upstreamOf: (projectId: string, chainId: string) => Promise<string | undefined>
  /** Counts the request against the client's and the project's limits; seconds to wait when over. */
  overLimit: (request: FastifyRequest) => Promise<number | undefined>
}

export function rpcContext(
  options: RpcProxyOptions,
  store: LimitStore,
  upstreamOf: RpcContext['upstreamOf'],
): RpcContext {
  const limits = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes }
  const count = async (key: string, max: number | false) => {
    if (max === false) return undefined
    const hit = await store.increment(key, options.windowMs)
    return hit.count > max ? Math.max(1, Math.ceil(hit.resetMs / 1000)) : undefined
  }
  return {
    options,
    cache: createAnswerCache({
      entries: options.cacheEntries,
      bytes: options.cacheBytes,
      ttlMs: answerTtlMs,
    }),
    finalized: createFinalityTracker(limits, finalityTtlMs),
    upstreamOf,
    async overLimit(request) {
      try {
        // The project's limit bounds what all its visitors together cost the operator's node;
        // the client's keeps one of them from spending all of it. A batch counts once.
        const [ip, project] = await Promise.all([
          count(`rpc:ip:${request.ip}`, options.ipMax),
          count(`rpc:project:${request.project!.id}`, options.projectMax),
        ])
        return ip ?? project
      } catch (error) {
        // Like the server-wide limit: a failing store must not take the service down with it.
        request.log.warn({ err: error }, 'rpc limit store failed; request served')
        return undefined
      }
    },
  }
}
