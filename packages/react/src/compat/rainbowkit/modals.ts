'use client'
import { type LatchState, openModal } from '@latch/core'
import { useCallback } from 'react'
import { type UseLatchParameters, useLatch, useLatchAccount, useLatchState } from '../../index.js'

/** The views of the modal that a RainbowKit app knows as its chain modal. */
const CHAIN_VIEWS = new Set(['Networks', 'SwitchNetwork', 'SwitchActiveChain', 'UnsupportedChain'])

/** The modal's current view while it is open (a stable string, so renders are skipped). */
const openView = (state: LatchState) => (state.modal.open ? state.router.history.at(-1)?.view : undefined)

/** Which of RainbowKit's three modals the open Latch modal stands for. */
export function useOpenModals(parameters: UseLatchParameters = {}) {
  const latch = useLatch(parameters)
  const view = useLatchState(openView, { latch })
  const connected = useLatchAccount({ latch }).isConnected
  const chain = view !== undefined && CHAIN_VIEWS.has(view)
  return {
    connectModalOpen: view !== undefined && !connected && !chain,
    accountModalOpen: view !== undefined && connected && !chain,
    chainModalOpen: chain,
  }
}

export interface UseConnectModalReturnType {
  /** Opens the modal on its Connect view; `undefined` while an account is connected. */
  openConnectModal: (() => void) | undefined
  connectModalOpen: boolean
}

/**
 * RainbowKit's `useConnectModal`, over Latch's modal.
 *
 * @example
 * const { openConnectModal } = useConnectModal()
 * openConnectModal && <button onClick={openConnectModal}>Connect</button>
 */
export function useConnectModal(parameters: UseLatchParameters = {}): UseConnectModalReturnType {
  const latch = useLatch(parameters)
  const connected = useLatchAccount({ latch }).isConnected
  // Without a view, the opening rules pick the connect view this app has (spec §2).
  const open = useCallback(() => openModal(latch), [latch])
  return {
    openConnectModal: connected ? undefined : open,
    connectModalOpen: useOpenModals({ latch }).connectModalOpen,
  }
}

export interface UseAccountModalReturnType {
  /** Opens the modal on the Account view; `undefined` until an account is connected. */
  openAccountModal: (() => void) | undefined
  accountModalOpen: boolean
}

/**
 * RainbowKit's `useAccountModal`, over Latch's Account view.
 *
 * @example
 * const { openAccountModal } = useAccountModal()
 */
export function useAccountModal(parameters: UseLatchParameters = {}): UseAccountModalReturnType {
  const latch = useLatch(parameters)
  const connected = useLatchAccount({ latch }).isConnected
  const open = useCallback(() => openModal(latch, { view: 'Account' }), [latch])
  return {
    openAccountModal: connected ? open : undefined,
    accountModalOpen: useOpenModals({ latch }).accountModalOpen,
  }
}

export interface UseChainModalReturnType {
  /** Opens the network list (or, on a network the app does not have, the switch prompt); `undefined` until an account is connected. */
  openChainModal: (() => void) | undefined
  chainModalOpen: boolean
}

/**
 * RainbowKit's `useChainModal`, over Latch's network views.
 *
 * @example
 * const { openChainModal } = useChainModal()
 */
export function useChainModal(parameters: UseLatchParameters = {}): UseChainModalReturnType {
  const latch = useLatch(parameters)
  const connected = useLatchAccount({ latch }).isConnected
  const unsupported = useLatchState((s) => isUnsupported(s), { latch })
  const open = useCallback(
    () => openModal(latch, { view: unsupported ? 'UnsupportedChain' : 'Networks' }),
    [latch, unsupported],
  )
  return {
    openChainModal: connected ? open : undefined,
    chainModalOpen: useOpenModals({ latch }).chainModalOpen,
  }
}

const isUnsupported = (state: LatchState) =>
  state.activeNamespace ? (state.namespaces[state.activeNamespace]?.network.unsupported ?? false) : false
