import {
  DEFAULT_FEATURES,
  DEFAULT_RESTORE_TIMEOUT_MS,
  DEFAULT_SOCIALS,
  type SocialProvider,
} from './constants.js'
import { ALERTS, type Alert } from './errors/alerts.js'
import { InvalidOptionsError } from './errors/options.js'
import { SiwxConflictError } from './errors/siwx.js'
import { optionsSchema } from './optionsSchema.js'
import type { WalletGroup } from './rules/connectors.js'
import { formatIssue } from './schema/schema.js'
import type { LatchSiwx } from './siwx/types.js'
import type { LatchStorage } from './storage.js'
import { resolveThemeVariables } from './theme.js'
import type {
  AppMetadata,
  CaipNetwork,
  ChainAdapter,
  SessionConnector,
  ThemeMode,
  ThemeVariables,
} from './types.js'

export interface LatchFeatures {
  /** Swaps as the app's own setting (full mode: the remote project config decides). */
  swaps?: boolean
  /** On-ramp as the app's own setting (full mode: the remote project config decides). */
  onramp?: boolean
  /** Activity as the app's own setting (full mode: the remote project config decides). */
  activity?: boolean
  /**
   * Email login as the app's own setting (full mode: the remote project config decides). Defaults
   * to on when an embedded-wallet connector is given. While on, the page's origin must be one of
   * the project's allowed origins.
   */
  email?: boolean
  /** Social logins to offer; true offers the default list (google, x, farcaster, …). */
  socials?: boolean | readonly (SocialProvider | 'farcaster')[]
  /** Off: the kit reports nothing anywhere. Turning it on is not supported. */
  analytics?: false
  /** The "All wallets" row in Connect (default true). */
  allWallets?: boolean
  /** Receive in the Account view: the address, its QR code and the networks (default true). */
  receive?: boolean
  /** Send in the Account view, for a namespace whose adapter can transfer (default true). */
  send?: boolean
  /** Not supported yet. */
  connectMethodsOrder?: never
  /** Not supported yet. */
  legalCheckbox?: never
  /** Not supported yet. */
  smartSessions?: never
  /** Not supported yet. */
  collapseWallets?: never
  /** Not supported yet. */
  pay?: never
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
  /**
   * The wallet groups in this order, those not named after them in the default order
   * (walletConnect, recent, injected, featured, custom, external, recommended; spec §2).
   * `connectorOrder` still lifts its wallets above every group.
   */
  connectorTypeOrder?: WalletGroup[]
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Sign-in with the wallet (see `LatchSiwx`). */
  siwx?: LatchSiwx
  /** Legacy sign-in config; cannot be combined with `siwx`. Not supported yet. */
  siweConfig?: object
  /** Not supported yet. */
  enableEmbedded?: false
  basic?: boolean
  manualWCControl?: boolean
  allowUnsupportedChain?: boolean
  /** Default true. */
  enableNetworkSwitch?: boolean
  /** Default true. False drops every WalletConnect session connector. */
  enableWalletConnect?: boolean
  /**
   * Session connectors: connectors whose one session spans namespaces, such as
   * `walletConnect()` of `@latch/walletconnect`.
   */
  connectors?: SessionConnector[]
  /**
   * How long a namespace with a remembered wallet stays `connecting` after load while that
   * wallet has not announced itself yet (default 3000 ms). A wallet announced later still
   * restores if it still authorizes the site.
   */
  restoreTimeoutMs?: number
  /** Load the native balance of the connected account (default true; never on testnets). */
  balance?: boolean
  /** Default true. */
  enableEIP6963?: boolean
  /**
   * The "New to wallets?" link under Connect and the short guide it opens: what a wallet is and
   * a way to get one (default true). False hides both.
   */
  enableWalletGuide?: boolean
  /** Where sessions are remembered; localStorage by default. */
  storage?: LatchStorage
  /** Base URL of a self-hosted @latch/server. None: offline mode (bundled registry, no login). */
  apiUrl?: string
  debug?: boolean
}

interface ResolvedFeatures {
  swaps: boolean
  onramp: boolean
  activity: boolean
  email: boolean
  socials: false | readonly (SocialProvider | 'farcaster')[]
  analytics: false
  allWallets: boolean
  receive: boolean
  send: boolean
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
  connectorTypeOrder: WalletGroup[] | undefined
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  siwx: LatchSiwx | undefined
  enableEmbedded: boolean
  basic: boolean
  manualWCControl: boolean
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  enableWalletConnect: boolean
  /** The session connectors in use (WalletConnect ones dropped when it is turned off). */
  connectors: SessionConnector[]
  restoreTimeoutMs: number
  balance: boolean
  enableEIP6963: boolean
  enableWalletGuide: boolean
  storage: LatchStorage | undefined
  apiUrl: string | undefined
  debug: boolean
}

