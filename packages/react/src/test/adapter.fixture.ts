import type { ChainAdapter } from '@latch/core'

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
