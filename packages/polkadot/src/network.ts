import { type CaipNetwork, ChainNotSupportedError } from '@latch/core'

/** Polkadot's relay chains the kit names, with their genesis hash and their SS58 address prefix. */
export const POLKADOT_CHAINS = {
  polkadot: {
    name: 'Polkadot',
    genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
    ss58Prefix: 0,
    currency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
    explorer: 'https://polkadot.subscan.io',
    testnet: false,
  },
  kusama: {
    name: 'Kusama',
    genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
    ss58Prefix: 2,
    currency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
    explorer: 'https://kusama.subscan.io',
    testnet: false,
  },
  westend: {
    name: 'Westend',
    genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
    ss58Prefix: 42,
    currency: { name: 'Westend', symbol: 'WND', decimals: 12 },
    explorer: 'https://westend.subscan.io',
    testnet: true,
  },
} as const

export type PolkadotChainName = keyof typeof POLKADOT_CHAINS

/** What the adapter knows of one of the app's Polkadot networks. */
export interface PolkadotChain {
  genesisHash: `0x${string}`
  ss58Prefix: number
}

/** The CAIP-2 reference of a chain: the first 32 hex characters of its genesis hash. */
export function caipReferenceOf(genesisHash: string): string {
  return genesisHash.slice(2, 34)
}

function rpcUrlList(rpcUrl: unknown): string[] {
  if (rpcUrl === undefined) return []
  if (typeof rpcUrl !== 'string' || !/^(wss?|https?):\/\/[^\s]+$/.test(rpcUrl))
    throw new TypeError(`A Polkadot network's RPC URL must be ws(s) or http(s), got ${String(rpcUrl)}.`)
  return [rpcUrl]
}

/**
 * One of Polkadot's relay chains as a Latch network (`polkadot:<first 32 hex characters of the
 * genesis hash>`). Accounts show in the network's SS58 format (prefix 0 on Polkadot, 2 on Kusama,
 * 42 on Westend). `rpcUrl` is kept for apps that read the chain themselves; the kit reads no
 * Polkadot node (no balance, no transfer).
 *
 * @example
 * polkadotNetwork('polkadot').caipNetworkId // 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
 */
export function polkadotNetwork(
  chain: PolkadotChainName,
  options: { name?: string | undefined; rpcUrl?: string | undefined } = {},
): CaipNetwork {
  const known = Object.hasOwn(POLKADOT_CHAINS, chain) ? POLKADOT_CHAINS[chain] : undefined
  if (!known) throw new TypeError(`Unknown Polkadot chain ${String(chain)}.`)
  const id = caipReferenceOf(known.genesisHash)
  return {
    id,
    caipNetworkId: `polkadot:${id}`,
    chainNamespace: 'polkadot',
    name: options.name ?? known.name,
    testnet: known.testnet,
    nativeCurrency: { ...known.currency },
    rpcUrls: { default: { http: rpcUrlList(options.rpcUrl) } },
    blockExplorers: { default: { name: 'Subscan', url: known.explorer } },
  }
}

const BY_ID = new Map<string, PolkadotChain>(
  Object.values(POLKADOT_CHAINS).map((c) => [
    `polkadot:${caipReferenceOf(c.genesisHash)}`,
    { genesisHash: c.genesisHash, ss58Prefix: c.ss58Prefix },
  ]),
)

/** The genesis hash and SS58 prefix of a Polkadot network, by its CAIP-2 id. */
export function polkadotChainOf(network: CaipNetwork): PolkadotChain {
  const chain = network.chainNamespace === 'polkadot' ? BY_ID.get(network.caipNetworkId) : undefined
  if (!chain) throw new ChainNotSupportedError({ chain: network.caipNetworkId })
  return chain
}
