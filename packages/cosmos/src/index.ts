export { WalletTimeoutError, type WalletTimeoutErrorType } from '@latch/core'
export {
  COSMOS_INJECTED_WALLETS,
  type CosmosAccountData,
  type CosmosAdapter,
  type CosmosAdapterOptions,
  type CosmosInjectedWallet,
  type CosmosOfflineSigner,
  cosmosAdapter,
} from './cosmosAdapter.js'
export type { AminoSignDoc, Coin, DirectSignDoc, KeplrKey, KeplrLike, StdSignature } from './keplr.js'
export {
  type CosmosChainInfo,
  type CosmosNetwork,
  type CosmosNetworkParameters,
  cosmosHub,
  cosmosNetwork,
  cosmosTestChain,
  osmosis,
} from './network.js'
