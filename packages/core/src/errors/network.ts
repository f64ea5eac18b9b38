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

export type CaipNetworkNotFoundErrorType = CaipNetworkNotFoundError & { name: 'CaipNetworkNotFoundError' }
export class CaipNetworkNotFoundError extends BaseError {
  override name = 'CaipNetworkNotFoundError' as const
  constructor({ caipNetworkId }: { caipNetworkId?: string | undefined } = {}) {
    super('CaipNetwork not found', {
      metaMessages: caipNetworkId ? [`Network: ${caipNetworkId}`] : undefined,
    })
  }
}

export type ChainRequiredErrorType = ChainRequiredError & { name: 'ChainRequiredError' }
/** A per-namespace state update was asked for without naming the namespace. */
export class ChainRequiredError extends BaseError {
  override name = 'ChainRequiredError' as const
  constructor({ operation }: { operation: 'update chain account data' | 'set account prop' }) {
    super(`Chain is required to ${operation}`)
  }
}

export type NoActiveCaipNetworkErrorType = NoActiveCaipNetworkError & { name: 'NoActiveCaipNetworkError' }
export class NoActiveCaipNetworkError extends BaseError {
  override name = 'NoActiveCaipNetworkError' as const
  constructor() {
    super('No ActiveCaipNetwork or client found')
  }
}

export type CaipNetworkOrAddressUndefinedErrorType = CaipNetworkOrAddressUndefinedError & {
  name: 'CaipNetworkOrAddressUndefinedError'
}
export class CaipNetworkOrAddressUndefinedError extends BaseError {
  override name = 'CaipNetworkOrAddressUndefinedError' as const
  constructor() {
    super('CaipNetwork or CaipAddress is undefined')
  }
}

export type SwitchChainNotApprovedErrorType = SwitchChainNotApprovedError & {
  name: 'SwitchChainNotApprovedError'
}
export class SwitchChainNotApprovedError extends BaseError {
  override name = 'SwitchChainNotApprovedError' as const
  constructor({ chainId, cause }: { chainId: number | string; cause?: unknown }) {
    super(
      `Failed to switch to chain ${String(chainId)}. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.`,
      { cause },
    )
  }
}

export type RpcProviderNotFoundErrorType = RpcProviderNotFoundError & { name: 'RpcProviderNotFoundError' }
export class RpcProviderNotFoundError extends BaseError {
  override name = 'RpcProviderNotFoundError' as const
  constructor({ chain }: { chain: string }) {
    super(`JSON-RPC provider for ${chain} not found`)
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