function issueText(issue: { path: (string | number)[]; message: string }): string {
  // Name the option in the words an app developer uses.
  return formatIssue(issue.message === 'Unrecognized key' ? { ...issue, message: 'Unknown option' } : issue)
}

/** Options of features this version does not have yet: rejected rather than ignored. */
const NOT_SUPPORTED_FEATURES = [
  'legalCheckbox',
  'smartSessions',
  'collapseWallets',
  'pay',
  'connectMethodsOrder',
] as const

function unsupported(options: LatchOptions): string[] {
  const issues: string[] = []
  const notYet = (path: string) => issues.push(`${path}: Not supported yet`)
  for (const key of NOT_SUPPORTED_FEATURES)
    if (options.features?.[key] !== undefined) notYet(`features.${key}`)
  if ((options.features?.analytics as boolean | undefined) === true) notYet('features.analytics')
  if (options.siweConfig !== undefined) notYet('siweConfig')
  if ((options.enableEmbedded as boolean | undefined) === true) notYet('enableEmbedded')
  return issues
}

function crossChecks(options: LatchOptions): string[] {
  const issues: string[] = [...unsupported(options)]
  const ids = options.networks.map((network) => network.caipNetworkId)
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index)
  if (duplicate) issues.push(`networks: Duplicate network ${duplicate}`)
  if (options.defaultNetwork && !ids.includes(options.defaultNetwork.caipNetworkId)) {
    issues.push('defaultNetwork: Expected one of `networks`')
  }
  const namespaces = (options.adapters ?? []).map((adapter) => adapter.namespace)
  const twice = namespaces.find((namespace, index) => namespaces.indexOf(namespace) !== index)
  if (twice) issues.push(`adapters: Two adapters for namespace ${twice}`)
  const connectorIds = (options.connectors ?? []).map((connector) => connector.id)
  const sameId = connectorIds.find((id, index) => connectorIds.indexOf(id) !== index)
  if (sameId) issues.push(`connectors: Two connectors with id ${sameId}`)
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

  const features = { ...DEFAULT_FEATURES, ...options.features } as typeof DEFAULT_FEATURES
  // A project id only matters where there is a project: the app's own server.
  const alerts: Alert[] =
    options.apiUrl !== undefined && !options.projectId ? [{ ...ALERTS.PROJECT_ID_NOT_CONFIGURED }] : []
  return {
    alerts,
    options: {
      adapters: [...(options.adapters ?? [])],
      networks: options.networks,
      defaultNetwork: options.defaultNetwork,
      projectId: options.projectId,
      metadata: options.metadata,
      features: {
        swaps: features.swaps,
        onramp: features.onramp,
        activity: features.activity,
        // An embedded-wallet connector is email login unless the app turns it off.
        email:
          options.features?.email ??
          (options.connectors ?? []).some((connector) => connector.type === 'AUTH'),
        analytics: false,
        allWallets: features.allWallets,
        receive: features.receive,
        send: features.send,
        socials:
          features.socials === true
            ? [...DEFAULT_SOCIALS]
            : features.socials === false
              ? false
              : [...features.socials],
      },
      themeMode: options.themeMode,
      themeVariables: options.themeVariables && resolveThemeVariables(options.themeVariables),
      featuredWalletIds: [...(options.featuredWalletIds ?? [])],
      includeWalletIds: [...(options.includeWalletIds ?? [])],
      excludeWalletIds: [...(options.excludeWalletIds ?? [])],
      customWallets: [...(options.customWallets ?? [])],
      connectorOrder: options.connectorOrder ? [...options.connectorOrder] : undefined,
      connectorTypeOrder: options.connectorTypeOrder ? [...options.connectorTypeOrder] : undefined,
      termsConditionsUrl: options.termsConditionsUrl,
      privacyPolicyUrl: options.privacyPolicyUrl,
      siwx: options.siwx,
      enableEmbedded: options.enableEmbedded ?? false,
      basic: options.basic ?? false,
      manualWCControl: options.manualWCControl ?? false,
      allowUnsupportedChain: options.allowUnsupportedChain ?? false,
      enableNetworkSwitch: options.enableNetworkSwitch ?? true,
      enableWalletConnect: options.enableWalletConnect ?? true,
      connectors: (options.connectors ?? []).filter(
        (connector) => options.enableWalletConnect !== false || connector.type !== 'WALLET_CONNECT',
      ),
      restoreTimeoutMs: options.restoreTimeoutMs ?? DEFAULT_RESTORE_TIMEOUT_MS,
      balance: options.balance ?? true,
      enableEIP6963: options.enableEIP6963 ?? true,
      enableWalletGuide: options.enableWalletGuide ?? true,
      storage: options.storage,
      apiUrl: options.apiUrl?.replace(/\/+$/, ''),
      debug: options.debug ?? true,
    },
  }
}
