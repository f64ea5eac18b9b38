export { WALLET_PEER_BITCOIN_METHODS, type WalletPeerBitcoin } from './bitcoin-namespace.js'
export { WALLET_PEER_COSMOS_METHODS, type WalletPeerCosmos } from './cosmos-namespace.js'
export { WALLET_PEER_EVENTS, WALLET_PEER_METHODS } from './eip155-namespace.js'
export {
  type CreateLocalSignClientParameters,
  closeLocalSignClient,
  createLocalSignClient,
  type LocalSignClient,
} from './local-client.js'
export { MemoryStorage } from './memory-storage.js'
export { createOfflineVerify } from './offline-verify.js'
export type { WalletPeerPolkadot } from './polkadot-namespace.js'
export { RELAY_CLOSE_RESTART, RELAY_CLOSE_UNAUTHORIZED } from './relay/auth.js'
export {
  type LocalRelay,
  type RelayLogEvent,
  type RelayStats,
  type StartRelayParameters,
  startRelay,
} from './relay/server.js'
export { WALLET_PEER_SOLANA_METHODS, type WalletPeerSolana } from './solana-namespace.js'
export {
  type CreateWalletPeerParameters,
  createWalletPeer,
  type WalletPeer,
  type WalletPeerChain,
  type WalletPeerRejectionCode,
  type WalletPeerRequestRecord,
} from './wallet-peer.js'
export type { WalletRequestOutcome, WalletRpcError } from './wallet-requests.js'
