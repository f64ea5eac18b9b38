// The spec §5 check of an EIP-5792 batch.
import type { Call } from '../calls.js'
import { InvalidCallsError, TooManyCallsError } from '../errors/calls.js'

/**
 * The most calls one batch may hold. EIP-5792 sets no limit; wallets do (often 10 to a few
 * dozen), and the kit's own fallback sends each call as a transaction the visitor approves, so a
 * batch beyond this is refused before anything reaches the wallet.
 */
export const MAX_CALLS = 50

const HEX = /^0x[0-9a-fA-F]*$/

/**
 * Spec §5: every call needs a `to` starting with 0x; `data`, when present, starts with 0x (hex
 * bytes); `value`, when present, is a quantity (a non-negative bigint). The batch holds 1 to
 * {@link MAX_CALLS} calls.
 *
 * @throws InvalidCallsError naming the first call at fault, or TooManyCallsError.
 */
export function validateCalls(calls: unknown): readonly Call[] {
  if (!Array.isArray(calls) || calls.length === 0)
    throw new InvalidCallsError({ reason: 'calls must be a non-empty list.' })
  if (calls.length > MAX_CALLS) throw new TooManyCallsError({ count: calls.length, max: MAX_CALLS })
  calls.forEach((call: unknown, index) => {
    if (typeof call !== 'object' || call === null)
      throw new InvalidCallsError({ reason: `call ${index} is not an object.` })
    const { to, data, value } = call as Record<string, unknown>
    if (typeof to !== 'string' || !to.startsWith('0x') || !HEX.test(to))
      throw new InvalidCallsError({ reason: `call ${index} needs a 'to' starting with 0x.` })
    if (data !== undefined && (typeof data !== 'string' || !HEX.test(data) || data.length % 2 !== 0))
      throw new InvalidCallsError({ reason: `call ${index}'s data must be 0x-prefixed hex bytes.` })
    if (value !== undefined && (typeof value !== 'bigint' || value < 0n))
      throw new InvalidCallsError({ reason: `call ${index}'s value must be a quantity (a bigint ≥ 0).` })
  })
  return calls as Call[]
}
