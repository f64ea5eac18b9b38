export { WalletTimeoutError, type WalletTimeoutErrorType } from '@latch/core'
export {
  type BitcoinAdapter,
  type BitcoinAdapterOptions,
  type BitcoinInputsToSign,
  type BitcoinTransaction,
  bitcoinAdapter,
  type SignPsbtParameters,
  type SignPsbtReturnType,
} from './bitcoinAdapter.js'
export type { BitcoinAddressPurpose, BitcoinSigHash } from './features.js'
export { formatSats } from './format.js'
export {
  BITCOIN_GENESIS_REFERENCES,
  type BitcoinChainName,
  bitcoinChainOf,
  bitcoinNetwork,
  toWalletStandardChain,
  type WalletStandardBitcoinChain,
} from './network.js'
export {
  BITCOIN_REQUEST_WALLETS,
  type BitcoinRequestProvider,
  type BitcoinRequestWallet,
} from './requestWallet.js'
export type { BitcoinSessionProvider } from './sessionWallet.js'
