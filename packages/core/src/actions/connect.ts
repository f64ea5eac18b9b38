import type { Latch } from '../createLatch.js'
import { type BaseError, createAccountState, STORAGE_KEYS, toWalletError } from '../internal.js'
import type { ChainNamespace, ConnectResult } from '../types.js'
import {
  explorerAddressUrl,
  getAdapter,
  patchState,
  resolveNamespace,
  toCaipAddress,
  updateNamespace,
} from './_shared.js'
import { closeAfterConnect, viewErrorFrom } from './_view.js'
import { fetchBalance } from './fetchBalance.js'
import { applyChainChanged } from './handleChainChanged.js'

export interface ConnectParameters {
  connectorId: string
  namespace?: ChainNamespace | undefined
  /** Ask the wallet to start on this chain. */
  chainId?: number | string | undefined
}
export type ConnectReturnType = ConnectResult
export type ConnectErrorType = BaseError

/**
 * Connects a wallet through one of the namespace's connectors. On failure the namespace is left
 * disconnected (never half-way) and the error is both thrown and shown by the modal.
 *
 * @example
 * await connect(latch, { connectorId: 'io.metamask' })
 */
export async function connect(latch: Latch, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const namespace = resolveNamespace(latch, parameters.namespace)
  const adapter = getAdapter(latch, namespace)
  const ns = adapter.namespace
  const generation = ++latch._internal.generation
  patchState(latch, { error: undefined })
  updateNamespace(latch, ns, { account: { status: 'connecting' } })
  let result: ConnectResult
  try {
    result = validateResult(
      await adapter.connect({ connectorId: parameters.connectorId, chainId: parameters.chainId }),
    )
  } catch (raw) {
    const error = toWalletError(raw)
    if (generation === latch._internal.generation) {
      resetNamespace(latch, ns)
      patchState(latch, { error: viewErrorFrom(latch, error) })
    }
    latch.events.emit('CONNECT_ERROR', {
      namespace: ns,
      connectorId: parameters.connectorId,
      message: error.shortMessage,
    })
    throw error
  }
  applyConnected(latch, ns, result)
  latch.storage.setItem(STORAGE_KEYS.recentWallet, result.connectorId)
  patchState(latch, { recentWalletId: result.connectorId })
  latch.events.emit('CONNECT_SUCCESS', {
    namespace: ns,
    connectorId: result.connectorId,
    address: result.address,
  })
  closeAfterConnect(latch)
  return result
}

/** Writes a successful connect/reconnect into state and storage, then loads the balance. */
export function applyConnected(latch: Latch, namespace: ChainNamespace, result: ConnectResult): void {
  const connector = latch.store.getState().connectors[namespace]?.find((c) => c.id === result.connectorId)
  latch.storage.setItem(STORAGE_KEYS.connectorId(namespace), result.connectorId)
  latch.storage.setItem(STORAGE_KEYS.activeNamespace, namespace)
  patchState(latch, { activeNamespace: namespace })
  updateNamespace(latch, namespace, {
    account: {
      status: 'connected',
      address: result.address,
      allAccounts: (result.allAccounts ?? [result.address]).map((address) => ({
        address,
        type: 'eoa' as const,
      })),
      connectorId: result.connectorId,
      connectedWalletInfo: {
        name: result.walletName ?? connector?.name ?? result.connectorId,
        icon: result.walletIcon ?? connector?.imageUrl,
        type: result.connectorType,
      },
    },
  })
  applyChainChanged(latch, namespace, result.chainId, { refreshBalance: false })
  const state = latch.store.getState().namespaces[namespace]
  const network = state?.network.caipNetwork
  if (network && !state.network.unsupported) {
    updateNamespace(latch, namespace, {
      account: {
        caipAddress: toCaipAddress(network.caipNetworkId, result.address),
        addressExplorerUrl: explorerAddressUrl(latch, namespace, result.address),
      },
    })
  }
  void fetchBalance(latch, { namespace }).catch(() => {})
}

/** The spec's reset: status disconnected and every account field cleared. */
export function resetNamespace(latch: Latch, namespace: ChainNamespace): void {
  latch.store.setState((state) => {
    const current = state.namespaces[namespace]
    if (!current) return state
    return {
      ...state,
      namespaces: {
        ...state.namespaces,
        [namespace]: {
          account: resetAccount(),
          network: { ...current.network, unsupported: false, approvedCaipNetworkIds: [] },
        },
      },
    }
  })
}

function resetAccount() {
  return { ...createAccountState(), status: 'disconnected' as const }
}

function validateResult(result: ConnectResult): ConnectResult {
  if (!result || typeof result.address !== 'string' || result.address.length === 0) {
    throw new Error('The wallet returned no account.')
  }
  if (typeof result.chainId !== 'number' && typeof result.chainId !== 'string') {
    throw new Error('The wallet returned no chain id.')
  }
  return result
}
