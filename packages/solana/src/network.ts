import { type CaipNetwork, ChainNotSupportedError } from '@latch/core'

/** Genesis hashes of Solana's public clusters. */
export const SOLANA_GENESIS_HASHES = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
} as const

export type SolanaCluster = keyof typeof SOLANA_GENESIS_HASHES

/** A Wallet Standard chain id of Solana (`solana:mainnet`, …, `solana:localnet`). */
export type WalletStandardSolanaChain = `solana:${SolanaCluster | 'localnet'}`

const NAMES: Record<SolanaCluster, string> = {
  mainnet: 'Solana',
  devnet: 'Solana Devnet',
  testnet: 'Solana Testnet',
}

const NATIVE = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** The app's RPC URL as the network's list: none when the app gives none (then the project's
 * RPC endpoint on the app's `@latch/server` is read, or nothing). */
function rpcUrlList(rpcUrl: unknown): string[] {
  if (rpcUrl === undefined) return []
  if (typeof rpcUrl !== 'string' || !/^https?:\/\/[^\s]+$/.test(rpcUrl))
    throw new TypeError(`A Solana network's RPC URL must be http or https, got ${String(rpcUrl)}.`)
  return [rpcUrl]
}

/** CAIP-2 reference of a chain: the first 32 characters of its genesis hash. */
export function genesisReference(genesisHash: string): string {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(genesisHash))
    throw new TypeError(`Not a base58 genesis hash: ${genesisHash}`)
  return genesisHash.slice(0, 32)
}

/**
 * One of Solana's public clusters as a Latch network (`solana:<genesis hash prefix>`), on the
 * app's own RPC URL; without one, the kit reads it through the project's RPC endpoint of the
 * app's `@latch/server` (`apiUrl`), and with no server either, it reads nothing (the kit has no
 * public Solana host).
 *
 * @example
 * solanaNetwork('mainnet', { rpcUrl: 'https://rpc.example.com' }).caipNetworkId
 * // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function solanaNetwork(
  cluster: SolanaCluster,
  { rpcUrl }: { rpcUrl?: string | undefined } = {},
): CaipNetwork {
  const hash = SOLANA_GENESIS_HASHES[cluster]
  if (!hash) throw new TypeError(`Unknown Solana cluster ${String(cluster)}.`)
  const id = genesisReference(hash)
  return {
    id,
    caipNetworkId: `solana:${id}`,
    chainNamespace: 'solana',
    name: NAMES[cluster],
    testnet: cluster !== 'mainnet',
    nativeCurrency: { ...NATIVE },
    rpcUrls: { default: { http: rpcUrlList(rpcUrl) } },
    blockExplorers: {
      default: {
        name: 'Solana Explorer',
        url:
          cluster === 'mainnet'
            ? 'https://explorer.solana.com'
            : `https://explorer.solana.com/?cluster=${cluster}`,
      },
    },
  }
}

/**
 * A local Solana chain (a test validator, the test kit's SVM) as a Latch network. It is not a
 * testnet (its balance shows) and wallets know it as `solana:localnet`.
 */
export function solanaLocalnet({
  genesisHash,
  rpcUrl,
  name = 'Solana (local)',
}: {
  genesisHash: string
  rpcUrl?: string | undefined
  name?: string | undefined
}): CaipNetwork {
  const id = genesisReference(genesisHash)
  return {
    id,
    caipNetworkId: `solana:${id}`,
    chainNamespace: 'solana',
    name,
    testnet: false,
    nativeCurrency: { ...NATIVE },
    rpcUrls: { default: { http: rpcUrlList(rpcUrl) } },
  }
}

const PUBLIC_BY_REFERENCE = new Map<string, SolanaCluster>(
  (Object.keys(SOLANA_GENESIS_HASHES) as SolanaCluster[]).map((cluster) => [
    genesisReference(SOLANA_GENESIS_HASHES[cluster]),
    cluster,
  ]),
)

/** The Wallet Standard chain of a Solana network: a public cluster by genesis, else `solana:localnet`. */
export function toWalletStandardChain(network: CaipNetwork): WalletStandardSolanaChain {
  if (network.chainNamespace !== 'solana') throw new ChainNotSupportedError({ chain: network.caipNetworkId })
  const cluster = PUBLIC_BY_REFERENCE.get(String(network.id))
  return cluster ? `solana:${cluster}` : 'solana:localnet'
}

/** The configured network a Wallet Standard chain id names, if any. */
export function fromWalletStandardChain(
  chain: string,
  networks: readonly CaipNetwork[],
): CaipNetwork | undefined {
  return networks.find(
    (network) => network.chainNamespace === 'solana' && toWalletStandardChain(network) === chain,
  )
}
