import type { CaipNetwork } from '@latch/core'
import { ChainNotSupportedError } from '@latch/core'
import { type Chain, type Hex, numberToHex } from 'viem'

/** Options of {@link toCaipNetwork}. */
export interface ToCaipNetworkOptions {
  /** RPC URLs to publish instead of the chain's (e.g. the app's local transport). */
  rpcUrls?: readonly string[] | undefined
}

/**
 * Describes a viem chain as a Latch network (`eip155:<id>`).
 *
 * @example
 * toCaipNetwork(mainnet).caipNetworkId // 'eip155:1'
 */
export function toCaipNetwork(chain: Chain, options: ToCaipNetworkOptions = {}): CaipNetwork {
  const explorer = chain.blockExplorers?.default
  return {
    id: chain.id,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    name: chain.name,
    testnet: chain.testnet,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: [...(options.rpcUrls ?? chain.rpcUrls.default.http)] } },
    blockExplorers: explorer ? { default: { name: explorer.name, url: explorer.url } } : undefined,
  }
}

/** The numeric chain id of an eip155 network; anything else is not this adapter's. */
export function toEvmChainId(caipNetwork: CaipNetwork): number {
  const id = typeof caipNetwork.id === 'string' ? Number(caipNetwork.id) : caipNetwork.id
  if (caipNetwork.chainNamespace !== 'eip155' || !Number.isSafeInteger(id) || id <= 0)
    throw new ChainNotSupportedError({ chain: caipNetwork.caipNetworkId })
  return id
}

/** The EIP-3085 parameter that asks a wallet to add `caipNetwork`. */
export function toAddEthereumChainParameter(caipNetwork: CaipNetwork): {
  chainId: Hex
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
  iconUrls?: string[]
} {
  const explorer = caipNetwork.blockExplorers?.default.url
  const icon = caipNetwork.assets?.imageUrl
  return {
    chainId: numberToHex(toEvmChainId(caipNetwork)),
    chainName: caipNetwork.name,
    nativeCurrency: { ...caipNetwork.nativeCurrency },
    rpcUrls: [...caipNetwork.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
    ...(icon?.startsWith('https:') ? { iconUrls: [icon] } : {}),
  }
}
