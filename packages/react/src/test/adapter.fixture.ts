import type { ChainAdapter } from '@latch/core'

/** Ethereum as the views' tests configure it (a local RPC URL nothing answers). */
export const testMainnet = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as const

const actions = [
  'connect',
  'reconnect',
  'disconnect',
  'switchNetwork',
  'signMessage',
  'sendTransaction',
  'getBalance',
  'getProvider',
] as const

/**
 * An EVM adapter for the Account views' tests: no wallets, and every action rejects naming itself
 * unless the test gives its own in `own`.
 */
export function testAdapter(networks: readonly unknown[], own: Record<string, unknown> = {}): ChainAdapter {
  return {
    namespace: 'eip155',
    networks,
    setup: () => () => {},
    getConnectors: () => [],
    ...Object.fromEntries(
      actions.map((name) => [name, () => Promise.reject(new Error(`${name} is not part of this test`))]),
    ),
    ...own,
  } as unknown as ChainAdapter
}
