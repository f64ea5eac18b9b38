import { BaseError, UserRejectedRequestError } from '@latch/core'

export type WalletTimeoutErrorType = WalletTimeoutError & { name: 'WalletTimeoutError' }
/** The wallet did not answer a request in time (its window closed unseen, or it hangs). */
export class WalletTimeoutError extends BaseError {
  override name = 'WalletTimeoutError' as const
  readonly method: string
  constructor({ method, timeoutMs }: { method: string; timeoutMs: number }) {
    super('The wallet did not answer in time.', {
      details: `No answer to ${method} within ${Math.round(timeoutMs / 1000)} s.`,
    })
    this.method = method
  }
}

/**
 * The wallet's answer, or a {@link WalletTimeoutError} once `timeoutMs` have passed. Keplr-style
 * wallets reject a declined prompt with a plain `Error('Request rejected')`, no code: that is
 * the kit's `UserRejectedRequestError`.
 */
export function withTimeout<T>(promise: Promise<T>, method: string, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletTimeoutError({ method, timeoutMs })), timeoutMs)
  })
  return Promise.race([
    Promise.resolve(promise).catch((error: unknown) => {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
      if (code === undefined && typeof message === 'string' && /\brejected\b/i.test(message))
        throw new UserRejectedRequestError({ cause: error })
      throw error
    }),
    timeout,
  ]).finally(() => clearTimeout(timer))
}
