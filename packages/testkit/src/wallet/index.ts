export { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys } from '../bitcoin/keys.js'
export { TEST_CONTRACT_ACCOUNTS, type TestContractAccount } from '../contracts/contractAccounts.js'
export { TEST_TOKENS } from '../contracts/testTokens.js'
export { COSMOS_TEST_CHAIN_ID, type CosmosTestKey, cosmosTestKey } from '../cosmos/keys.js'
export { TEST_ACCOUNTS, TEST_MNEMONIC, type TestAccount } from '../node/accounts.js'
export {
  LOCAL_SOLANA_CAIP_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  SOLANA_TEST_SEEDS,
} from '../solana/constants.js'
export { announceWallet, type WalletInfo } from './announce.js'
export {
  BITCOIN_REQUEST_TEST_WALLET_GLOBAL,
  BITCOIN_REQUEST_TEST_WALLET_NAME,
  type BitcoinRequestTestWallet,
  type BitcoinRequestTestWalletControls,
  createBitcoinRequestTestWallet,
  installBitcoinRequestTestWallet,
} from './bitcoinRequestWallet.js'
export {
  type BitcoinTestWallet,
  type BitcoinTestWalletControls,
  type BitcoinTestWalletOptions,
  createBitcoinTestWallet,
  registerBitcoinTestWallet,
} from './bitcoinWallet.js'
export { parseAddEthereumChainParameter, type WalletChain } from './chains.js'
export {
  COSMOS_TEST_WALLET_GLOBAL,
  type CosmosTestWallet,
  type CosmosTestWalletControls,
  type CosmosTestWalletOptions,
  createCosmosTestWallet,
  installCosmosTestWallet,
} from './cosmosWallet.js'
export { createTestWallet } from './createTestWallet.js'
export {
  ProviderErrorCode,
  ProviderRpcError,
  SWITCH_DECLINE_SHAPES,
  type SwitchDeclineShape,
  switchDeclined,
} from './errors.js'
export { DEV_WALLET_ICON, DEV_WALLET_ICON_BASE64, DEV_WALLET_NAME, DEV_WALLET_RDNS } from './icon.js'
export { type InstallTestWalletOptions, installTestWallet, TEST_WALLET_GLOBAL } from './install.js'
export {
  createPolkadotTestWallet,
  injectPolkadotTestWallet,
  POLKADOT_DEV_WALLET_SOURCE,
  type PolkadotTestWallet,
  type PolkadotTestWalletControls,
  type PolkadotTestWalletOptions,
  polkadotTestKeys,
} from './polkadotWallet.js'
export {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletControls,
  type SolanaTestWalletOptions,
} from './solanaWallet.js'
export { createMemoryStorage, type WalletStorage } from './storage.js'
export type {
  Approval,
  Eip1193Provider,
  RequestArguments,
  TestWallet,
  TestWalletControls,
  TestWalletOptions,
  TestWalletProvider,
} from './types.js'
