'use client'
import { type ChainNamespace, type GetAccountReturnType, getAccount, watchAccount } from '@latch/core'
import { createAccountState } from '@latch/core/internal'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

export interface UseLatchAccountParameters extends UseLatchParameters {
  namespace?: ChainNamespace | undefined
}

type AccountBase = Omit<GetAccountReturnType, 'status' | 'isConnected' | 'address'>

/** A connected account: its address is always there. */
export type ConnectedLatchAccount = AccountBase & { status: 'connected'; isConnected: true; address: string }
/** A session being restored or approved: the address may not be known yet. */
export type ConnectingLatchAccount = AccountBase & {
  status: 'connecting'
  isConnected: false
  address: string | undefined
}
export type DisconnectedLatchAccount = AccountBase & {
  status: 'disconnected'
  isConnected: false
  address: undefined
}

/** The account, narrowed on `status` (or `isConnected`): connected ⇒ `address` is defined. */
export type UseLatchAccountReturnType =
  | ConnectedLatchAccount
  | ConnectingLatchAccount
  | DisconnectedLatchAccount

// Shown when the namespace has no account at all (no such namespace configured).
const NONE: DisconnectedLatchAccount = {
  ...createAccountState(),
  status: 'disconnected',
  address: undefined,
  namespace: undefined,
  isConnected: false,
}

function narrow(account: GetAccountReturnType | undefined): UseLatchAccountReturnType {
  if (!account) return NONE
  // The store sets an address in the same update that marks an account connected; an account
  // without one is still on its way and is shown as connecting.
  if (account.status === 'connected' && !account.address)
    return { ...account, status: 'connecting', isConnected: false } as ConnectingLatchAccount
  return account as UseLatchAccountReturnType
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
export function useLatchAccount(parameters: UseLatchAccountParameters = {}): UseLatchAccountReturnType {
  const latch = useLatch(parameters)
  const { namespace } = parameters
  const subscribe = useCallback(
    (onChange: () => void) => watchAccount(latch, { ...(namespace ? { namespace } : {}), onChange }),
    [latch, namespace],
  )
  const get = () => getAccount(latch, namespace ? { namespace } : {})
  // The snapshot stays the store's stable object; narrowing happens on the way out.
  return narrow(useSyncExternalStore(subscribe, get, get))
}
