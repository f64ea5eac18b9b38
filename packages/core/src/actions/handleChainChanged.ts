import type { Latch } from '../createLatch.js'
import { shouldShowUnsupportedChain } from '../rules/network.js'
import { STORED_VALUES, writeStored } from '../storage.js'
import type { ChainNamespace } from '../types.js'
import { afterConnect, configuredNetwork } from './_connection.js'
import { explorerAddressUrl, withNamespace } from './_shared.js'
import { closeModal } from './close.js'
import { openModal } from './open.js'

/** The app has no adapter and drives WalletConnect by hand: spec §4's basic WalletConnect mode. */
function isBasicWalletConnectMode(latch: Latch): boolean {
  return latch.options.manualWCControl || latch.adapters.size === 0
}

/**
 * The namespace is now on `chainId` (the wallet said so, or a switch succeeded). A configured
 * chain becomes the namespace's network, is remembered for the next visit and emits
 * SWITCH_NETWORK; an unknown one sets the unsupported state and, when the rules say so, opens
 * UnsupportedChain. A connected account then gets its balance and the sign-in gate again.
 */
export function applyChainChanged(latch: Latch, namespace: ChainNamespace, chainId: number | string): void {
  const state = latch.store.getState()
  const ns = state.namespaces[namespace]
  if (!ns) return
  const network = configuredNetwork(latch, namespace, chainId)
  const address = ns.account.address
  const connected = ns.account.status === 'connected'
  if (!network) {
    if (ns.network.unsupported) return
    latch.store.setState((s) =>
      withNamespace(s, namespace, {
        network: { unsupported: true },
        account: {
          balance: undefined,
          balanceSymbol: undefined,
          caipAddress: undefined,
        },
      }),
    )
    const show = shouldShowUnsupportedChain({
      unsupported: true,
      enableNetworkSwitch: latch.options.enableNetworkSwitch,
      allowUnsupportedChain: latch.options.allowUnsupportedChain,
      basicWalletConnectMode: isBasicWalletConnectMode(latch),
    })
    if (show && connected) openModal(latch, { view: 'UnsupportedChain' })
    return
  }
  const changed = ns.network.unsupported || ns.network.caipNetwork?.caipNetworkId !== network.caipNetworkId
  if (!changed) return
  const wasUnsupported = ns.network.unsupported
  latch.store.setState((s) =>
    withNamespace(s, namespace, {
      network: { caipNetwork: network, unsupported: false },
      account: address
        ? {
            caipAddress: `${network.caipNetworkId}:${address}`,
            addressExplorerUrl: explorerAddressUrl(network, address),
            balance: undefined,
            balanceSymbol: undefined,
          }
        : {},
    }),
  )
  writeStored(latch.storage, STORED_VALUES.lastUsedNetwork(namespace), network.caipNetworkId)
  latch.events.emit('SWITCH_NETWORK', { namespace, caipNetworkId: network.caipNetworkId })
  const current = latch.store.getState()
  if (wasUnsupported && current.modal.open && current.router.history.at(-1)?.view === 'UnsupportedChain')
    closeModal(latch)
  if (connected) void afterConnect(latch, [namespace], { reason: 'change' })
}
