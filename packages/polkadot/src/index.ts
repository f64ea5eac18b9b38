export { WalletTimeoutError, type WalletTimeoutErrorType } from '@latch/core'
export {
  caipReferenceOf,
  POLKADOT_CHAINS,
  type PolkadotChain,
  type PolkadotChainName,
  polkadotChainOf,
  polkadotNetwork,
} from './network.js'
export type { PolkadotSignerPayload } from './payload.js'
export {
  type PolkadotAdapter,
  type PolkadotAdapterOptions,
  polkadotAdapter,
  type SignPayloadReturnType,
} from './polkadotAdapter.js'
