// `@latch/core/embedded`: the embedded-wallet session connector. Nothing
// here is on a page's first load unless the app imports it; the frame client itself is loaded
// with import() when the visitor submits an email or a stored login is restored.

// The frame protocol and its errors are not re-exported here: the errors are in the package
// index with the other error classes, and the protocol is the frame's and the client's own.
/** @public */
export type {
  EmbeddedEmailUpdateStep,
  EmbeddedLoginStep,
  EmbeddedWalletCapability,
  FlowError,
  SessionCapabilities,
} from './capability.js'
/** @public */
export {
  EMAIL_LOGIN_COOLDOWN_MS,
  type EmbeddedWalletConnector,
  type EmbeddedWalletOptions,
  embeddedWallet,
} from './embeddedWallet.js'
