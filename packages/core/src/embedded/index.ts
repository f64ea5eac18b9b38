// `@latch/core/embedded`: the embedded-wallet session connector and the frame protocol. Nothing
// here is on a page's first load unless the app imports it; the frame client itself is loaded
// with import() when the visitor submits an email or a stored login is restored.

export {
  EmailThrottledError,
  FrameLoadError,
  FrameRequestTimeoutError,
  FrameResponseError,
  InvalidEmailError,
  RpcCallNotAllowedError,
} from '../errors/frame.js'
export * from '../frame/protocol.js'
export {
  EMAIL_LOGIN_COOLDOWN_MS,
  type EmbeddedLoginStep,
  type EmbeddedWalletConnector,
  type EmbeddedWalletOptions,
  embeddedWallet,
} from './embeddedWallet.js'
