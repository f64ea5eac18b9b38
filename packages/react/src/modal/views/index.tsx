'use client'
import type { Latch, RouteEntry } from '@latch/core'
import { lazy, Suspense } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { AccountView } from './AccountView.js'
import { AllWalletsView } from './AllWalletsView.js'
import { ConnectingView } from './ConnectingView.js'
import { ConnectView } from './ConnectView.js'
import { EmbeddedWalletView } from './EmbeddedWalletView.js'
import { NetworksView } from './NetworksView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'
import { WalletConnectView } from './WalletConnectView.js'
import { WhatIsAWalletView } from './WhatIsAWalletView.js'

// Loaded only when an app with sign-in opens it.
const SIWXSignMessageView = lazy(() => import('./SIWXSignMessageView.js'))

export interface ViewProps {
  latch: Latch
  entry: RouteEntry
}

export function ViewBody({ latch, entry }: ViewProps) {
  switch (entry.view) {
    case 'Account':
      return <AccountView latch={latch} entry={entry} />
    case 'AllWallets':
      return <AllWalletsView latch={latch} entry={entry} />
    case 'WhatIsAWallet':
      return <WhatIsAWalletView latch={latch} entry={entry} />
    case 'Connecting':
      return <ConnectingView latch={latch} entry={entry} />
    case 'Networks':
      return <NetworksView latch={latch} entry={entry} />
    case 'SwitchNetwork':
      return <SwitchNetworkView latch={latch} entry={entry} />
    case 'SwitchActiveChain':
      return <SwitchActiveChainView latch={latch} entry={entry} />
    case 'UnsupportedChain':
      return <UnsupportedChainView latch={latch} entry={entry} />
    case 'ConnectingWalletConnectBasic':
      return <WalletConnectView latch={latch} entry={entry} />
    case 'EmbeddedWallet':
      return <EmbeddedWalletView latch={latch} entry={entry} />
    case 'SIWXSignMessage':
      return (
        <Suspense fallback={<div className="latch-spinner" role="progressbar" aria-label="…" />}>
          <SIWXSignMessageView latch={latch} entry={entry} />
        </Suspense>
      )
    default:
      return <ConnectView latch={latch} entry={entry} />
  }
}

/** The header title of a view, from the catalog. */
export function useViewTitle(latch: Latch, entry: RouteEntry): string {
  const t = useT()
  const connectors = useLatchState((s) => s.connectors, { latch })
  switch (entry.view) {
    case 'Account':
    case 'AllWallets':
    case 'WhatIsAWallet':
    case 'Networks':
    case 'SwitchActiveChain':
    case 'UnsupportedChain':
    case 'SIWXSignMessage':
    case 'EmbeddedWallet':
      return t(`view.${entry.view}.title`)
    case 'ConnectingWalletConnectBasic': {
      // A wallet from the registry titles its own pairing view.
      const { registry } = latch.store.getState()
      const wallet = [
        ...registry.featured,
        ...registry.recommended,
        ...registry.wallets,
        ...registry.search.results,
      ].find((w) => w.id === entry.params?.walletId)
      return wallet?.name ?? t('view.ConnectingWalletConnectBasic.title')
    }
    case 'Connecting': {
      const connector = Object.values(connectors)
        .flat()
        .find((c) => c.id === entry.params?.connectorId)
      return t('view.Connecting.title', { wallet: connector?.name ?? '' })
    }
    case 'SwitchNetwork': {
      const network = latch.options.networks.find((n) => n.caipNetworkId === entry.params?.caipNetworkId)
      return t('view.SwitchNetwork.title', { network: network?.name ?? '' })
    }
    default:
      return t('view.Connect.title')
  }
}
