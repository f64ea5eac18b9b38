import {
  type AdapterContext,
  type CaipNetwork,
  NoRpcUrlError,
  RpcEndpointChainMismatchError,
} from '@latch/core'

/**
 * The URL the adapter reads a network through: the app's own (`rpcUrl` of the network), else the
 * project's RPC endpoint on the app's `@latch/server`, checked once to serve that cluster (its
 * genesis hash), else none: 'No RPC url provided'. The kit has no public Solana host.
 */
export function rpcUrlResolver(
  projectRpcUrl: () => AdapterContext['projectRpcUrl'],
  genesisReferenceOf: (url: string) => Promise<string>,
): (network: CaipNetwork) => Promise<string> {
  /** Endpoints by URL, each once it proved its cluster. */
  const endpoints = new Map<string, Promise<string>>()
  return async (network) => {
    const own = network.rpcUrls.default.http[0]
    if (own) return own
    const endpoint = projectRpcUrl()?.(network.caipNetworkId)
    if (!endpoint) throw new NoRpcUrlError({ chainId: network.id })
    const known = endpoints.get(endpoint)
    if (known !== undefined) return known
    const pending = genesisReferenceOf(endpoint).then((served) => {
      if (served !== String(network.id))
        throw new RpcEndpointChainMismatchError({
          caipNetworkId: network.caipNetworkId,
          served: `solana:${served}`,
          url: endpoint,
        })
      return endpoint
    })
    endpoints.set(endpoint, pending)
    // A failed check (server down, another cluster) is asked again next time.
    pending.catch(() => {
      if (endpoints.get(endpoint) === pending) endpoints.delete(endpoint)
    })
    return pending
  }
}
