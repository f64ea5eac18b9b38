'use client'
import { type Connector, type Latch, orderConnectors } from '@latch/core'
import { useMemo } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { isMobileDevice } from '../device.js'

/** The connectors of the filtered (or every) namespace, in the spec's listing order. */
export function useWalletList(latch: Latch): readonly Connector[] {
  const connectors = useLatchState((s) => s.connectors, { latch })
  const filter = useLatchState((s) => s.namespaceFilter, { latch })
  const recent = useLatchState((s) => s.recentWalletId, { latch })
  return useMemo(() => {
    const all = Object.entries(connectors)
      .filter(([namespace]) => !filter || namespace === filter)
      .flatMap(([, list]) => list)
    const { options } = latch
    return orderConnectors({
      connectors: all,
      recentIds: recent ? [recent] : [],
      walletConnectEnabled: false,
      isMobile: isMobileDevice(),
      connectorOrder: options.connectorOrder,
      exclude: { ids: options.excludeWalletIds },
    }).flatMap((entry) => (entry.connector ? [entry.connector] : []))
  }, [connectors, filter, recent, latch])
}
