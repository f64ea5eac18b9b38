/** Local stack addresses; `npm start` serves them on these ports. */
export const env = {
  rpcMainnet: import.meta.env.VITE_RPC_MAINNET ?? 'http://127.0.0.1:8545',
  rpcBase: import.meta.env.VITE_RPC_BASE ?? 'http://127.0.0.1:8546',
  /** Offer the Latch Dev Wallet (a test wallet with a funded local key). Off: VITE_DEV_WALLET=off */
  devWallet: import.meta.env.VITE_DEV_WALLET !== 'off',
}
