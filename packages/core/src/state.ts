import type { Alert } from './internal.js'
import type {
  ChainNamespace,
  Connector,
  ModalState,
  NamespaceState,
  RegistryState,
  RemoteFeatures,
  RouterState,
  ThemeMode,
  ThemeVariables,
  View,
} from './types.js'

/** What the modal shows as the failure of the current step (connect, switch, sign…). */
export interface ViewError {
  view: View
  /** A message id of the catalog when the kit knows the failure, else undefined. */
  code: 'user-rejected' | 'unsupported-chain' | 'switch-failed' | 'connect-failed' | 'unknown'
  /** The error's short message (already safe: shown as text only). */
  message: string
}

/** WalletConnect pairing and session state (spec §3, "Wallet connection state"). */
export interface WalletConnectionState {
  status: 'disconnected' | 'connecting' | 'connected'
  /** The pairing URI shown as a QR code; replaced when it expires. */
  wcUri: string | undefined
  /** When `wcUri` stops being valid (ms since epoch). */
  wcPairingExpiry: number | undefined
  /** The wallet app the user opened from the view, remembered for the next deep link. */
  wcLinking: { name: string; href: string } | undefined
  wcError: { code: 'user-rejected' | 'expired' | 'failed'; message: string } | undefined
}

/** The whole state of one Latch instance. */
export interface LatchState {
  /** `idle` until the first hydrate, `syncing` while the previous session is restored. */
  phase: 'idle' | 'syncing' | 'ready'
  activeNamespace: ChainNamespace | undefined
  namespaces: Record<string, NamespaceState>
  connectors: Record<string, readonly Connector[]>
  modal: ModalState
  router: RouterState
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  alerts: readonly Alert[]
  error: ViewError | undefined
  recentWalletId: string | undefined
  walletConnection: WalletConnectionState
  /** A namespace filter applied by `open({ namespace })`. */
  namespaceFilter: ChainNamespace | undefined
  /** The wallet registry (AllWallets). Loaded by `prefetch`, never at creation. */
  registry: RegistryState
  /** Remote project config and origin check (full mode). */
  remote: {
    status: 'idle' | 'loading' | 'loaded' | 'failed' | 'off'
    features: RemoteFeatures | undefined
  }
}
