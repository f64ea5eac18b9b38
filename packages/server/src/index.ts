// The library API of @latch/server: what an app that embeds the server (instead of running the
// `latch-server` CLI) needs to open its storage, seed the wallet registry, pick a limit store,
// send mail, set a project's social login client and start the HTTP server, plus the types those take and return. Everything else
// (key ring, feature rules, origin matching, registry loading, the individual limit stores) is
// internal to the package; the frame's origin matcher has its own entry, `./origin-match`.
export type { AccountOptions } from './account/routes.js'
export type { ListedToken } from './account/tokens.js'
export { createServer, defaultRateLimit, type EmbeddedOptions, type ServerOptions } from './app.js'
export { type SetOnrampInput, setOnrampProvider } from './cli/onramp.js'
export { setBundler, setPaymaster, setSponsorship } from './cli/smart-accounts.js'
export { type SetSocialInput, setSocial } from './cli/social.js'
export { type SetSwapInput, setSwapProvider } from './cli/swaps.js'
export { createSmtpMailer, type Mail, type Mailer } from './embedded/mail.js'
export type { EmbeddedLimits } from './embedded/routes.js'
export type { RateLimit } from './http/rate-limit.js'
export { openLimitStore } from './limits/open.js'
export type { LimitCount, LimitStore } from './limits/store.js'
export { type SeedOptions, seedRegistry } from './registry/seed.js'
export type { RegistryWallet } from './registry/types.js'
export type { RpcProxyOptions } from './rpc/options.js'
export type { PostgresTimeouts, SqliteSynchronous } from './storage/driver.js'
export { openRepository, type StorageOptions } from './storage/open.js'
export type {
  FeatureId,
  FeatureSetting,
  NewProject,
  Project,
  ProjectPatch,
  Repository,
  WalletPage,
  WalletQuery,
} from './storage/types.js'
