import type { Wallet } from '../handlers/handler.js'
import type { Smart } from './smartAccount.js'

/**
 * The wallet's smart account, its code loaded with import() on the first request that needs it
 * (the EOA's requests never do); a failed load is tried again by the next request.
 */
export function lazySmart(wallet: () => Wallet): () => Promise<Smart> {
  let smart: Promise<Smart> | undefined
  return () => {
    smart ??= import('./smartAccount.js')
      .then(({ createSmart }) => createSmart(wallet()))
      .catch((error: unknown) => {
        smart = undefined
        throw error
      })
    return smart
  }
}
