export { type CodedError, toCodedError } from './errors.js'
export { buildOptionalNamespaces, type ProposedNamespace, parseCaip10 } from './namespaces.js'
export type { SessionNamespaceProvider } from './sessionNamespace.js'
export {
  type WalletConnectOptions,
  type WalletConnectSessionConnector,
  walletConnect,
} from './walletConnect.js'
