/**
 * The project's RPC endpoint for a chain on the app's `@latch/server` (spec §7:
 * `{rpc host}/v1/?chainId={caip id}&projectId={id}`), or undefined when the app configured no
 * server (`apiUrl`) or no project id: then the kit reads over the RPC URLs of the app's networks,
 * as without a server.
 */
export function projectRpcUrl(
  { apiUrl, projectId }: { apiUrl: string | undefined; projectId: string | undefined },
  caipNetworkId: string,
): string | undefined {
  if (!apiUrl || !projectId) return undefined
  return `${apiUrl}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${encodeURIComponent(projectId)}`
}
