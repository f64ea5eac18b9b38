import type { EmbeddedEmailUpdateStep, EmbeddedLoginStep } from './embedded/capability.js'
import type { Alert } from './errors/alerts.js'
import type { SendState } from './rules/sendState.js'
import type { SiwxSession } from './siwx/types.js'
import type {
  AccountType,
  ChainNamespace,
  Connector,
  ModalState,
  NamespaceState,
  RegistryState,
  RemoteFeatures,
  RouterState,
  SessionUser,
  ThemeMode,
  ThemeVariables,
  View,
} from './types.js'

/** What the modal shows as the failure of the current step (connect, switch, sign…). */
export interface ViewError {
  view: View
  /** A message id of the catalog when the kit knows the failure, else 'unknown'. */
  code:
    | 'user-rejected'
    | 'request-pending'
    | 'unsupported-chain'
    | 'switch-failed'
    | 'connect-failed'
    | 'unknown'
  /** The error class's name (`UserRejectedRequestError`, …), for catalogs keyed by error. */
  name: string
  /** The error's short message (already safe: shown as text only). */
  message: string
}

/**
 * One session connector's state (spec §3, "Wallet connection state"): its pairing while a
 * connect attempt runs, and the session-level data of a live session.
 */
export interface SessionState {
  status: 'disconnected' | 'connecting' | 'connected'
  /** The pairing URI to show (QR code, deep link); replaced when it expires. */
  pairing: { uri: string; expiresAt: number } | undefined
  /** The wallet app the visitor opened from the view, remembered for the next deep link. */
  linking: { name: string; href: string } | undefined
  error: { code: 'user-rejected' | 'expired' | 'failed'; name: string; message: string } | undefined
  /** The live session's wallet. */
  wallet: { name: string; icon?: string | undefined } | undefined
  user: SessionUser | undefined
  preferredAccountType: AccountType | undefined
  smartAccountDeployed: boolean
  /**
   * The wallet cannot be reached right now (its server is down or hung) while the kit keeps
   * trying: a remembered session shows as "offline — reconnecting", not as logged out.
   */
  offline: boolean
  /** The embedded wallet's email login, for the modal (other connectors stay idle). */
  login: EmbeddedLoginStep
  /** The embedded wallet's change of login email, for the modal. */
  emailUpdate: EmbeddedEmailUpdateStep
}

/** Sign-in state (SIWX). Without a sign-in configuration it stays `{ required: false, status: 'none' }`. */
export interface SignInState {
  required: boolean
  status: 'none' | 'pending' | 'signed-in'
  /** The account asked to sign in while `status` is 'pending'. */
  request: { namespace: ChainNamespace; address: string; caipNetworkId: string } | undefined
  /** The wallet is being asked for the signature ('Authenticating...'). */
  signing: boolean
  /** Why the last attempt failed ('Signature declined', …), shown as text. */
  error: string | undefined
  /** The class name of that failure (`SignatureDeclinedError`, …), for catalogs keyed by error. */
  errorName: string | undefined
  /** The signed-in account's session. */
  session: SiwxSession | undefined
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
  /** Session connectors' state, by connector id. */
  sessions: Record<string, SessionState>
  signIn: SignInState
  /** The send form; a change of the active network or account resets it (spec §4). */
  send: SendState
  /** A namespace filter applied by `open({ namespace })`. */
  namespaceFilter: ChainNamespace | undefined
  /** The wallet registry (AllWallets). Loaded by `prefetch`, never at creation. */
  registry: RegistryState
  /** Remote project config and origin check (full mode). */
  remote: {
    status: 'idle' | 'loading' | 'loaded' | 'failed' | 'off'
    /**
     * The features in force, read by every view and action that has one: the project's once its
     * config loads, the app's own until then or when it fails, all off in basic mode.
     */
    features: RemoteFeatures
  }
}
