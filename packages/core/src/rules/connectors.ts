import {
  type ConnectMethod,
  DEFAULT_CONNECT_METHODS_ORDER,
  WALLET_FEATURES_ORDER,
  type WalletFeature,
} from '../constants.js'
import type { Connector } from '../types.js'

/** A wallet known from the registry or the app's options, not (yet) a live connector. */
export interface ListedWallet {
  id: string
  name: string
  rdns?: string | undefined
  imageUrl?: string | undefined
}

/** The listing groups of spec §2, in their default order. */
export type WalletGroup =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'

export interface WalletListEntry {
  group: WalletGroup
  id: string
  name: string
  rdns: string | undefined
  /** Set when the entry can connect directly (an adapter's connector). */
  connector: Connector | undefined
  /** Set when the entry comes from the registry or the app's custom wallets. */
  wallet: ListedWallet | undefined
}

export interface WalletExclusions {
  /** Registry ids or connector ids. */
  ids?: readonly string[] | undefined
  rdns?: readonly string[] | undefined
  names?: readonly string[] | undefined
}

export interface OrderConnectorsParameters {
  connectors: readonly Connector[]
  featured?: readonly ListedWallet[] | undefined
  custom?: readonly ListedWallet[] | undefined
  recommended?: readonly ListedWallet[] | undefined
  /** Ids (connector id, registry id or rdns) of recently used wallets, newest first. */
  recentIds?: readonly string[] | undefined
  walletConnectEnabled: boolean
  /** Ids of the connectors the user is connected through right now. */
  connectedConnectorIds?: readonly string[] | undefined
  isMobile: boolean
  exclude?: WalletExclusions | undefined
  /** The app's `connectorOrder`: these ids (or rdns, or names) first, in this order. */
  connectorOrder?: readonly string[] | undefined
}

const GROUP_ORDER: readonly WalletGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

const normalise = (value: string | undefined) => value?.trim().toLowerCase() || undefined

/** The generic EIP-1193 entry for `window.ethereum`, as opposed to an announced wallet. */
export function isBrowserWallet(connector: Connector): boolean {
  return connector.type === 'INJECTED' && (connector.id === 'injected' || connector.name === 'Browser Wallet')
}

/**
 * The 'Browser Wallet' is hidden on desktop (announced wallets cover it), and on mobile when it
 * has no rdns and is not installed (there would be nothing behind it).
 */
export function isBrowserWalletHidden(connector: Connector, isMobile: boolean): boolean {
  if (!isBrowserWallet(connector)) return false
  return !isMobile || (!connector.rdns && !connector.installed)
}

function keysOf(entry: Pick<WalletListEntry, 'id' | 'name' | 'rdns'> & { explorerId?: string | undefined }) {
  return [entry.id, entry.rdns, entry.explorerId, entry.name]
    .map(normalise)
    .filter((key) => key !== undefined)
}

function isExcluded(entry: WalletListEntry, exclude: WalletExclusions | undefined): boolean {
  if (!exclude) return false
  const ids = new Set((exclude.ids ?? []).map(normalise))
  const rdns = new Set((exclude.rdns ?? []).map(normalise))
  const names = new Set((exclude.names ?? []).map(normalise))
  const explorerId = normalise(entry.connector?.explorerId)
  return (
    ids.has(normalise(entry.id)) ||
    (explorerId !== undefined && ids.has(explorerId)) ||
    (entry.rdns !== undefined && rdns.has(normalise(entry.rdns))) ||
    names.has(normalise(entry.name))
  )
}

function connectorGroup(connector: Connector): WalletGroup | undefined {
  switch (connector.type) {
    case 'WALLET_CONNECT':
      return 'walletConnect'
    case 'INJECTED':
    case 'ANNOUNCED':
    case 'MULTI_CHAIN':
      return 'injected'
    case 'EXTERNAL':
      return 'external'
    case 'AUTH':
      // Email and socials are their own connect methods, not wallet rows.
      return undefined
  }
}

/** Higher is preferred when the same wallet arrives from two sources. */
function preference(entry: WalletListEntry): number {
  const connector = entry.connector
  if (!connector) return 0
  if (connector.type === 'ANNOUNCED') return 3
  return connector.installed ? 2 : 1
}

/**
 * The wallet list of spec §2: walletConnect (when enabled and not already connected through
 * it), recent, injected (injected, announced, multi-chain), featured, custom, external,
 * recommended. A configured order overrides it; excluded wallets are hidden; the 'Browser Wallet'
 * hiding rules apply; a wallet seen twice (e.g. announced and featured) is listed once, as the
 * installed/announced one, at the better of the two positions.
 */
