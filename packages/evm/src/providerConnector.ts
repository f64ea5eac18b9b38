import { createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex, type ProviderConnectInfo } from 'viem'

type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): void
  removeListener(event: string, listener: (...args: never[]) => void): void
}

function toChainId(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('The wallet returned an invalid chain id.')
  return id
}

function toAddresses(value: unknown): Address[] {
  if (!Array.isArray(value)) return []
  const result: Address[] = []
  for (const item of value) {
    try {
      result.push(getAddress(String(item)))
    } catch {
      // A malformed entry is dropped.
    }
  }
  return result
}

/**
 * A wagmi connector around a provider the kit already holds (the eip155 part of a WalletConnect
 * session), so wagmi's state, hooks and actions see the connection. Disconnecting it only
 * detaches wagmi: ending the session is the session owner's job.
 */
export function providerConnector(parameters: {
  id: string
  name: string
  type: string
  icon?: string | undefined
  provider: Eip1193
}) {
  const { provider } = parameters
  return createConnector<Eip1193>((config) => {
    let attached = false
    const onAccountsChanged = (accounts: string[]) => connector.onAccountsChanged(accounts)
    const onChainChanged = (chainId: string) => connector.onChainChanged(chainId)
    const onDisconnect = () => connector.onDisconnect()
    const attach = () => {
      if (attached) return
      attached = true
      provider.on('accountsChanged', onAccountsChanged as never)
      provider.on('chainChanged', onChainChanged as never)
      provider.on('disconnect', onDisconnect as never)
    }
    const detach = () => {
      attached = false
      provider.removeListener('accountsChanged', onAccountsChanged as never)
      provider.removeListener('chainChanged', onChainChanged as never)
      provider.removeListener('disconnect', onDisconnect as never)
    }
    const connector = {
      id: parameters.id,
      name: parameters.name,
      type: parameters.type,
      icon: parameters.icon,
      async connect({ chainId }: { chainId?: number | undefined } = {}) {
        const accounts = toAddresses(await provider.request({ method: 'eth_requestAccounts' }))
        let current = toChainId(await provider.request({ method: 'eth_chainId' }))
        if (chainId !== undefined && chainId !== current) {
          await provider.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(chainId) }],
          })
          current = chainId
        }
        attach()
        return { accounts, chainId: current } as never
      },
      async disconnect() {
        detach()
      },
      async getAccounts() {
        return toAddresses(await provider.request({ method: 'eth_accounts' }))
      },
      async getChainId() {
        return toChainId(await provider.request({ method: 'eth_chainId' }))
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        return (await this.getAccounts()).length > 0
      },
      async switchChain({ chainId }: { chainId: number }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new Error(`Chain ${chainId} is not configured.`)
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        return chain
      },
      onAccountsChanged(accounts: string[]) {
        const next = toAddresses(accounts)
        if (next.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: next })
      },
      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: toChainId(chainId) })
      },
      onConnect(info: ProviderConnectInfo) {
        config.emitter.emit('connect', { accounts: [], chainId: toChainId(info.chainId) })
      },
      onDisconnect() {
        detach()
        config.emitter.emit('disconnect')
      },
    }
    return connector
  })
}
