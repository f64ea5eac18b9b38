import { type ConnectMethod, DEFAULT_FEATURES, DEFAULT_SOCIALS, type SocialProvider } from './constants.js'
import { ALERTS, type Alert } from './errors/alerts.js'
import { InvalidOptionsError } from './errors/options.js'
import { SiwxConflictError } from './errors/siwx.js'
import { optionsSchema } from './optionsSchema.js'
import { formatIssue } from './schema/schema.js'
import type { LatchStorage } from './storage.js'
import type {
  AppMetadata,
  CaipNetwork,
  ChainAdapter,
  ThemeMode,
  ThemeVariables,
  WalletConnectConnector,
} from './types.js'

export interface LatchFeatures {
  receive?: boolean
  send?: boolean
  swaps?: boolean
  onramp?: boolean
  activity?: boolean
  /** Email one-time-password login (needs `apiUrl`). */
  email?: boolean
  /** Social logins to offer; true offers the default list (google, x, farcaster, …). */
  socials?: boolean | readonly (SocialProvider | 'farcaster')[]
  /** Off by default: the kit reports nothing unless the app turns this on. */
  analytics?: boolean
  allWallets?: boolean
  connectMethodsOrder?: readonly ConnectMethod[]
  legalCheckbox?: boolean
  smartSessions?: boolean
  collapseWallets?: boolean
  pay?: boolean
}

export interface CustomWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  homepage?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

/** The sign-in-with-X configuration the app provides (checked by shape; its logic is the app's). */
export interface LatchSiwx {
  createMessage(input: unknown): Promise<unknown>
  addSession(session: unknown): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  setSessions(sessions: readonly unknown[]): Promise<void>
  getSessions(chainId: string, address: string): Promise<readonly unknown[]>
  getRequired?(): boolean
}