export function orderConnectors(parameters: OrderConnectorsParameters): WalletListEntry[] {
  const connected = new Set(parameters.connectedConnectorIds ?? [])
  const candidates: WalletListEntry[] = []
  for (const connector of parameters.connectors) {
    const group = connectorGroup(connector)
    if (!group) continue
    if (group === 'walletConnect' && (!parameters.walletConnectEnabled || connected.has(connector.id)))
      continue
    if (isBrowserWalletHidden(connector, parameters.isMobile)) continue
    candidates.push({
      group,
      id: connector.id,
      name: connector.name,
      rdns: connector.rdns,
      connector,
      wallet: undefined,
    })
  }
  const listed = (group: WalletGroup, wallets: readonly ListedWallet[] | undefined) => {
    for (const wallet of wallets ?? []) {
      candidates.push({
        group,
        id: wallet.id,
        name: wallet.name,
        rdns: wallet.rdns,
        connector: undefined,
        wallet,
      })
    }
  }
  listed('featured', parameters.featured)
  listed('custom', parameters.custom)
  listed('recommended', parameters.recommended)

  const recent = (parameters.recentIds ?? []).map(normalise)
  const recentRank = (entry: WalletListEntry) => {
    const keys = keysOf({ ...entry, explorerId: entry.connector?.explorerId })
    const ranks = keys.map((key) => recent.indexOf(key)).filter((rank) => rank >= 0)
    return ranks.length ? Math.min(...ranks) : -1
  }
  const rank = (entry: WalletListEntry) => GROUP_ORDER.indexOf(entry.group)

  // Merge duplicates: keep the preferred source, at the earliest group either copy had.
  const merged: WalletListEntry[] = []
  for (const entry of candidates) {
    if (isExcluded(entry, parameters.exclude)) continue
    if (entry.group !== 'walletConnect' && recentRank(entry) >= 0) entry.group = 'recent'
    const keys = new Set(keysOf({ ...entry, explorerId: entry.connector?.explorerId }))
    const index = merged.findIndex(
      (other) =>
        other.group !== 'walletConnect' &&
        entry.group !== 'walletConnect' &&
        keysOf({ ...other, explorerId: other.connector?.explorerId }).some((key) => keys.has(key)),
    )
    const existing = index >= 0 ? merged[index] : undefined
    if (!existing) {
      merged.push(entry)
      continue
    }
    const kept = preference(entry) > preference(existing) ? entry : existing
    merged[index] = { ...kept, group: rank(entry) < rank(existing) ? entry.group : existing.group }
  }

  const sorted = merged
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => {
      const byGroup = rank(a.entry) - rank(b.entry)
      if (byGroup !== 0) return byGroup
      if (a.entry.group === 'recent') return recentRank(a.entry) - recentRank(b.entry)
      return a.position - b.position
    })
    .map(({ entry }) => entry)
  return applyConfiguredOrder(sorted, parameters.connectorOrder)
}

function applyConfiguredOrder(
  entries: WalletListEntry[],
  order: readonly string[] | undefined,
): WalletListEntry[] {
  if (!order?.length) return entries
  const wanted = order.map(normalise)
  const position = (entry: WalletListEntry) => {
    const keys = keysOf({ ...entry, explorerId: entry.connector?.explorerId })
    const hits = keys.map((key) => wanted.indexOf(key)).filter((hit) => hit >= 0)
    return hits.length ? Math.min(...hits) : Number.POSITIVE_INFINITY
  }
  return entries
    .map((entry, index) => ({ entry, index, position: position(entry) }))
    .sort((a, b) => (a.position === b.position ? a.index - b.index : a.position - b.position))
    .map(({ entry }) => entry)
}

function ordered<T extends string>(defaults: readonly T[], custom: readonly T[] | undefined): T[] {
  if (!custom?.length) return [...defaults]
  // Unknown names are ignored and forgotten ones keep their default place after the rest.
  const picked = custom.filter((item, index) => defaults.includes(item) && custom.indexOf(item) === index)
  return [...picked, ...defaults.filter((item) => !picked.includes(item))]
}

/** Account-view features in the order onramp, swaps, receive, send, keeping only enabled ones. */
export function orderWalletFeatures(
  enabled: Partial<Record<WalletFeature, boolean>>,
  order?: readonly WalletFeature[] | undefined,
): WalletFeature[] {
  return ordered(WALLET_FEATURES_ORDER, order).filter((feature) => enabled[feature] === true)
}

/**
 * Connect methods in the order email, social, wallet (or the app's `connectMethodsOrder`),
 * keeping email only when enabled and social only when at least one provider is on.
 */
export function orderConnectMethods({
  email,
  socials,
  order,
}: {
  email: boolean
  socials: boolean | readonly string[]
  order?: readonly ConnectMethod[] | undefined
}): ConnectMethod[] {
  const hasSocials = Array.isArray(socials) ? socials.length > 0 : socials === true
  return ordered(DEFAULT_CONNECT_METHODS_ORDER, order).filter(
    (method) => method === 'wallet' || (method === 'email' ? email : hasSocials),
  )
}
