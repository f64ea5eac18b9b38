import { projectQuery } from '../../http/schemas.js'

/** `?chainId={CAIP-2}&projectId={id}` (spec §7): an EVM chain or a Solana cluster. */
export const rpcQuery = {
  ...projectQuery,
  required: ['projectId', 'chainId'],
  properties: {
    ...projectQuery.properties,
    chainId: { type: 'string', pattern: '^(eip155:[1-9][0-9]{0,18}|solana:[1-9A-HJ-NP-Za-km-z]{32})$' },
  },
} as const

export function unsupportedChain(projectId: string, chainId: string): string {
  return `Project "${projectId}" has no RPC URL for ${chainId}: set one with \`latch-server project set-rpc\``
}
