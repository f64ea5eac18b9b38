import { announceWallet } from './announce.js'
import { createTestWallet } from './createTestWallet.js'
import {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  type SolanaTestWalletControls,
  type SolanaTestWalletOptions,
} from './solanaWallet.js'
import type { TestWalletControls, TestWalletOptions, TestWalletProvider } from './types.js'

/** Options of {@link installTestWallet}: the wallet's, plus how it shows itself to the page. */
export interface InstallTestWalletOptions extends TestWalletOptions {
  /** Also expose the provider as `window.ethereum` (off by default: EIP-6963 is the way in). */
  setWindowEthereum?: boolean | undefined
  /** Also register the wallet's Solana side (Wallet Standard), under the same name and icon. */
  solana?: Omit<SolanaTestWalletOptions, 'storage' | 'name'> | undefined
}

/** The global the installed wallet's controls live on. */
export const TEST_WALLET_GLOBAL = '__latchTestWallet'

declare global {
  interface Window {
    __latchTestWallet?: TestWalletControls & { provider: TestWalletProvider }
    __latchSolanaTestWallet?: SolanaTestWalletControls
  }
}

/**
 * Creates the test wallet in this page, announces it (EIP-6963) and exposes its controls on
 * `window.__latchTestWallet`. This is what the Playwright init script runs.
 */
export function installTestWallet(options: InstallTestWalletOptions): TestWalletControls {
  const { provider, controls, info } = createTestWallet(options)
  announceWallet(provider, info, window)
  window.__latchTestWallet = Object.freeze({ ...controls, provider })
  if (options.solana) {
    const solana = createSolanaTestWallet({ ...options.solana, name: info.name })
    registerSolanaTestWallet(solana.wallet)
    window.__latchSolanaTestWallet = Object.freeze({ ...solana.controls })
  }
  if (options.setWindowEthereum)
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true })
  return controls
}
