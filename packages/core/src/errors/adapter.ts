import { BaseError } from './base.js'

export type ChainAdapterNotFoundErrorType = ChainAdapterNotFoundError & { name: 'ChainAdapterNotFoundError' }
export class ChainAdapterNotFoundError extends BaseError {
  override name = 'ChainAdapterNotFoundError' as const
  constructor({ namespace }: { namespace?: string | undefined } = {}) {
    super('Chain adapter not found', { metaMessages: namespace ? [`Namespace: ${namespace}`] : undefined })
  }
}

export type AdapterForNamespaceNotFoundErrorType = AdapterForNamespaceNotFoundError & {
  name: 'AdapterForNamespaceNotFoundError'
}
/** A namespace is named (a network of it, an account on it) but the app gave no adapter for it. */
export class AdapterForNamespaceNotFoundError extends BaseError {
  override name = 'AdapterForNamespaceNotFoundError' as const
  constructor({ namespace }: { namespace: string }) {
    super(`Adapter for namespace ${namespace} doesn't exist`)
  }
}

export type AdapterOrConnectorNotFoundErrorType = AdapterOrConnectorNotFoundError & {
  name: 'AdapterOrConnectorNotFoundError'
}
export class AdapterOrConnectorNotFoundError extends BaseError {
  override name = 'AdapterOrConnectorNotFoundError' as const
  constructor({ namespace }: { namespace: string }) {
    super(`Adapter or connector not found for namespace ${namespace}`)
  }
}
