import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { type CallsStatusNotShownError, InvalidCallsError } from '../errors/calls.js'
import { toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace } from '../types.js'
import { callsAdapter, unsupported } from './sendCalls.js'

export interface ShowCallsStatusParameters {
  id: string
  namespace?: ChainNamespace | undefined
}
export type ShowCallsStatusErrorType = CallsStatusNotShownError | BaseError

/**
 * Asks the wallet to show the batch in its own window (`wallet_showCallsStatus`). A batch the
 * kit's fallback sent is unknown to the wallet: that rejects with `CallsStatusNotShownError`.
 *
 * @example
 * await showCallsStatus(latch, { id })
 */
export async function showCallsStatus(latch: Latch, parameters: ShowCallsStatusParameters): Promise<void> {
  const { id } = parameters
  if (typeof id !== 'string' || id.length === 0)
    throw new InvalidCallsError({ reason: 'the batch id is empty.' })
  const adapter = callsAdapter(latch, parameters.namespace)
  if (!adapter.showCallsStatus) throw unsupported('showCallsStatus')
  try {
    await adapter.showCallsStatus({ id })
  } catch (raw) {
    throw toWalletError(raw)
  }
}
