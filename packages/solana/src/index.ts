export { formatLamports } from './format.js'
export {
  fromWalletStandardChain,
  genesisReference,
  SOLANA_GENESIS_HASHES,
  type SolanaCluster,
  solanaLocalnet,
  solanaNetwork,
  toWalletStandardChain,
  type WalletStandardSolanaChain,
} from './network.js'
export {
  PREFLIGHT_COMMITMENTS,
  type PreflightCommitment,
  parseSendOptions,
  type SolanaSendOptions,
} from './options.js'
export type { SolanaSessionProvider } from './sessionWallet.js'
export {
  type SolanaAdapter,
  type SolanaAdapterOptions,
  type SolanaTransaction,
  solanaAdapter,
  walletStandardConnectorId,
} from './solanaAdapter.js'
