import { QueryClient } from '@tanstack/query-core'
import type { Latch } from '../createLatch.js'

/**
 * The instance's query cache, created on first use. Only code that already runs after the first
 * load imports this module (a balance fetch, the Account view), so @tanstack/query-core never
 * weighs on an app's first load. The cache is cleared when the instance is torn down.
 *
 * @example
 * const client = queryClientOf(latch)
 * await client.fetchQuery(balanceQueryOptions(latch, parameters))
 */
export function queryClientOf(latch: Latch): QueryClient {
  let client = latch._internal.queryClient
  if (!client) {
    client = new QueryClient()
    client.mount()
    const created = client
    latch._internal.queryClient = created
    latch._internal.teardown.push(() => {
      created.clear()
      created.unmount()
      latch._internal.queryClient = undefined
    })
  }
  return client
}
