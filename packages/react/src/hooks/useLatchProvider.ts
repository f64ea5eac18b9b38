'use client'
import type { ChainNamespace } from '@latch/core'
import { type UseLatchParameters, useLatch } from './useLatch.js'
import { useLatchAccount } from './useLatchAccount.js'

/**
 * The connected wallet's provider for a namespace (an EIP-1193 provider on eip155), or
 * undefined while no wallet is connected there.
 */
export function useLatchProvider<T = unknown>(
  parameters: UseLatchParameters & { namespace?: ChainNamespace | undefined } = {},
): T | undefined {
  const latch = useLatch(parameters)
  const account = useLatchAccount(parameters)
  if (!account?.isConnected || !account.namespace) return undefined
  return latch.adapters.get(account.namespace)?.getProvider() as T | undefined
}
