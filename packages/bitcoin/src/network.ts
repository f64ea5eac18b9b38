import { type CaipNetwork, ChainNotSupportedError } from '@latch/core'

/**
 * CAIP-2 references of Bitcoin's chains (bip122): the first 32 hex characters of each chain's
 * genesis block hash.
 */
export const BITCOIN_GENESIS_REFERENCES = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  testnet4: '00000000da84f2bafbbc53dee25a72ae',
  signet: '00000008819873e925422c1ff0f99f7c',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

export type BitcoinChainName = keyof typeof BITCOIN_GENESIS_REFERENCES

/** A Wallet Standard chain id of Bitcoin. */
export type WalletStandardBitcoinChain =
  `bitcoin:${'mainnet' | 'testnet' | 'testnet4' | 'signet' | 'regtest'}`

const NAMES: Record<BitcoinChainName, string> = {
  mainnet: 'Bitcoin',
  testnet: 'Bitcoin Testnet',
  testnet4: 'Bitcoin Testnet4',
  signet: 'Bitcoin Signet',
  regtest: 'Bitcoin (regtest)',
}

const EXPLORERS: Partial<Record<BitcoinChainName, string>> = {
  mainnet: 'https://mempool.space',
  testnet: 'https://mempool.space/testnet',
  testnet4: 'https://mempool.space/testnet4',
  signet: 'https://mempool.space/signet',
}

/** The app's Esplora-style API URL as the network's list (balances, UTXOs, broadcast). */
function apiUrlList(apiUrl: unknown): string[] {
  if (apiUrl === undefined) return []
  if (typeof apiUrl !== 'string' || !/^https?:\/\/[^\s]+$/.test(apiUrl))
    throw new TypeError(`A Bitcoin network's API URL must be http or https, got ${String(apiUrl)}.`)
  return [apiUrl.replace(/\/+$/, '')]
}

/**
 * One of Bitcoin's chains as a Latch network (`bip122:<genesis hash prefix>`), read through the
 * app's own Esplora-style API (`apiUrl`: balances, UTXOs and broadcast). Without one, the
 * network has no balance and `sendTransfer` is not available; signing still works.
 *
 * @example
 * bitcoinNetwork('mainnet', { apiUrl: 'https://esplora.example.com/api' }).caipNetworkId
 * // 'bip122:000000000019d6689c085ae165831e93'
 */
export function bitcoinNetwork(
  chain: BitcoinChainName,
  { apiUrl, name }: { apiUrl?: string | undefined; name?: string | undefined } = {},
): CaipNetwork {
  const id = BITCOIN_GENESIS_REFERENCES[chain]
  if (!id) throw new TypeError(`Unknown Bitcoin chain ${String(chain)}.`)
  const explorer = EXPLORERS[chain]
  return {
    id,
    caipNetworkId: `bip122:${id}`,
    chainNamespace: 'bip122',
    name: name ?? NAMES[chain],
    // A local regtest chain shows its balance like a mainnet.
    testnet: chain !== 'mainnet' && chain !== 'regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: apiUrlList(apiUrl) } },
    blockExplorers: explorer ? { default: { name: 'mempool.space', url: explorer } } : undefined,
  }
}

const BY_REFERENCE = new Map<string, BitcoinChainName>(
  (Object.keys(BITCOIN_GENESIS_REFERENCES) as BitcoinChainName[]).map((chain) => [
    BITCOIN_GENESIS_REFERENCES[chain],
    chain,
  ]),
)

/** The Bitcoin chain a network is, by its genesis reference. */
export function bitcoinChainOf(network: CaipNetwork): BitcoinChainName {
  const chain = network.chainNamespace === 'bip122' ? BY_REFERENCE.get(String(network.id)) : undefined
  if (!chain) throw new ChainNotSupportedError({ chain: network.caipNetworkId })
  return chain
}

/** The Wallet Standard chain of a Bitcoin network (`bitcoin:mainnet`, `bitcoin:regtest`, …). */
export function toWalletStandardChain(network: CaipNetwork): WalletStandardBitcoinChain {
  return `bitcoin:${bitcoinChainOf(network)}`
}
