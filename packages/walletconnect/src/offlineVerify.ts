/**
 * A stand-in for the WalletConnect core's Verify API that never leaves the machine. In a
 * browser the stock one loads an iframe from the verify host for every proposal and request and
 * waits up to five seconds for it; offline that wait is all it does. Registering nothing sends
 * the message without an attestation, which wallets treat as "unknown" origin.
 */
export function createOfflineVerify(core: unknown): unknown {
  const { logger, storage } = (core ?? {}) as { logger?: unknown; storage?: unknown }
  return {
    core,
    logger,
    store: storage,
    context: 'offline-verify',
    async register() {
      return undefined
    },
    async resolve() {
      return undefined
    },
  }
}
