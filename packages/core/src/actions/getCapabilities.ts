import type { WalletCapabilities } from '../calls.js'
import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { MissingCapabilitiesAddressError } from '../errors/calls.js'
import { toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace } from '../types.js'
import { callsAdapter, unsupported } from './sendCalls.js'

export interface GetCapabilitiesParameters {
  /** The account to ask about; the connected account by default. */
  address?: string | undefined
  /** Only these chains (all the wallet reports by default). */
  chainIds?: readonly number[] | undefined
  namespace?: ChainNamespace | undefined
}
/** Capabilities per chain id (`atomic`, `paymasterService`, …), as viem's `getCapabilities`. */
export type GetCapabilitiesReturnType = Record<number, WalletCapabilities>
export type GetCapabilitiesErrorType = MissingCapabilitiesAddressError | BaseError

/**
 * What the wallet can do per chain (EIP-5792 `wallet_getCapabilities`). A wallet without
 * EIP-5792 is reported with `atomic: { status: 'unsupported' }`: the kit's fallback sends its
 * batches one call at a time.
 *
 * @example
 * const capabilities = await getCapabilities(latch)
 * const atomic = capabilities[1]?.atomic
 */
export async function getCapabilities(
  latch: Latch,
  parameters: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  const adapter = callsAdapter(latch, parameters.namespace)
  const account = latch.store.getState().namespaces[adapter.namespace]?.account
  const address = parameters.address ?? (account?.status === 'connected' ? account.address : undefined)
  if (typeof address !== 'string' || address.length === 0) throw new MissingCapabilitiesAddressError()
  if (!adapter.getCapabilities) throw unsupported('getCapabilities')
  try {
    return await adapter.getCapabilities({ address, chainIds: parameters.chainIds })
  } catch (raw) {
    throw toWalletError(raw)
  }
}
