import { BaseError } from './base.js'

export type SwitchNetworkNotFoundErrorType = SwitchNetworkNotFoundError & {
  name: 'SwitchNetworkNotFoundError'
}
/** Switching to a chain id that is not among the configured networks. */
export class SwitchNetworkNotFoundError extends BaseError {
  override name = 'SwitchNetworkNotFoundError' as const
  constructor({ chainId }: { chainId?: number | string | undefined } = {}) {
    super('switch network not found', {
      metaMessages: chainId === undefined ? undefined : [`Requested chain: ${String(chainId)}`],
    })
  }
}

export type ChainNotSupportedErrorType = ChainNotSupportedError & { name: 'ChainNotSupportedError' }
export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError' as const
  constructor({ chain }: { chain?: string | undefined } = {}) {
    super('Chain is not supported', { metaMessages: chain ? [`Chain: ${chain}`] : undefined })
  }
}

export type RpcEndpointChainMismatchErrorType = RpcEndpointChainMismatchError & {
  name: 'RpcEndpointChainMismatchError'
}
/**
 * The RPC endpoint a network is read through serves another chain (the project's node for that
 * chain id points at the wrong chain): its answers are not used.
 */
export class RpcEndpointChainMismatchError extends BaseError {
  override name = 'RpcEndpointChainMismatchError' as const
  constructor({ caipNetworkId, served, url }: { caipNetworkId: string; served: string; url: string }) {
    super(`The RPC endpoint for ${caipNetworkId} serves another chain (${served})`, {
      metaMessages: [`URL: ${url}`],
    })
  }
}

export type NoRpcUrlErrorType = NoRpcUrlError & { name: 'NoRpcUrlError' }
export class NoRpcUrlError extends BaseError {
  override name = 'NoRpcUrlError' as const
  constructor({ chainId }: { chainId: number | string }) {
    super(`No RPC url provided for chainId: ${String(chainId)}`)
  }
}

export type UnsupportedChainIdErrorType = UnsupportedChainIdError & { name: 'UnsupportedChainIdError' }
/** The wallet is on a chain the app did not configure. */
export class UnsupportedChainIdError extends BaseError {
  override name = 'UnsupportedChainIdError' as const
  readonly chainId: number | string | undefined
  constructor({ chainId }: { chainId?: number | string | undefined } = {}) {
    super('Chain is not supported', {
      metaMessages: chainId === undefined ? undefined : [`Wallet chain: ${String(chainId)}`],
    })
    this.chainId = chainId
  }
}
