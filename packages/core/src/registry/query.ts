import type { RegistryWallet } from '../types.js'
import { fromSnapshotWallet } from './map.js'
import type { SnapshotWallet } from './snapshot.js'

/** What a wallet list asks of a source (the `/getWallets` parameters, spec §7). */
export interface WalletQuery {
  /** 1-based. */
  page: number
  entries: number
  search?: string | undefined
  /** Only these wallets, in this order. */
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 namespaces (or chain ids); a wallet matches when it supports any of them. */
  chains?: readonly string[] | undefined
  /**
   * `certified`: only wallets the registry marks certified (the server's `badge_type`, spec §7).
   * The bundled snapshot carries no badges and lists in registry order, certified wallets first.
   */
  badgeType?: 'certified' | undefined
}

export interface WalletPage {
  /** Wallets matching the filters, all pages. */
  count: number
  data: RegistryWallet[]
}

/**
 * Runs a query over the bundled snapshot with the server's semantics: search is a trimmed,
 * case-insensitive substring of the name; filters combine with AND; `include` keeps the order
 * given, otherwise registry order, then name, then id. `logos` holds each wallet's SVG logo.
 */
export function querySnapshot(
  snapshot: readonly SnapshotWallet[],
  query: WalletQuery,
  logos: Readonly<Record<string, string>> = {},
): WalletPage {
  const search = query.search?.trim().toLowerCase()
  const include = query.include?.length ? query.include : undefined
  const exclude = new Set(query.exclude ?? [])
  const namespaces = query.chains?.length
    ? new Set(query.chains.map((chain) => chain.split(':', 1)[0] ?? chain))
    : undefined
  const matches = snapshot.filter(
    (wallet) =>
      (!search || wallet.name.toLowerCase().includes(search)) &&
      (!include || include.includes(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (!namespaces || wallet.chains.some((chain) => namespaces.has(chain))),
  )
  matches.sort((a, b) => {
    if (include) {
      const byInclude = include.indexOf(a.id) - include.indexOf(b.id)
      if (byInclude !== 0) return byInclude
    }
    return a.order - b.order || compare(a.name, b.name) || compare(a.id, b.id)
  })
  const start = (query.page - 1) * query.entries
  return {
    count: matches.length,
    data: matches.slice(start, start + query.entries).map((w) => fromSnapshotWallet(w, logos)),
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
