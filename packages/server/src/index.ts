export {
  createServer,
  defaultRateLimit,
  type EmbeddedOptions,
  redactedLogPaths,
  type ServerOptions,
} from './app.js'
export { frameContentSecurityPolicy } from './embedded/frame.js'
export { KeyConfigError, type KeyPurpose, KeyRing, keyPurposes } from './embedded/keys.js'
export { createSmtpMailer, type Mail, type Mailer } from './embedded/mail.js'
export {
  defaultEmbeddedLimits,
  type EmbeddedLimits,
  embeddedTokenType,
  isValidEmail,
} from './embedded/routes.js'
export {
  defaultConfigFor,
  featureSetting,
  isFeatureId,
  remoteConfig,
  remoteFeatureIds,
  socialLoginEntries,
  validateFeatureConfig,
} from './features.js'
export { defaultProjectCacheMs } from './http/project.js'
export type { RateLimit } from './http/rate-limit.js'
export { openLimitStore } from './limits/open.js'
export { createPostgresLimitStore, openPostgresLimitStore } from './limits/postgres.js'
export { openRedisLimitStore } from './limits/redis.js'
export { createMemoryLimitStore, type LimitCount, type LimitStore } from './limits/store.js'
export {
  isOriginAllowed,
  isOriginPattern,
  localhostPatterns,
  originMatches,
  originPatternProblem,
} from './origins.js'
export {
  defaultImagesFile,
  defaultWalletsFile,
  loadImages,
  loadWallets,
  parseWallets,
  RegistryDataError,
  walletAppSchemes,
} from './registry/dataset.js'
export { colourOf, initialsOf, renderInitialsSvg } from './registry/image.js'
export { type SeedOptions, seedRegistry } from './registry/seed.js'
export {
  type ChainNamespace,
  chainNamespaces,
  type ImageKind,
  imageKinds,
  type RegistryWallet,
  type StoredImage,
} from './registry/types.js'
export {
  defaultPostgresTimeouts,
  type PostgresTimeouts,
  type SqliteSynchronous,
} from './storage/driver.js'
export { defaultSqliteFile, openRepository, type StorageOptions } from './storage/open.js'
export {
  type FeatureId,
  type FeatureSetting,
  featureIds,
  type NewProject,
  type Project,
  type ProjectPatch,
  type Repository,
  type WalletPage,
  type WalletQuery,
} from './storage/types.js'
