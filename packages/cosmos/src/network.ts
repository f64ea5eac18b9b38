import type { CaipNetwork } from '@latch/core'

/** What a Cosmos chain needs beyond a CAIP network: its address prefix, coin and endpoints. */
export interface CosmosChainInfo {
  /** The bech32 prefix of its account addresses (`cosmos`, `osmo`). */
  bech32Prefix: string
  /** The smallest unit of its staking and fee coin (`uatom`). */
  denom: string
  /** BIP-44 coin type of its keys; 118 for most chains. */
  coinType: number
  /** Tendermint RPC and REST (LCD) endpoints, handed to a wallet asked to add the chain. */
  rpcUrl?: string | undefined
  restUrl?: string | undefined
}

/** A Cosmos chain as a Latch network (`cosmos:<chain id>`), with its {@link CosmosChainInfo}. */
export interface CosmosNetwork extends CaipNetwork {
  id: string
  chainNamespace: 'cosmos'
  cosmos: CosmosChainInfo
}

export interface CosmosNetworkParameters {
  /** The chain id (`cosmoshub-4`): 1 to 32 letters, digits or dashes (the CAIP-2 reference). */
  chainId: string
  name: string
  bech32Prefix: string
  currency: { denom: string; symbol: string; decimals: number }
  coinType?: number | undefined
  rpcUrl?: string | undefined
  restUrl?: string | undefined
  testnet?: boolean | undefined
  explorer?: { name: string; url: string } | undefined
}

const CHAIN_ID = /^[-a-zA-Z0-9]{1,32}$/
const PREFIX = /^[a-z][a-z0-9]{0,19}$/
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/
const HTTP = /^https?:\/\/[^\s]+$/

function url(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !HTTP.test(value))
    throw new TypeError(`A Cosmos network's ${what} must be an http or https URL, got ${String(value)}.`)
  return value.replace(/\/+$/, '')
}

/**
 * A Cosmos chain as a Latch network. `rpcUrl` and `restUrl` are only handed to a wallet that
 * does not know the chain (Keplr's `experimentalSuggestChain`); the kit itself reads nothing
 * from them.
 *
 * @example
 * cosmosNetwork({ chainId: 'cosmoshub-4', name: 'Cosmos Hub', bech32Prefix: 'cosmos',
 *   currency: { denom: 'uatom', symbol: 'ATOM', decimals: 6 } }).caipNetworkId // 'cosmos:cosmoshub-4'
 */
export function cosmosNetwork(parameters: CosmosNetworkParameters): CosmosNetwork {
  const { chainId, name, bech32Prefix, currency, coinType = 118, testnet, explorer } = parameters
  if (typeof chainId !== 'string' || !CHAIN_ID.test(chainId))
    throw new TypeError(`A Cosmos chain id is 1 to 32 letters, digits or dashes, got ${String(chainId)}.`)
  if (typeof bech32Prefix !== 'string' || !PREFIX.test(bech32Prefix))
    throw new TypeError(`A bech32 prefix is lowercase letters and digits, got ${String(bech32Prefix)}.`)
  if (
    typeof currency?.denom !== 'string' ||
    !DENOM.test(currency.denom) ||
    typeof currency.symbol !== 'string' ||
    !currency.symbol ||
    !Number.isInteger(currency.decimals) ||
    currency.decimals < 0 ||
    currency.decimals > 18
  )
    throw new TypeError(`The currency of ${chainId} needs a denom, a symbol and 0 to 18 decimals.`)
  if (!Number.isInteger(coinType) || coinType < 0) throw new TypeError('coinType must be a whole number.')
  const rpcUrl = url(parameters.rpcUrl, 'RPC URL')
  const restUrl = url(parameters.restUrl, 'REST URL')
  return {
    id: chainId,
    caipNetworkId: `cosmos:${chainId}`,
    chainNamespace: 'cosmos',
    name: typeof name === 'string' && name ? name : chainId,
    testnet: testnet === true,
    nativeCurrency: { name: currency.symbol, symbol: currency.symbol, decimals: currency.decimals },
    // Balances are not read on Cosmos (spec §6): the kit has no RPC URL to use.
    rpcUrls: { default: { http: [] } },
    blockExplorers: explorer ? { default: explorer } : undefined,
    cosmos: { bech32Prefix, denom: currency.denom, coinType, rpcUrl, restUrl },
  }
}

type Endpoints = { rpcUrl?: string | undefined; restUrl?: string | undefined }

/** Cosmos Hub (`cosmos:cosmoshub-4`, addresses `cosmos1…`, ATOM). */
export function cosmosHub(endpoints: Endpoints = {}): CosmosNetwork {
  return cosmosNetwork({
    chainId: 'cosmoshub-4',
    name: 'Cosmos Hub',
    bech32Prefix: 'cosmos',
    currency: { denom: 'uatom', symbol: 'ATOM', decimals: 6 },
    explorer: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' },
    ...endpoints,
  })
}

/** Osmosis (`cosmos:osmosis-1`, addresses `osmo1…`, OSMO). */
export function osmosis(endpoints: Endpoints = {}): CosmosNetwork {
  return cosmosNetwork({
    chainId: 'osmosis-1',
    name: 'Osmosis',
    bech32Prefix: 'osmo',
    currency: { denom: 'uosmo', symbol: 'OSMO', decimals: 6 },
    explorer: { name: 'Mintscan', url: 'https://www.mintscan.io/osmosis' },
    ...endpoints,
  })
}

/**
 * A local or test chain (`cosmos:latch-local-1` by default, addresses `cosmos1…`, a test coin):
 * wallets do not know it, so connecting suggests it to them with these endpoints.
 */
export function cosmosTestChain({
  chainId = 'latch-local-1',
  name = 'Cosmos (local)',
  bech32Prefix = 'cosmos',
  rpcUrl = 'http://127.0.0.1:26657',
  restUrl = 'http://127.0.0.1:1317',
}: Partial<
  Pick<CosmosNetworkParameters, 'chainId' | 'name' | 'bech32Prefix' | 'rpcUrl' | 'restUrl'>
> = {}): CosmosNetwork {
  return cosmosNetwork({
    chainId,
    name,
    bech32Prefix,
    currency: { denom: 'ustake', symbol: 'STAKE', decimals: 6 },
    rpcUrl,
    restUrl,
    testnet: true,
  })
}

/** Whether a network is a Cosmos network made by {@link cosmosNetwork}. */
export function isCosmosNetwork(network: CaipNetwork | undefined): network is CosmosNetwork {
  const info = (network as CosmosNetwork | undefined)?.cosmos
  return network?.chainNamespace === 'cosmos' && typeof info?.bech32Prefix === 'string'
}

/** The Keplr chain info of a network, to suggest it; undefined without both endpoints. */
export function chainInfoOf(network: CosmosNetwork): Record<string, unknown> | undefined {
  const { bech32Prefix: p, denom, coinType, rpcUrl, restUrl } = network.cosmos
  if (!rpcUrl || !restUrl) return undefined
  const currency = {
    coinDenom: network.nativeCurrency.symbol,
    coinMinimalDenom: denom,
    coinDecimals: network.nativeCurrency.decimals,
  }
  return {
    chainId: network.id,
    chainName: network.name,
    rpc: rpcUrl,
    rest: restUrl,
    bip44: { coinType },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, gasPriceStep: { low: 0.01, average: 0.025, high: 0.04 } }],
    stakeCurrency: currency,
  }
}
