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

/** Node URLs held at most by {@link reuseUpstreams}. */
const maxCachedUpstreams = 10_000

/**
 * Reuse a project's node URL for `ttlMs`, as project lookups are reused: a cached read then costs
 * no database round trip, and `project set-rpc` takes effect on every instance within that time.
 */
function reuseUpstreams(lookup: RpcContext['upstreamOf'], ttlMs: number): RpcContext['upstreamOf'] {
  if (ttlMs <= 0) return lookup
  const known = new Map<string, { expiresAt: number; value: Promise<string | undefined> }>()
  return (projectId, chainId) => {
    const key = `${projectId} ${chainId}`
    const hit = known.get(key)
    if (hit !== undefined && hit.expiresAt > Date.now()) return hit.value
    known.delete(key)
    if (known.size >= maxCachedUpstreams) known.delete(known.keys().next().value as string)
    const value = lookup(projectId, chainId)
    known.set(key, { expiresAt: Date.now() + ttlMs, value })
    // A failed lookup is not remembered.
    value.catch(() => {
      if (known.get(key)?.value === value) known.delete(key)
    })
    return value
  }
}

export function rpcContext(
  options: RpcProxyOptions,
  store: LimitStore,
  upstreamOf: RpcContext['upstreamOf'],
  lookupCacheMs: number,
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
    upstreamOf: reuseUpstreams(upstreamOf, lookupCacheMs),
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
