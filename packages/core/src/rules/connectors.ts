import type { Connector } from '../types.js'

/** A wallet known from the registry or the app's options, not (yet) a live connector. */
export interface ListedWallet {
  id: string
  name: string
  rdns?: string | undefined
  imageUrl?: string | undefined
}

/** The listing groups of spec §2, in their default order (`connectorTypeOrder` names them). */
export const WALLET_GROUPS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const

export type WalletGroup = (typeof WALLET_GROUPS)[number]

export interface WalletListEntry {
  group: WalletGroup
  id: string
  name: string
  rdns: string | undefined
  /** Set when the entry can connect directly (an adapter's connector): the preferred one. */
  connector: Connector | undefined
  /** Every connector of this wallet, one per namespace it serves (one row per wallet). */
  connectors: readonly Connector[]
  /** Set when the entry comes from the registry or the app's custom wallets. */
  wallet: ListedWallet | undefined
}

interface WalletExclusions {
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
  /** Recently used registry wallets that are in no other group (they get the recent slot too). */
  recent?: readonly ListedWallet[] | undefined
  /** Ids (connector id, registry id or rdns) of recently used wallets, newest first. */
  recentIds?: readonly string[] | undefined
  /**
   * Registry entries, to tell whether two connectors of different namespaces are one wallet: an
   * rdns-less connector (Wallet Standard) joins an rdns one only when the registry entry of that
   * rdns bears its name; without a registry entry, by normalised name.
   */
  registry?: readonly ListedWallet[] | undefined
  walletConnectEnabled: boolean
  /** Ids of the connectors the user is connected through right now. */
  connectedConnectorIds?: readonly string[] | undefined
  isMobile: boolean
  exclude?: WalletExclusions | undefined
  /** The app's `connectorOrder`: these ids (or rdns, or names) first, in this order. */
  connectorOrder?: readonly string[] | undefined
  /** The app's `connectorTypeOrder`: these groups first, in this order, then the others. */
  groupOrder?: readonly WalletGroup[] | undefined
}

const normalise = (value: string | undefined) => value?.trim().toLowerCase() || undefined

/** The generic EIP-1193 entry for `window.ethereum`, as opposed to an announced wallet. */
function isBrowserWallet(connector: Connector): boolean {
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

/** Spec §2: inside the injected group, injected, then announced, then multi-chain wallets. */
const INJECTED_ORDER: readonly Connector['type'][] = ['INJECTED', 'ANNOUNCED', 'MULTI_CHAIN']
const injectedRank = (entry: WalletListEntry) => {
  const rank = entry.connector ? INJECTED_ORDER.indexOf(entry.connector.type) : -1
  return rank < 0 ? INJECTED_ORDER.length : rank
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

/**
 * Whether two list entries are one wallet. Two rdns must be equal. An entry without rdns joins
 * one with rdns only when that rdns's registry entry bears its name (a look-alike name does not
 * join a known wallet); without a registry entry, and between two rdns-less entries, the ids or
 * normalised names decide.
 */
function sameWallet(
  a: WalletListEntry,
  b: WalletListEntry,
  registry: readonly ListedWallet[] | undefined,
): boolean {
  const ra = normalise(a.rdns)
  const rb = normalise(b.rdns)
  if (ra && rb) return ra === rb
  if (ra || rb) {
    const [withRdns, without] = ra ? [a, b] : [b, a]
    const known = registry?.find((w) => normalise(w.rdns) === normalise(withRdns.rdns))
    if (known) {
      const names = [normalise(known.name), normalise(known.id)]
      return names.includes(normalise(without.name)) || names.includes(normalise(without.id))
    }
    // Different namespaces of an unknown wallet: the name decides; the same namespace never
    // holds one wallet twice.
    if (a.connector && b.connector && a.connector.chain === b.connector.chain) return false
    return normalise(a.name) === normalise(b.name)
  }
  const keys = new Set(keysOf({ ...a, explorerId: a.connector?.explorerId }))
  return keysOf({ ...b, explorerId: b.connector?.explorerId }).some((key) => keys.has(key))
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
      connectors: [connector],
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
        connectors: [],
        wallet,
      })
    }
  }
  listed('recent', parameters.recent)
  listed('featured', parameters.featured)
  listed('custom', parameters.custom)
  listed('recommended', parameters.recommended)

  const recent = (parameters.recentIds ?? []).map(normalise)
  const recentRank = (entry: WalletListEntry) => {
    const keys = keysOf({ ...entry, explorerId: entry.connector?.explorerId })
    const ranks = keys.map((key) => recent.indexOf(key)).filter((rank) => rank >= 0)
    return ranks.length ? Math.min(...ranks) : -1
  }
  const groupOrder = [...new Set([...(parameters.groupOrder ?? []), ...WALLET_GROUPS])]
  const rank = (entry: WalletListEntry) => groupOrder.indexOf(entry.group)

  // Merge duplicates: keep the preferred source, at the earliest group either copy had.
  const merged: WalletListEntry[] = []
  for (const entry of candidates) {
    if (isExcluded(entry, parameters.exclude)) continue
    if (entry.group !== 'walletConnect' && recentRank(entry) >= 0) entry.group = 'recent'
    const index = merged.findIndex(
      (other) =>
        other.group !== 'walletConnect' &&
        entry.group !== 'walletConnect' &&
        sameWallet(entry, other, parameters.registry),
    )
    const existing = index >= 0 ? merged[index] : undefined
    if (!existing) {
      merged.push(entry)
      continue
    }
    const kept = preference(entry) > preference(existing) ? entry : existing
    // Both namespaces' connectors stay on the one row (the preferred source's first).
    const connectors = [...kept.connectors]
    for (const c of [...existing.connectors, ...entry.connectors])
      if (!connectors.some((k) => k.chain === c.chain)) connectors.push(c)
    merged[index] = {
      ...kept,
      connectors,
      rdns: kept.rdns ?? existing.rdns ?? entry.rdns,
      wallet: kept.wallet ?? existing.wallet ?? entry.wallet,
      group: rank(entry) < rank(existing) ? entry.group : existing.group,
    }
  }

  const sorted = merged
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => {
      const byGroup = rank(a.entry) - rank(b.entry)
      if (byGroup !== 0) return byGroup
      if (a.entry.group === 'recent') return recentRank(a.entry) - recentRank(b.entry)
      if (a.entry.group === 'injected') {
        const byKind = injectedRank(a.entry) - injectedRank(b.entry)
        if (byKind !== 0) return byKind
      }
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

/** The ways to connect the Connect view offers, as sections. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/** Spec §2: email first, then social logins, then wallets. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']

/**
 * The Connect view's sections in order: the configured order (default email, social, wallet),
 * keeping only the methods the app offers. Wallets are always offered.
 */
export function connectMethodsOrder({
  email,
  social,
  order = DEFAULT_CONNECT_METHODS_ORDER,
}: {
  email: boolean
  social: boolean
  order?: readonly ConnectMethod[] | undefined
}): ConnectMethod[] {
  const offered = { email, social, wallet: true }
  const known = order.filter((method, index) => offered[method] && order.indexOf(method) === index)
  return known.includes('wallet') ? known : [...known, 'wallet']
}
