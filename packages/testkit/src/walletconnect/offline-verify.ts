import type { ICore, IVerify } from '@walletconnect/types'

/**
 * A stand-in for the core's Verify API that never leaves the machine.
 *
 * The stock one, in a browser, loads an iframe from the WalletConnect verify host for every
 * proposal and waits up to five seconds for it; in a wallet it fetches attestations and a public
 * key from that host. Offline, both only cost time. `register` resolving to `undefined` sends the
 * proposal without an attestation, and `resolve` resolving to `undefined` leaves the wallet's
 * verify context at "UNKNOWN", which is the truthful answer for a local test.
 *
 * `core.verify` is a public, assignable member of `ICore`, so this swaps a component through the
 * library's own interface rather than patching its code.
 */
export function createOfflineVerify(core: ICore): IVerify {
  const verify = {
    core,
    logger: core.logger,
    store: core.storage,
    context: 'offline-verify',
    async register(): Promise<string | undefined> {
      return undefined
    },
    async resolve(): Promise<undefined> {
      return undefined
    },
  }
  // The declared return type of `resolve` omits `undefined`, though the sign client handles it.
  return verify as unknown as IVerify
}
