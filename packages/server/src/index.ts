export { createServer, defaultRateLimit, type ServerOptions } from './app.js'
export {
  defaultConfigFor,
  featureSetting,
  isFeatureId,
  remoteConfig,
  remoteFeatureIds,
  socialLoginEntries,
  validateFeatureConfig,
} from './features.js'
export { isOriginAllowed, isOriginPattern, localhostPatterns, originMatches } from './origins.js'
export {
  defaultImagesFile,
  defaultWalletsFile,
  loadImages,
  loadWallets,
  parseWallets,
  RegistryDataError,
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
export { defaultSqliteFile, openRepository, type StorageOptions } from './storage/open.js'
export {
  type FeatureId,
  type FeatureSetting,
  featureIds,
  type NewProject,
  type Project,
  type Repository,
  type WalletPage,
  type WalletQuery,
} from './storage/types.js'
