import { env } from './env.js'

declare global {
  interface Window {
    __latchDemoWallet?: Awaited<
      ReturnType<typeof import('@latch/testkit/wallet')['createTestWallet']>
    >['controls']
    __latchDemoSolanaWallet?: ReturnType<
      typeof import('@latch/testkit/wallet')['createSolanaTestWallet']
    >['controls']
  }
}

type Controls = NonNullable<Window['__latchDemoWallet']>
const listeners = new Set<() => void>()

/** The Dev Wallet's controls once it has started (for useSyncExternalStore). */
export function getDevWallet(): Controls | undefined {
  return typeof window === 'undefined' ? undefined : window.__latchDemoWallet
}

export function watchDevWallet(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Offers the Latch Dev Wallet: a test wallet holding funded keys of the local chains, so a
 * visitor without a browser wallet can click through every flow. One wallet, both namespaces:
 * EIP-6963 (rdns dev.latch.wallet) for Ethereum and Base, Wallet Standard ("Latch Dev Wallet")
 * for the local Solana chain. Skipped when a test has injected its own test wallet.
 */
export async function startDevWallet(): Promise<void> {
  if (!env.devWallet || window.__latchTestWallet) return
  const {
    createTestWallet,
    announceWallet,
    TEST_ACCOUNTS,
    createSolanaTestWallet,
    registerSolanaTestWallet,
    SOLANA_TEST_SEEDS,
  } = await import('@latch/testkit/wallet')
  const { provider, controls, info } = createTestWallet({
    privateKeys: TEST_ACCOUNTS.slice(0, 3).map((a) => a.privateKey),
    chains: [
      {
        id: 1,
        name: 'Ethereum',
        rpcUrl: env.rpcMainnet,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
      {
        id: 8453,
        name: 'Base',
        rpcUrl: env.rpcBase,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    initialChainId: 1,
  })
  announceWallet(provider, info)
  window.__latchDemoWallet = controls
  const solana = createSolanaTestWallet({
    seeds: SOLANA_TEST_SEEDS.slice(0, 2),
    rpcUrls: { 'solana:localnet': env.rpcSolana },
    name: info.name,
  })
  registerSolanaTestWallet(solana.wallet)
  window.__latchDemoSolanaWallet = solana.controls
  for (const listener of listeners) listener()
}
