// `@latch/solana/react`: the Solana wallet-adapter's React API (`useWallet`, `useConnection`,
// `useAnchorWallet`, `useWalletModal` and their providers) over Latch's public API, with the
// app's own @solana/web3.js objects. An entry of its own: an app that does not import it loads
// none of it, and only this entry needs react, @latch/react and @solana/web3.js.
export { ConnectionProvider, type ConnectionProviderProps, useConnection } from './react/connection.js'
export { useWalletModal, type WalletModalContextState, WalletModalProvider } from './react/modal.js'
export {
  type AnchorWallet,
  type SendTransactionOptions,
  type SolanaWalletAdapter,
  type SolanaWalletEntry,
  useAnchorWallet,
  useWallet,
  type WalletContextState,
  type WalletName,
  WalletProvider,
  type WalletProviderProps,
} from './react/wallet.js'
