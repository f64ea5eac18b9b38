export { closeModal, shakeModal } from './actions/close.js'
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
} from './actions/connect.js'
export { cancelSession, connectSession, setSessionLinking } from './actions/connectSession.js'
export {
  type DisconnectErrorType,
  type DisconnectParameters,
  type DisconnectReturnType,
  disconnect,
} from './actions/disconnect.js'
export {
  type FetchBalanceErrorType,
  type FetchBalanceParameters,
  type FetchBalanceReturnType,
  fetchBalance,
} from './actions/fetchBalance.js'
export {
  type FetchWalletsPageErrorType,
  type FetchWalletsPageParameters,
  type FetchWalletsPageReturnType,
  fetchWalletsPage,
} from './actions/fetchWalletsPage.js'
export {
  type GetAccountReturnType,
  type GetNetworkReturnType,
  getAccount,
  getModalState,
  getNetwork,
  setThemeMode,
  watchAccount,
  watchModalState,
  watchNetwork,
} from './actions/getters.js'
export { hydrate, teardown } from './actions/hydrate.js'
export { goBack, pushTransaction, pushView, replaceView, settleTransaction } from './actions/navigate.js'
export { type OpenModalParameters, openModal } from './actions/open.js'
export {
  type PrefetchErrorType,
  type PrefetchParameters,
  type PrefetchReturnType,
  prefetch,
} from './actions/prefetch.js'
export {
  type PreloadWalletImagesErrorType,
  type PreloadWalletImagesParameters,
  type PreloadWalletImagesReturnType,
  preloadWalletImages,
} from './actions/preloadWalletImages.js'
export {
  type SearchWalletsErrorType,
  type SearchWalletsParameters,
  type SearchWalletsReturnType,
  searchWallets,
} from './actions/searchWallets.js'
export { type SelectNetworkParameters, selectNetwork } from './actions/selectNetwork.js'
export { selectDisconnect, selectSession, selectWallet } from './actions/selectWallet.js'
export {
  type Eip155Transaction,
  type SendTransactionErrorType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
  waitForTransaction,
} from './actions/sendTransaction.js'
export { cancelSignIn, signIn, signInInitFailedMessage } from './actions/signIn.js'
export {
  type SignMessageErrorType,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from './actions/signMessage.js'
export {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from './actions/switchNetwork.js'
export {
  applyStoredState,
  type CreateLatchParameters,
  createLatch,
  type Latch,
  type LatchOptions,
  type SignInGate,
} from './createLatch.js'
export { cookieToInitialState, type LatchInitialState } from './initialState.js'
export * from './internal.js'
export type { LatchSiwx, SiwxMessageData, SiwxSession } from './siwx/types.js'
export type { LatchState, SessionState, SignInState, ViewError } from './state.js'
export { createStore, type Listener, type Store } from './store.js'
export type * from './types.js'
