import { BaseError } from './base.js'

export type InvalidCallsErrorType = InvalidCallsError & { name: 'InvalidCallsError' }
/** A `sendCalls` request that breaks spec §5 (a call without a 0x `to`, non-hex data, …). */
export class InvalidCallsError extends BaseError {
  override name = 'InvalidCallsError' as const
  constructor({ reason }: { reason: string }) {
    super(`Invalid wallet_sendCalls request: ${reason}`)
  }
}

export type TooManyCallsErrorType = TooManyCallsError & { name: 'TooManyCallsError' }
/** A batch over the kit's limit, refused before anything reaches the wallet. */
export class TooManyCallsError extends BaseError {
  override name = 'TooManyCallsError' as const
  readonly max: number
  constructor({ count, max }: { count: number; max: number }) {
    super(`A batch holds at most ${max} calls; this one has ${count}.`)
    this.max = max
  }
}

export type CallsPartlySentErrorType = CallsPartlySentError & { name: 'CallsPartlySentError' }
/**
 * The kit's fallback sent some calls of a batch one by one, then the wallet refused or failed
 * the next: `id` is the batch's id (its status lists the sent calls' receipts), `sent` how many
 * went out, `cause` the wallet's error.
 */
export class CallsPartlySentError extends BaseError {
  override name = 'CallsPartlySentError' as const
  readonly id: string
  readonly sent: number
  readonly total: number
  constructor({ id, sent, total, cause }: { id: string; sent: number; total: number; cause: unknown }) {
    super(`Only ${sent} of ${total} calls were sent; the batch's status lists them.`, { cause })
    this.id = id
    this.sent = sent
    this.total = total
  }
}

export type CallsStatusNotApprovedErrorType = CallsStatusNotApprovedError & {
  name: 'CallsStatusNotApprovedError'
}
/** The wallet (or the session) refused `wallet_getCallsStatus` (spec §8). */
export class CallsStatusNotApprovedError extends BaseError {
  override name = 'CallsStatusNotApprovedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Fetching call status not approved by the wallet.', { cause })
  }
}

export type MissingCapabilitiesAddressErrorType = MissingCapabilitiesAddressError & {
  name: 'MissingCapabilitiesAddressError'
}
/** `getCapabilities` without an address and without a connected account (spec §5, §8). */
export class MissingCapabilitiesAddressError extends BaseError {
  override name = 'MissingCapabilitiesAddressError' as const
  constructor() {
    super('Missing address parameter in `wallet_getCapabilities` request')
  }
}

export type CallsStatusNotShownErrorType = CallsStatusNotShownError & { name: 'CallsStatusNotShownError' }
/** `showCallsStatus` for a batch the kit sent one call at a time: the wallet has no view of it. */
export class CallsStatusNotShownError extends BaseError {
  override name = 'CallsStatusNotShownError' as const
  constructor() {
    super('The wallet did not send this batch itself, so it cannot show it; read it with getCallsStatus.')
  }
}
