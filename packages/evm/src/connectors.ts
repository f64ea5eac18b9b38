import type { Connector } from '@latch/core'
import type { Connector as WagmiConnector } from '@wagmi/core'

const REVERSE_DNS = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i

function safeIcon(icon: unknown): string | undefined {
  // Icons reach an <img src>; only inline images and https are acceptable sources.
  if (typeof icon !== 'string') return undefined
  return icon.startsWith('data:image/') || icon.startsWith('https://') ? icon : undefined
}

function hasWindowEthereum(): boolean {
  return typeof window !== 'undefined' && (window as { ethereum?: unknown }).ethereum != null
}

/**
 * Describes a wagmi connector as a Latch connector. wagmi turns each EIP-6963 announcement into an
 * `injected` connector whose id is the wallet's rdns; the generic one is id `injected`.
 */
export function toLatchConnector(connector: WagmiConnector): Connector {
  const rdns = typeof connector.rdns === 'string' ? connector.rdns : connector.rdns?.[0]
  const base = { id: connector.id, chain: 'eip155', imageUrl: safeIcon(connector.icon) } as const
  if (connector.type === 'injected') {
    if (connector.id === 'injected')
      return { ...base, type: 'INJECTED', name: 'Browser Wallet', installed: hasWindowEthereum() }
    if (REVERSE_DNS.test(connector.id))
      return { ...base, type: 'ANNOUNCED', name: connector.name, rdns: rdns ?? connector.id, installed: true }
    return { ...base, type: 'INJECTED', name: connector.name, rdns, installed: hasWindowEthereum() }
  }
  if (connector.type === 'walletConnect')
    return { ...base, type: 'WALLET_CONNECT', name: connector.name, rdns }
  return { ...base, type: 'EXTERNAL', name: connector.name, rdns }
}
