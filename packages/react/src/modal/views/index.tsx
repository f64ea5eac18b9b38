'use client'
import type { Latch, RouteEntry, Routes, View } from '@latch/core'
import { type ComponentType, lazy, Suspense } from 'react'
import { useLatchState } from '../../hooks/useLatchState.js'
import { useT } from '../../i18n/context.js'
import { AccountView } from './AccountView.js'
import { AllWalletsView } from './AllWalletsView.js'
import { ApproveTransactionView } from './ApproveTransactionView.js'
import { ConnectingFarcasterView } from './ConnectingFarcasterView.js'
import { ConnectingView } from './ConnectingView.js'
import { ConnectView } from './ConnectView.js'
import { EmbeddedWalletView } from './EmbeddedWalletView.js'
import { NetworksView } from './NetworksView.js'
import OnrampView from './onramp/OnrampView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import ReceiveView from './send/ReceiveView.js'
import SendView from './send/SendView.js'
import SwapView from './swap/SwapView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'
import { UpdateEmailView } from './UpdateEmailView.js'
import { WalletConnectView } from './WalletConnectView.js'
import { WhatIsAWalletView } from './WhatIsAWalletView.js'

// Loaded only when an app with sign-in opens it.
const SIWXSignMessageView = lazy(() => import('./SIWXSignMessageView.js'))

export interface ViewProps<V extends View = View> {
  latch: Latch
  entry: Routes[V]
}

/**
 * The component of every view, by name: a `Record` over core's `View`, so a view added to core
 * without a component here (or a component for a view core does not have) does not compile.
 */
export type ViewRegistry = { [V in View]: ComponentType<ViewProps<V>> }

function SIWXSignMessage(props: ViewProps<'SIWXSignMessage'>) {
  return (
    <Suspense fallback={<div className="latch-spinner" role="progressbar" aria-label="…" />}>
      <SIWXSignMessageView {...props} />
    </Suspense>
  )
}

const views: ViewRegistry = {
  Connect: ConnectView,
  Account: AccountView,
  AllWallets: AllWalletsView,
  WhatIsAWallet: WhatIsAWalletView,
  Connecting: ConnectingView,
  ConnectingWalletConnectBasic: WalletConnectView,
  EmbeddedWallet: EmbeddedWalletView,
  ConnectingFarcaster: ConnectingFarcasterView,
  UpdateEmail: UpdateEmailView,
  Networks: NetworksView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchActiveChainView,
  UnsupportedChain: UnsupportedChainView,
  SIWXSignMessage,
  ApproveTransaction: ApproveTransactionView,
  // In the modal's chunk rather than a chunk of their own: see docs/decisions.md (Send).
  Send: SendView,
  Receive: ReceiveView,
  Swap: SwapView,
  Onramp: OnrampView,
}

function renderView<V extends View>(latch: Latch, view: V, entry: Routes[V]) {
  const Component: ComponentType<ViewProps<V>> = views[view]
  return <Component latch={latch} entry={entry} />
}

export function ViewBody({ latch, entry }: ViewProps) {
  return renderView(latch, entry.view, entry)
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
    case 'ConnectingFarcaster':
    case 'UpdateEmail':
    case 'Send':
    case 'Receive':
    case 'Swap':
    case 'Onramp':
      return t(`view.${entry.view}.title`)
    case 'ApproveTransaction': {
      // Titled by what is asked when the wallet says so.
      const request = entry.params?.request
      return t(request ? `view.ApproveTransaction.title.${request}` : 'view.ApproveTransaction.title')
    }
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
