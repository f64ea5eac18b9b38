import {
  type CustomWallet,
  createLatch,
  type Latch,
  type LatchFeatures,
  type LatchOptions,
  type ThemeVariables,
} from '@latch/core'
import { toLatchWalletIds } from './walletConnectIds.js'

/** AppKit's `customWallets` entry (its snake_case names). */
export interface AppKitCustomWallet {
  id: string
  name: string
  homepage?: string
  image_url?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  app_store?: string
  play_store?: string
}

/**
 * AppKit's `createAppKit` options. The ones Latch has with the same meaning are passed on;
 * every other key AppKit accepts is dropped with one warning that names it. Latch's own options
 * (`apiUrl`, `connectors`, `storage`, …) may be given too.
 */
export type CreateAppKitOptions = Omit<
  LatchOptions,
  'features' | 'themeVariables' | 'customWallets' | 'projectId'
> & {
  /**
   * AppKit's WalletConnect Cloud id. Latch's `projectId` names a project on your own
   * `@latch/server`, so it is passed on only with `apiUrl`; WalletConnect takes its id in
   * `walletConnect({ projectId })` of `@latch/walletconnect`.
   */
  projectId?: string
  features?: LatchFeatures | Record<string, unknown>
  /** `--w3m-*` names are mapped to Latch's where they mean the same; `--latch-*` names pass as they are. */
  themeVariables?: Record<string, string | number | undefined>
  customWallets?: (AppKitCustomWallet | CustomWallet)[]
  /** 'SHOW' | 'HIDE' | 'ONLY_MOBILE', as `features.allWallets`. */
  allWallets?: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  [appKitOption: string]: unknown
}

const SAME = [
  'adapters',
  'networks',
  'defaultNetwork',
  'metadata',
  'themeMode',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
  'termsConditionsUrl',
  'privacyPolicyUrl',
  'siwx',
  'basic',
  'manualWCControl',
  'allowUnsupportedChain',
  'enableNetworkSwitch',
  'enableWalletConnect',
  'enableEIP6963',
  'enableWalletGuide',
  'debug',
  // Latch's own.
  'apiUrl',
  'connectors',
  'connectorOrder',
  'restoreTimeoutMs',
  'balance',
  'storage',
] as const satisfies readonly (keyof LatchOptions)[]

const SAME_FEATURES = [
  'swaps',
  'onramp',
  'email',
  'socials',
  'allWallets',
  'receive',
  'send',
  'activity',
] as const

const THEME: Record<string, keyof ThemeVariables> = {
  '--w3m-accent': '--latch-accent',
  '--w3m-color-mix': '--latch-color-mix',
  '--w3m-color-mix-strength': '--latch-color-mix-strength',
  '--w3m-font-family': '--latch-font-family',
  '--w3m-z-index': '--latch-z-index',
}

/**
 * AppKit's corner unit: its modal's corners are about four of it (4px gives 16px, AppKit's and
 * Latch's default look), so `--w3m-border-radius-master` in px becomes Latch's radius.
 */
function fromRadiusMaster(value: string | number): string | undefined {
  const match = /^(\d{1,3}(?:\.\d{1,3})?)px$/.exec(String(value))
  return match ? `${Number(match[1]) * 4}px` : undefined
}

/**
 * AppKit's options as Latch's, and the names of those it drops (for one warning).
 *
 * @example
 * toLatchOptions({ networks, features: { analytics: true } }).ignored // ['features.analytics']
 */
export function toLatchOptions(input: CreateAppKitOptions): { options: LatchOptions; ignored: string[] } {
  const ignored: string[] = []
  const options: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue
    if ((SAME as readonly string[]).includes(key)) options[key] = value
    else if (!['projectId', 'features', 'themeVariables', 'customWallets', 'allWallets'].includes(key))
      ignored.push(key)
  }
  if (input.projectId !== undefined) {
    if (input.apiUrl !== undefined) options.projectId = input.projectId
    else
      ignored.push('projectId (a WalletConnect Cloud id: pass it to walletConnect() of @latch/walletconnect)')
  }
  const features: LatchFeatures = {}
  for (const [key, value] of Object.entries(input.features ?? {})) {
    if (value === undefined) continue
    if ((SAME_FEATURES as readonly string[]).includes(key)) Object.assign(features, { [key]: value })
    else if (key === 'history') features.activity = Boolean(value)
    // The same group names as Latch's top-level option; createLatch checks them.
    else if (key === 'connectorTypeOrder') options.connectorTypeOrder = value
    else if (key === 'analytics' && value === false) features.analytics = false
    else ignored.push(`features.${key}`)
  }
  if (input.allWallets !== undefined) {
    if (input.allWallets === 'ONLY_MOBILE') ignored.push("allWallets: 'ONLY_MOBILE'")
    else features.allWallets = input.allWallets === 'SHOW'
  }
  if (Object.keys(features).length) options.features = features
  const theme: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(input.themeVariables ?? {})) {
    if (value === undefined) continue
    if (key === '--w3m-border-radius-master') {
      const radius = fromRadiusMaster(value)
      if (radius) theme['--latch-border-radius'] = radius
      else ignored.push(`themeVariables['${key}'] (only a px value is mapped)`)
      continue
    }
    const name = THEME[key] ?? (key.startsWith('--latch-') ? key : undefined)
    if (name) theme[name] = value
    else ignored.push(`themeVariables['${key}']`)
  }
  if (Object.keys(theme).length) options.themeVariables = theme
  if (input.customWallets) options.customWallets = input.customWallets.map(toCustomWallet)
  // WalletConnect registry ids (AppKit's) become Latch's slugs for the same wallets; an id of a
  // wallet Latch's registry does not list is dropped and named. createLatch checks the rest.
  for (const key of ['featuredWalletIds', 'includeWalletIds', 'excludeWalletIds'] as const) {
    const list = input[key]
    if (!Array.isArray(list)) continue
    const { ids, unknown } = toLatchWalletIds(list)
    options[key] = ids
    if (unknown.length)
      ignored.push(
        `${key}: ${unknown.join(', ')} (WalletConnect registry ids of wallets Latch's registry does not list)`,
      )
  }
  return { options: options as unknown as LatchOptions, ignored }
}

function toCustomWallet(wallet: AppKitCustomWallet | CustomWallet): CustomWallet {
  if (
    !('image_url' in wallet || 'mobile_link' in wallet || 'desktop_link' in wallet || 'webapp_link' in wallet)
  )
    return wallet as CustomWallet
  const w = wallet as AppKitCustomWallet
  const mapped: CustomWallet = { id: w.id, name: w.name }
  if (w.homepage) mapped.homepage = w.homepage
  if (w.image_url) mapped.imageUrl = w.image_url
  if (w.mobile_link) mapped.mobileLink = w.mobile_link
  if (w.desktop_link) mapped.desktopLink = w.desktop_link
  if (w.webapp_link) mapped.webappLink = w.webapp_link
  return mapped
}

/**
 * AppKit's `createAppKit`, creating a Latch instance: pass it to `<LatchProvider latch={…}>`.
 * Options Latch does not have are dropped with one `console.warn` that names them all, instead
 * of the error `createLatch` gives for an unknown key.
 *
 * @example
 * const latch = createAppKit({ adapters: [evmAdapter({ config })], networks, metadata, themeMode: 'dark' })
 */
export function createAppKit(input: CreateAppKitOptions): Latch {
  const { options, ignored } = toLatchOptions(input)
  if (ignored.length)
    console.warn(`Latch: createAppKit ignores options it does not support: ${ignored.join(', ')}.`)
  return createLatch(options)
}
