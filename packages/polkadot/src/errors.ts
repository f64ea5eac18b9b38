import { UserRejectedRequestError } from '@latch/core'
import { withTimeout } from '@latch/core/internal'

/**
 * A wallet's refusal as the kit's rejection: extensions reject with an Error whose message says so
 * ('Cancelled' in Polkadot.js and Talisman, 'Rejected by user' elsewhere), WalletConnect wallets
 * with code 4001 or 5000.
 */
export function asRejection(error: unknown): unknown {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const code = (error as { code?: unknown } | null)?.code
  // Over WalletConnect: EIP-1193's 4001, or WalletConnect's 5000 (user rejected).
  if (code === 4001 || code === 5000) return new UserRejectedRequestError({ cause: error })
  return /^(cancell?ed|rejected|rejected by (the )?user|user rejected.*)\.?$/i.test(message.trim())
    ? new UserRejectedRequestError({ cause: error })
    : error
}

/** An extension request: its answer, the kit's rejection when refused, or a timeout. */
export function ask<T>(promise: Promise<T>, method: string, timeoutMs: number): Promise<T> {
  return withTimeout(promise, method, timeoutMs).catch((error: unknown) => {
    throw asRejection(error)
  })
}
