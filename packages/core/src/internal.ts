// Everything the core's rule modules export; the package index re-exports from here.
export {
  API_TIMEOUT_MS,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type QueryValue,
  type RequestOptions,
} from './api/http.js'
export { SDK_TYPE, SDK_VERSION } from './api/version.js'
export * from './caip.js'
export * from './constants.js'
export * from './errors/index.js'
export * from './events.js'
export * from './options.js'
export { filterLinkedWallets, filterMobileWallets, withoutInstalled } from './registry/filters.js'
export { logoIconOf, NETWORK_LOGO_ICONS, WALLET_LOGO_ICONS } from './registry/logoIcons.js'
export { querySnapshot, type WalletPage, type WalletQuery } from './registry/query.js'
export { parseRemoteFeatures, REMOTE_FEATURES_OFF } from './registry/remoteConfig.js'
export * from './rules/account.js'
export * from './rules/balance.js'
export * from './rules/connectors.js'
export * from './rules/disconnect.js'
export * from './rules/loginOrigin.js'
export * from './rules/network.js'
export * from './rules/openModal.js'
export * from './rules/platform.js'
export * from './rules/router.js'
export * from './rules/walletConnect.js'
export * from './schema/index.js'
export {
  formatSiwsMessage,
  parseSiwsMessage,
  SIWS_CLUSTERS,
  type SiwsMessageFields,
  siwsCaip2,
  siwsChainId,
} from './siwx/siws.js'
export * from './storage.js'