/** What an app passes to `createLatch`. */
export interface LatchOptions {
  adapters?: ChainAdapter[]
  networks: [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  /** Without it the 'project id not configured' alert shows; injected wallets still work. */
  projectId?: string
  metadata?: AppMetadata
  features?: LatchFeatures
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  customWallets?: CustomWallet[]
  /** Connector ids (or rdns) listed first, in this order. */
  connectorOrder?: string[]
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  siwx?: LatchSiwx
  /** Legacy sign-in config; cannot be combined with `siwx`. */
  siweConfig?: object
  enableEmbedded?: boolean
  basic?: boolean
  manualWCControl?: boolean
  allowUnsupportedChain?: boolean
  /** Default true. */
  enableNetworkSwitch?: boolean
  /** Default true. */
  enableWalletConnect?: boolean
  /** The WalletConnect connector (`walletConnect()` of `@latch/walletconnect`); off without it. */
  walletConnect?: WalletConnectConnector
  /** Default true. */
  enableEIP6963?: boolean
  /** Where sessions are remembered; localStorage by default. */
  storage?: LatchStorage
  /** Base URL of a self-hosted @latch/server. None: offline mode (bundled registry, no login). */
  apiUrl?: string
  debug?: boolean
}

export type ResolvedFeatures = Required<Omit<LatchFeatures, 'socials'>> & {
  socials: false | readonly (SocialProvider | 'farcaster')[]
}

/** Options with every default applied. App-provided objects are the app's own references. */
export interface ResolvedOptions {
  adapters: ChainAdapter[]
  networks: [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork: CaipNetwork | undefined
  projectId: string | undefined
  metadata: AppMetadata | undefined
  features: ResolvedFeatures
  themeMode: ThemeMode | undefined
  themeVariables: ThemeVariables | undefined
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  customWallets: CustomWallet[]
  connectorOrder: string[] | undefined
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  siwx: LatchSiwx | undefined
  enableEmbedded: boolean
  basic: boolean
  manualWCControl: boolean
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  enableWalletConnect: boolean
  /** Set only when the app passed a connector and did not turn WalletConnect off. */
  walletConnect: WalletConnectConnector | undefined
  enableEIP6963: boolean
  storage: LatchStorage | undefined
  apiUrl: string | undefined
  debug: boolean
}

function issueText(issue: { path: (string | number)[]; message: string }): string {
  // Name the option in the words an app developer uses.
  return formatIssue(issue.message === 'Unrecognized key' ? { ...issue, message: 'Unknown option' } : issue)
}

function crossChecks(options: LatchOptions): string[] {
  const issues: string[] = []
  const ids = options.networks.map((network) => network.caipNetworkId)
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index)
  if (duplicate) issues.push(`networks: Duplicate network ${duplicate}`)
  if (options.defaultNetwork && !ids.includes(options.defaultNetwork.caipNetworkId)) {
    issues.push('defaultNetwork: Expected one of `networks`')
  }
  const namespaces = (options.adapters ?? []).map((adapter) => adapter.namespace)
  const twice = namespaces.find((namespace, index) => namespaces.indexOf(namespace) !== index)
  if (twice) issues.push(`adapters: Two adapters for namespace ${twice}`)
  return issues
}

/**
 * Validates the app's options and applies the defaults.
 *
 * @throws InvalidOptionsError for unknown keys or wrong types (each issue names the option).
 * @throws SiwxConflictError when both `siweConfig` and `siwx` are set.
 * @example
 * const { options, alerts } = validateOptions({ networks: [mainnet] })
 * // alerts: [{ id: 'PROJECT_ID_NOT_CONFIGURED', variant: 'error', message: 'project id not configured' }]
 */
export function validateOptions(input: unknown): { options: ResolvedOptions; alerts: Alert[] } {
  if (typeof input === 'object' && input !== null) {
    const { siweConfig, siwx } = input as { siweConfig?: unknown; siwx?: unknown }
    if (siweConfig !== undefined && siwx !== undefined) throw new SiwxConflictError()
  }
  const result = optionsSchema.safeParse(input)
  if (!result.success) throw new InvalidOptionsError({ issues: result.issues.map(issueText) })
  // Validation passed, so the input is the app's own objects in the declared shape; keep those
  // references (adapters and networks may carry more than the schema looks at).
  const options = input as LatchOptions
  const cross = crossChecks(options)
  if (cross.length) throw new InvalidOptionsError({ issues: cross })

  const features = { ...DEFAULT_FEATURES, ...options.features }
  const alerts: Alert[] = options.projectId ? [] : [{ ...ALERTS.PROJECT_ID_NOT_CONFIGURED }]
  return {
    alerts,
    options: {
      adapters: [...(options.adapters ?? [])],
      networks: options.networks,
      defaultNetwork: options.defaultNetwork,
      projectId: options.projectId,
      metadata: options.metadata,
      features: {
        ...features,
        socials:
          features.socials === true
            ? [...DEFAULT_SOCIALS]
            : features.socials === false
              ? false
              : [...features.socials],
        connectMethodsOrder: [...features.connectMethodsOrder],
      },
      themeMode: options.themeMode,
      themeVariables: options.themeVariables,
      featuredWalletIds: [...(options.featuredWalletIds ?? [])],
      includeWalletIds: [...(options.includeWalletIds ?? [])],
      excludeWalletIds: [...(options.excludeWalletIds ?? [])],
      customWallets: [...(options.customWallets ?? [])],
      connectorOrder: options.connectorOrder ? [...options.connectorOrder] : undefined,
      termsConditionsUrl: options.termsConditionsUrl,
      privacyPolicyUrl: options.privacyPolicyUrl,
      siwx: options.siwx,
      enableEmbedded: options.enableEmbedded ?? false,
      basic: options.basic ?? false,
      manualWCControl: options.manualWCControl ?? false,
      allowUnsupportedChain: options.allowUnsupportedChain ?? false,
      enableNetworkSwitch: options.enableNetworkSwitch ?? true,
      enableWalletConnect: options.enableWalletConnect ?? true,
      walletConnect: options.enableWalletConnect === false ? undefined : options.walletConnect,
      enableEIP6963: options.enableEIP6963 ?? true,
      storage: options.storage,
      apiUrl: options.apiUrl?.replace(/\/+$/, ''),
      debug: options.debug ?? false,
    },
  }
}
