import type { Call, WalletCapabilities } from '../calls.js'
import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { CallsPartlySentError, type InvalidCallsError, type TooManyCallsError } from '../errors/calls.js'
import { InvalidWalletResponseError, NoActiveCaipAddressError } from '../errors/connection.js'
import { UnsupportedChainIdError } from '../errors/network.js'
import { UnsupportedProviderMethodError } from '../errors/rpc.js'
import { toWalletError } from '../errors/toWalletError.js'
import { validateCalls } from '../rules/calls.js'
import type { ChainAdapter, ChainNamespace } from '../types.js'
import { getAdapter, resolveNamespace } from './_shared.js'

export interface SendCallsParameters {
  calls: readonly Call[]
  /**
   * All calls or none (EIP-5792 `atomicRequired`). A wallet that cannot run the batch atomically
   * on the chain refuses it (`CallsError` 5760) and nothing is sent one by one.
   */
  forceAtomic?: boolean | undefined
  capabilities?: WalletCapabilities | undefined
  /** The app's own id for the batch, passed to a wallet that sends it. */
  id?: string | undefined
  namespace?: ChainNamespace | undefined
}
export interface SendCallsReturnType {
  id: string
  capabilities?: WalletCapabilities | undefined
}
export type SendCallsErrorType =
  | InvalidCallsError
  | TooManyCallsError
  | CallsPartlySentError
  | NoActiveCaipAddressError
  | BaseError

// An EIP-5792 id is at most 4096 bytes.
const MAX_ID_LENGTH = 4096

/** The namespace's adapter (the active namespace's by default). */
export function callsAdapter(latch: Latch, namespace: ChainNamespace | undefined): ChainAdapter {
  return getAdapter(latch, resolveNamespace(latch, namespace))
}

/** What an action gets from a namespace whose adapter does not send batches. */
export function unsupported(method: string): UnsupportedProviderMethodError {
  return new UnsupportedProviderMethodError({ details: `The namespace's adapter has no ${method}.` })
}

/**
 * Sends a batch of calls on the current network (EIP-5792). The wallet's own `wallet_sendCalls`
 * sends it when the wallet has it; otherwise the EVM adapter sends each call as its own
 * transaction, in order, under one batch id whose status `getCallsStatus` reports. The calls are
 * checked first (spec §5) and a batch over `MAX_CALLS` is refused.
 *
 * @example
 * const { id } = await sendCalls(latch, { calls: [{ to: a, value: 1n }, { to: b, value: 2n }] })
 */
export async function sendCalls(latch: Latch, parameters: SendCallsParameters): Promise<SendCallsReturnType> {
  const calls = validateCalls(parameters.calls)
  const adapter = callsAdapter(latch, parameters.namespace)
  const ns = latch.store.getState().namespaces[adapter.namespace]
  const caipNetwork = ns?.network.caipNetwork
  if (ns?.account.status !== 'connected' || !ns.account.address || !caipNetwork)
    throw new NoActiveCaipAddressError()
  if (ns.network.unsupported) throw new UnsupportedChainIdError()
  if (!adapter.sendCalls) throw unsupported('sendCalls')
  let result: SendCallsReturnType
  try {
    result = await adapter.sendCalls({
      calls,
      address: ns.account.address,
      caipNetwork,
      forceAtomic: parameters.forceAtomic === true,
      capabilities: parameters.capabilities,
      id: parameters.id,
    })
  } catch (raw) {
    // Already the kit's own report of a half-sent batch: its cause's code must not replace it.
    if (raw instanceof CallsPartlySentError) throw raw
    throw toWalletError(raw)
  }
  if (typeof result?.id !== 'string' || result.id.length === 0 || result.id.length > MAX_ID_LENGTH)
    throw new InvalidWalletResponseError({ what: 'batch id' })
  return result
}
