// `@latch/react/compat/appkit`: AppKit's `createAppKit` (its option names, with one warning for
// those Latch does not have) and its `useAppKit` / `useAppKitAccount` / `useAppKitNetwork` hooks,
// over Latch's public API. An entry of its own: an app that does not import it loads none of it.
export {
  type AppKitCustomWallet,
  type CreateAppKitOptions,
  createAppKit,
} from './appkit/createAppKit.js'
export { useAppKit, useAppKitAccount, useAppKitNetwork } from './appkit/hooks.js'
