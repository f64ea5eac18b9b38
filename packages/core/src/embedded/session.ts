import type { FrameUser } from '../frame/protocol.js'
import type { ApprovedSession, CaipNetwork } from '../types.js'

/** The live session's chain and Solana accounts, as the providers read them. */
export interface LiveSession {
  /** The eip155 chain the frame signs on; undefined without a session. */
  chainId: number | undefined
  /** The session's Solana accounts, CAIP-10. */
  solanaAccounts: string[]
  /** The EVM account the frame answers with (its EOA, or its smart account); undefined without a session. */
  address?: string | undefined
}

/**
 * The frame's user as a session over the app's networks: the wallet's address on each eip155
 * network (the frame's chain first when the app lacks it) and its Solana account on each Solana
 * network (none configured: none).
 */
export function toSession(
  user: FrameUser,
  networks: readonly CaipNetwork[],
): { session: ApprovedSession; live: LiveSession } {
  const reference = String(user.chainId).replace(/^eip155:/, '')
  const chains = networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId as string)
  const onChain = chains.includes(`eip155:${reference}`) ? chains : [`eip155:${reference}`, ...chains]
  const addresses = [...new Set([user.address, ...(user.accounts ?? []).map((a) => a.address)])]
  const clusters = networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId as string)
  const solanaAccounts = user.solanaAddress ? clusters.map((chain) => `${chain}:${user.solanaAddress}`) : []
  return {
    live: { chainId: Number(reference), solanaAccounts, address: user.address },
    session: {
      namespaces: {
        eip155: {
          accounts: onChain.flatMap((chain) => addresses.map((address) => `${chain}:${address}`)),
          chains: onChain,
        },
        ...(solanaAccounts.length ? { solana: { accounts: [...solanaAccounts], chains: clusters } } : {}),
      },
      expiry: 0,
      wallet: { name: 'Email wallet' },
      user: { email: user.email ?? undefined, username: user.userName, socialProvider: user.socialProvider },
      preferredAccountType: user.preferredAccountType ?? 'eoa',
      smartAccountDeployed: user.smartAccountDeployed ?? false,
    },
  }
}
