'use client'
import {
  type AddressOf,
  type ChainNamespace,
  type GetAccountReturnType,
  getAccount,
  watchAccount,
} from '@latch/core'
import { createAccountState } from '@latch/core/internal'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

export interface UseLatchAccountParameters<N extends ChainNamespace | undefined = ChainNamespace | undefined>
  extends UseLatchParameters {
  /** The namespace's account (the active namespace's by default); `'eip155'` types the address `0x…`. */
  namespace?: N
}

type AccountBase = Omit<GetAccountReturnType, 'status' | 'isConnected' | 'address'>

/** A connected account: its address is always there (`0x…` on eip155, checked by the adapter). */
export type ConnectedLatchAccount<N extends ChainNamespace | undefined = undefined> = AccountBase & {
  status: 'connected'
  isConnected: true
  address: AddressOf<N>
}
/** A session being restored or approved: the address may not be known yet. */
export type ConnectingLatchAccount<N extends ChainNamespace | undefined = undefined> = AccountBase & {
  status: 'connecting'
  isConnected: false
  address: AddressOf<N> | undefined
}
export type DisconnectedLatchAccount = AccountBase & {
  status: 'disconnected'
  isConnected: false
  address: undefined
}

/** The account, narrowed on `status` (or `isConnected`): connected ⇒ `address` is defined. */
export type UseLatchAccountReturnType<N extends ChainNamespace | undefined = undefined> =
  | ConnectedLatchAccount<N>
  | ConnectingLatchAccount<N>
  | DisconnectedLatchAccount

// Shown when the namespace has no account at all (no such namespace configured).
const NONE: DisconnectedLatchAccount = {
  ...createAccountState(),
  status: 'disconnected',
  address: undefined,
  namespace: undefined,
  isConnected: false,
}

function narrow<N extends ChainNamespace | undefined>(
  account: GetAccountReturnType | undefined,
): UseLatchAccountReturnType<N> {
  if (!account) return NONE
  // The store sets an address in the same update that marks an account connected; an account
  // without one is still on its way and is shown as connecting. An eip155 address is 0x-hex:
  // the EVM adapter checks (and checksums) every address a wallet reports.
  if (account.status === 'connected' && !account.address)
    return { ...account, status: 'connecting', isConnected: false } as ConnectingLatchAccount<N>
  return account as UseLatchAccountReturnType<N>
}

/**
 * Narrows an account of the active namespace (picked at run time) to one namespace: on
 * `'eip155'` a connected account's address is typed `0x…`, so it passes to wagmi and viem
 * without a cast. True when the account is that namespace's, whatever its status.
 *
 * @example
 * const account = useLatchAccount()
 * if (isAccountOn(account, 'eip155') && account.isConnected) {
 *   const signature = await signMessage(latch, { message, namespace: account.namespace })
 *   await verifyMessage(wagmiConfig, { address: account.address, message, signature })
 * }
 */
export function isAccountOn<N extends ChainNamespace>(
  account: UseLatchAccountReturnType<ChainNamespace | undefined>,
  namespace: N,
): account is UseLatchAccountReturnType<N> & { namespace: N } {
  return account.namespace === namespace
}

/**
 * The account of the active namespace (or of `namespace`): address, CAIP address, status,
 * balance, wallet info. The result is a union on `status`, so `address` is a string once the
 * account is connected.
 *
 * @example
 * const account = useLatchAccount()
 * if (account.status === 'connected') console.log(account.address.toLowerCase())
 */
export function useLatchAccount<N extends ChainNamespace | undefined = undefined>(
  parameters: UseLatchAccountParameters<N> = {},
): UseLatchAccountReturnType<N> {
  const latch = useLatch(parameters)
  const { namespace } = parameters
  const subscribe = useCallback(
    (onChange: () => void) => watchAccount(latch, { ...(namespace ? { namespace } : {}), onChange }),
    [latch, namespace],
  )
  const get = () => getAccount(latch, namespace ? { namespace } : {})
  // The snapshot stays the store's stable object; narrowing happens on the way out.
  return narrow<N>(useSyncExternalStore(subscribe, get, get))
}
