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
  /**
   * When the wallet announces itself (EIP-6963), in milliseconds after it is installed (before
   * the page's own scripts run). Until then it does not answer `eip6963:requestProvider`
   * either, like an extension or in-app browser that injects late. Default 0 (at once).
   */
  announceDelayMs?: number | undefined
  /**
   * Never announce: the wallet exists (its stored authorization and `requests()` included) but
   * the page never learns of it, like an uninstalled or disabled extension.
   */
  neverAnnounce?: boolean | undefined
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

function announceDelay(options: InstallTestWalletOptions): number {
  const delay = options.announceDelayMs ?? 0
  if (!Number.isFinite(delay) || delay < 0)
    throw new Error(`announceDelayMs must be a non-negative number of milliseconds, got ${String(delay)}.`)
  return delay
}

/**
 * Creates the test wallet in this page, announces it (EIP-6963; later or never with
 * `announceDelayMs` / `neverAnnounce`) and exposes its controls on `window.__latchTestWallet`.
 * This is what the Playwright init script runs.
 */
export function installTestWallet(options: InstallTestWalletOptions): TestWalletControls {
  const delay = announceDelay(options)
  const { provider, controls, info } = createTestWallet(options)
  if (!options.neverAnnounce) {
    if (delay === 0) announceWallet(provider, info, window)
    else setTimeout(() => announceWallet(provider, info, window), delay)
  }
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
