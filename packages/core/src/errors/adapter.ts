import { BaseError } from './base.js'

export type ChainAdapterNotFoundErrorType = ChainAdapterNotFoundError & { name: 'ChainAdapterNotFoundError' }
export class ChainAdapterNotFoundError extends BaseError {
  override name = 'ChainAdapterNotFoundError' as const
  constructor({ namespace }: { namespace?: string | undefined } = {}) {
    super('Chain adapter not found', { metaMessages: namespace ? [`Namespace: ${namespace}`] : undefined })
  }
}

export type AdapterNotFoundErrorType = AdapterNotFoundError & { name: 'AdapterNotFoundError' }
export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError' as const
  constructor() {
    super('Adapter not found')
  }
}

export type NamespaceAdapterMissingErrorType = NamespaceAdapterMissingError & {
  name: 'NamespaceAdapterMissingError'
}
/** Adding or removing a network needs an adapter for its namespace. */
export class NamespaceAdapterMissingError extends BaseError {
  override name = 'NamespaceAdapterMissingError' as const
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

type ClientKind = 'NetworkController' | 'ConnectionController' | 'both' | 'connection-missing'
const clientMessages: Record<ClientKind, string> = {
  NetworkController: 'NetworkController client not set',
  ConnectionController: 'ConnectionController client not set',
  both: 'ConnectionControllerClient and NetworkControllerClient must be set',
  'connection-missing': 'No ConnectionController client found',
}

export type ClientNotSetErrorType = ClientNotSetError & { name: 'ClientNotSetError' }
/** An action ran before the instance wired its network or connection client. */
export class ClientNotSetError extends BaseError {
  override name = 'ClientNotSetError' as const
  constructor({ client }: { client: ClientKind }) {
    super(clientMessages[client])
  }
}

export type ProviderUndefinedErrorType = ProviderUndefinedError & { name: 'ProviderUndefinedError' }
export class ProviderUndefinedError extends BaseError {
  override name = 'ProviderUndefinedError' as const
  constructor({ operation = 'UniversalAdapter:signMessage' }: { operation?: string } = {}) {
    super(`${operation} - provider is undefined`)
  }
}
