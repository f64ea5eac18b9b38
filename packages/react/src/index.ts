export { Avatar } from './components/Avatar.js'
export type {
  AccountNameParameters,
  AvatarComponent,
  AvatarComponentProps,
  FormatAccountName,
} from './components/appearance.js'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.js'
export { NetworkButton, type NetworkButtonProps } from './components/NetworkButton.js'
export { shortAddress } from './format.js'
export { type UseLatchParameters, useLatch } from './hooks/useLatch.js'
export {
  type ConnectedLatchAccount,
  type ConnectingLatchAccount,
  type DisconnectedLatchAccount,
  isAccountOn,
  type UseLatchAccountParameters,
  type UseLatchAccountReturnType,
  useLatchAccount,
} from './hooks/useLatchAccount.js'
export { useLatchDisconnect } from './hooks/useLatchDisconnect.js'
export { useLatchEvents } from './hooks/useLatchEvents.js'
export { type UseLatchModalReturnType, useLatchModal } from './hooks/useLatchModal.js'
export { type UseLatchNetworkReturnType, useLatchNetwork } from './hooks/useLatchNetwork.js'
export { useLatchProvider } from './hooks/useLatchProvider.js'
export { useLatchSignIn } from './hooks/useLatchSignIn.js'
export { useLatchState } from './hooks/useLatchState.js'
export type { MessageId, Messages } from './i18n/en.js'
export { type LocaleCode, supportedLocales } from './i18n/locales.js'
export { LatchProvider, type LatchProviderProps } from './LatchProvider.js'
