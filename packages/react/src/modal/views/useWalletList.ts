'use client'
import type { Connector, Latch, RegistryWallet } from '@latch/core'
import {
  isMobileBrowser,
  type ListedWallet,
  orderConnectors,
  popularFor,
  type WalletListEntry,
} from '@latch/core/internal'
import { useMemo } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'

/**
 * The Connect list of spec §2, exactly as core's `orderConnectors` orders and groups it: the
 * session connectors (WalletConnect), recent, installed, featured, custom, external and
 * recommended wallets, one row per wallet even when it serves several namespaces.
 */
export function useConnectList(latch: Latch): readonly WalletListEntry[] {
  const connectors = useLatchState((s) => s.connectors, { latch })
  const filter = useLatchState((s) => s.namespaceFilter, { latch })
  const recent = useLatchState((s) => s.recentWalletId, { latch })
  const registry = useLatchState((s) => s.registry, { latch })
  const namespaces = useLatchState((s) => s.namespaces, { latch })
  const active = useLatchState((s) => s.activeNamespace, { latch })
  return useMemo(() => {
    const { options } = latch
    const adapterConnectors = Object.entries(connectors)
      .filter(([namespace]) => !filter || namespace === filter)
      .flatMap(([, list]) => list)
    const sessionRows: Connector[] = [...latch.sessionConnectors.values()]
      .filter((c) => c.type === 'WALLET_CONNECT')
      .map((c) => ({ id: c.id, name: c.name, type: c.type, chain: filter ?? '', imageUrl: c.imageUrl }))
    const known: RegistryWallet[] = [
      ...registry.featured,
      ...registry.recommended,
      ...registry.wallets,
      ...registry.search.results,
    ]
    const recentWallet = recent ? known.find((w) => w.id === recent) : undefined
    return orderConnectors({
      connectors: [...sessionRows, ...adapterConnectors],
      featured: registry.featured,
      custom: options.customWallets as ListedWallet[],
      // Popular follows the namespace in use: the Solana network lists Solana wallets.
      recommended: popularFor({
        namespace: filter ?? active,
        recommended: registry.recommended,
        wallets: registry.wallets,
      }),
      recent: recentWallet ? [recentWallet] : [],
      recentIds: recent ? [recent] : [],
      registry: known,
      walletConnectEnabled: sessionRows.length > 0,
      connectedConnectorIds: Object.values(namespaces)
        .filter((ns) => ns.account.status === 'connected')
        .map((ns) => ns.account.connectorId as string),
      isMobile: isMobileBrowser(),
      connectorOrder: options.connectorOrder,
      groupOrder: options.connectorTypeOrder,
      exclude: { ids: options.excludeWalletIds },
    })
  }, [connectors, filter, recent, registry, namespaces, active, latch])
}

/** The installed wallets' connectors (AllWallets lists them above the registry). */
export function useWalletList(latch: Latch): readonly Connector[] {
  const entries = useConnectList(latch)
  const active = useLatchState((s) => s.activeNamespace, { latch })
  return useMemo(
    () =>
      entries.flatMap((entry) =>
        entry.group === 'walletConnect' || entry.connectors.length === 0
          ? []
          : [entry.connectors.find((c) => c.chain === active) ?? (entry.connector as Connector)],
      ),
    [entries, active],
  )
}
