import { NoRpcUrlError, RpcEndpointChainMismatchError } from '@latch/core'
import { getPublicClient } from '@wagmi/core'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { EvmActionsHost } from './evmActions.js'

/** The adapter's clients of the project's RPC endpoint, by URL, each once it proved its chain. */
export type EndpointClients = Map<string, Promise<PublicClient>>

/**
 * The client the kit reads a chain with: the app's own transport from its wagmi config when it
 * chose one; otherwise, when the app has a `@latch/server`, the project's RPC endpoint (asked
 * once for its chain id, so a node configured for another chain is refused rather than read);
 * otherwise wagmi's client on the chain's own RPC URL, as without a server.
 */
export async function readClient(host: EvmActionsHost, chainId: number): Promise<PublicClient> {
  const chain = host.config.chains.find((candidate) => candidate.id === chainId)
  const endpoint = chain === undefined ? undefined : host.endpointOf(chain)
  if (endpoint === undefined) {
    const client = getPublicClient(host.config, { chainId })
    if (!client) throw new NoRpcUrlError({ chainId })
    return client as PublicClient
  }
  const endpointClients = host.endpointClients
  let client = endpointClients.get(endpoint)
  if (client === undefined) {
    // viem's retries are spec §7's: 3 tries after 150 ms, doubling, on the status codes it lists.
    const created = createPublicClient({
      chain,
      transport: http(endpoint, { retryCount: 3, retryDelay: 150 }),
    })
    client = created.getChainId().then((served) => {
      if (served !== chainId)
        throw new RpcEndpointChainMismatchError({
          caipNetworkId: `eip155:${chainId}`,
          served: `eip155:${served}`,
          url: endpoint,
        })
      return created as PublicClient
    })
    const pending = client
    endpointClients.set(endpoint, pending)
    // A failed check (server down, wrong chain) is asked again next time, not remembered.
    pending.catch(() => {
      if (endpointClients.get(endpoint) === pending) endpointClients.delete(endpoint)
    })
  }
  return client
}
