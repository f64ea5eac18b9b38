import { BaseError } from './base.js'

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
 * The wallet's answer to `method`, or a {@link WalletTimeoutError} once `timeoutMs` have passed.
 * The chain packages put every request to a wallet through it.
 */
export function withTimeout<T>(promise: Promise<T>, method: string, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletTimeoutError({ method, timeoutMs })), timeoutMs)
  })
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer))
}
