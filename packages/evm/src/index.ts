export { toLatchConnector } from './connectors.js'
export { type CodedError, toCodedError } from './errors.js'
export { type EvmAdapter, type EvmAdapterOptions, evmAdapter } from './evmAdapter.js'
export {
  type ToCaipNetworkOptions,
  toAddEthereumChainParameter,
  toCaipNetwork,
  toEvmChainId,
} from './network.js'
export {
  formatSiweMessage,
  isRfc3339DateTime,
  SiweMessageFieldError,
  type SiweMessageFields,
} from './siwe.js'
export {
  getServerSessionToken,
  type LocalSiwxOptions,
  localSiwx,
  type ServerSiwxOptions,
  type SiwxBaseOptions,
  serverSiwx,
} from './siwxSessions.js'
