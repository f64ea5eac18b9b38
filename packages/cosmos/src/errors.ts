import { UserRejectedRequestError } from '@latch/core'
import { withTimeout } from '@latch/core/internal'

/**
 * A request to a Keplr-style wallet: its answer, the kit's `UserRejectedRequestError` when it
 * declines (such wallets reject a declined prompt with a plain `Error('Request rejected')`, no
 * code), or a `WalletTimeoutError` once `timeoutMs` have passed.
 */
export function ask<T>(promise: Promise<T>, method: string, timeoutMs: number): Promise<T> {
  const declined = Promise.resolve(promise).catch((error: unknown) => {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
    if (code === undefined && typeof message === 'string' && /\brejected\b/i.test(message))
      throw new UserRejectedRequestError({ cause: error })
    throw error
  })
  return withTimeout(declined, method, timeoutMs)
}
