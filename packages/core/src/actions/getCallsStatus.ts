import type { CallsStatus } from '../calls.js'
import type { Latch } from '../createLatch.js'
import type { BaseError } from '../errors/base.js'
import { CallsStatusNotApprovedError, InvalidCallsError } from '../errors/calls.js'
import { UnauthorizedProviderError, UserRejectedRequestError } from '../errors/rpc.js'
import { findErrorCodes, toWalletError } from '../errors/toWalletError.js'
import type { ChainNamespace } from '../types.js'
import { callsAdapter, unsupported } from './sendCalls.js'

export interface GetCallsStatusParameters {
  /** The id `sendCalls` resolved with. */
  id: string
  namespace?: ChainNamespace | undefined
}
export type GetCallsStatusReturnType = CallsStatus
export type GetCallsStatusErrorType = CallsStatusNotApprovedError | BaseError

const REFUSED: readonly number[] = [UnauthorizedProviderError.code, UserRejectedRequestError.code]

/**
 * The status of a batch `sendCalls` sent: the wallet's answer for a batch it sent, the kit's
 * own (read from the chain) for one its fallback sent call by call. A wallet that refuses to
 * tell gives 'Fetching call status not approved by the wallet.'
 *
 * @example
 * const { status, receipts } = await getCallsStatus(latch, { id })
 */
export async function getCallsStatus(
  latch: Latch,
  parameters: GetCallsStatusParameters,
): Promise<GetCallsStatusReturnType> {
  const { id } = parameters
  if (typeof id !== 'string' || id.length === 0)
    throw new InvalidCallsError({ reason: 'the batch id is empty.' })
  const adapter = callsAdapter(latch, parameters.namespace)
  if (!adapter.getCallsStatus) throw unsupported('getCallsStatus')
  try {
    return await adapter.getCallsStatus({ id })
  } catch (raw) {
    if (findErrorCodes(raw).some((code) => REFUSED.includes(code)))
      throw new CallsStatusNotApprovedError({ cause: raw })
    throw toWalletError(raw)
  }
}
