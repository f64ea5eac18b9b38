import type { Latch } from '../createLatch.js'
import { STORAGE_KEYS, shouldShowUnsupportedChain } from '../internal.js'
import type { ChainNamespace } from '../types.js'
import { explorerAddressUrl, toCaipAddress, updateNamespace } from './_shared.js'
import { closeModal } from './close.js'
import { fetchBalance } from './fetchBalance.js'
import { openModal } from './open.js'

/**
 * The wallet reports it is on `chainId`. A configured chain becomes the namespace's network; an
 * unknown one sets the unsupported state and, when the rules say so, opens UnsupportedChain.
 */
export function applyChainChanged(
  latch: Latch,
  namespace: ChainNamespace,
  chainId: number | string,
  { refreshBalance = true }: { refreshBalance?: boolean } = {},
): void {
  const state = latch.store.getState()
  const ns = state.namespaces[namespace]
  if (!ns) return
  const network = latch.options.networks.find(
    (n) =>
      n.chainNamespace === namespace && (String(n.id) === String(chainId) || n.caipNetworkId === chainId),
  )
  const address = ns.account.address
  if (!network) {
    updateNamespace(latch, namespace, {
      network: { unsupported: true },
      account: { balance: undefined, balanceSymbol: undefined, caipAddress: undefined },
    })
    const show = shouldShowUnsupportedChain({
      unsupported: true,
      enableNetworkSwitch: latch.options.enableNetworkSwitch,
      allowUnsupportedChain: latch.options.allowUnsupportedChain,
      basicWalletConnectMode: false,
    })
    if (show && ns.account.status === 'connected') openModal(latch, { view: 'UnsupportedChain' })
    return
  }
  const wasUnsupported = ns.network.unsupported
  latch.storage.setItem(STORAGE_KEYS.lastUsedChainId, String(network.id))
  updateNamespace(latch, namespace, {
    network: { caipNetwork: network, unsupported: false },
    account: address
      ? {
          caipAddress: toCaipAddress(network.caipNetworkId, address),
          addressExplorerUrl: undefined,
        }
      : {},
  })
  if (address) {
    updateNamespace(latch, namespace, {
      account: { addressExplorerUrl: explorerAddressUrl(latch, namespace, address) },
    })
  }
  latch.events.emit('SWITCH_NETWORK', { namespace, caipNetworkId: network.caipNetworkId })
  const current = latch.store.getState()
  const top = current.router.history.at(-1)
  if (wasUnsupported && current.modal.open && top?.view === 'UnsupportedChain') closeModal(latch)
  if (refreshBalance && address) void fetchBalance(latch, { namespace }).catch(() => {})
}
