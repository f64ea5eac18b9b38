// `@latch/react/compat/rainbowkit`: RainbowKit's ConnectButton (with `ConnectButton.Custom`), its
// modal hooks, and RainbowKitProvider with its theme functions, over Latch's public React API, so an app moving from RainbowKit keeps its
// components. An entry of its own: an app that does not import it loads none of it.
export {
  type AccountStatus,
  type AuthenticationStatus,
  type ChainStatus,
  ConnectButton,
  type ConnectButtonAccount,
  type ConnectButtonChain,
  type ConnectButtonCustomProps,
  type ConnectButtonProps,
  type ConnectButtonRenderProps,
  type ResponsiveValue,
} from './rainbowkit/ConnectButton.js'
export {
  type UseAccountModalReturnType,
  type UseChainModalReturnType,
  type UseConnectModalReturnType,
  useAccountModal,
  useChainModal,
  useConnectModal,
} from './rainbowkit/modals.js'
export {
  darkTheme,
  lightTheme,
  midnightTheme,
  RainbowKitProvider,
  type RainbowKitProviderProps,
  type RainbowKitTheme,
  type ThemeOptions,
  type ThemePreset,
} from './rainbowkit/RainbowKitProvider.js'
