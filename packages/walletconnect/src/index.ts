export { type CodedError, toCodedError } from './errors.js'
export { buildOptionalNamespaces, type ProposedNamespace, parseCaip10 } from './namespaces.js'
export { type WalletConnectOptions, walletConnect } from './walletConnect.js'
