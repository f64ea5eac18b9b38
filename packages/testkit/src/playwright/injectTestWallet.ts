import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { SwitchDeclineShape } from '../wallet/errors.js'
import type { InstallTestWalletOptions } from '../wallet/install.js'
import type { Approval } from '../wallet/types.js'

/** Options of {@link injectTestWallet}: serializable wallet options (storage is the page's own). */
export type InjectTestWalletOptions = Omit<InstallTestWalletOptions, 'storage'>

/** Drives the test wallet inside a page from the test. Every method runs in the page. */
export interface TestWalletHandle {
  setApproval(approval: Approval): Promise<void>
  rejectNext(n?: number): Promise<void>
  failNextSwitch(code: number): Promise<void>
  declineNextSwitch(shape?: SwitchDeclineShape): Promise<void>
  setAccount(index: number): Promise<void>
  setContractAccount(address: `0x${string}` | undefined): Promise<void>
  changeChain(chainId: number): Promise<void>
  disconnect(): Promise<void>
  requests(): Promise<string[]>
  forgetChain(chainId: number): Promise<void>
  /** The wallet's Solana side (installed with the `solana` option). */
  solana: {
    setApproval(approval: Approval): Promise<void>
    rejectNext(n?: number): Promise<void>
    setAccount(index: number): Promise<void>
    disconnect(): Promise<void>
    requests(): Promise<string[]>
    address(): Promise<string>
  }
}

type ControlName = Exclude<keyof TestWalletHandle, 'solana'>
type SolanaControlName = keyof TestWalletHandle['solana']

let bundle: Promise<string> | undefined

/** The IIFE built by the package's `build` script (vite, see vite.wallet.config.ts). */
function loadBundle(): Promise<string> {
  bundle ??= readFile(new URL('../wallet.iife.js', import.meta.url), 'utf8').catch((error: unknown) => {
    bundle = undefined
    throw new Error(
      `@latch/testkit: dist/wallet.iife.js is missing; run the testkit build (npm run build -w @latch/testkit). ${String(error)}`,
    )
  })
  return bundle
}

async function call(page: Page, name: ControlName, args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([method, params]) => {
      const controls = window.__latchTestWallet as unknown as
        | Record<string, (...a: unknown[]) => unknown>
        | undefined
      if (!controls) throw new Error('The Latch test wallet is not installed in this page.')
      const fn = controls[method]
      if (typeof fn !== 'function') throw new Error(`Unknown test wallet control ${method}.`)
      return fn(...params)
    },
    [name, args] as const,
  )
}

async function callSolana(page: Page, name: SolanaControlName, args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([method, params]) => {
      const controls = window.__latchSolanaTestWallet as unknown as
        | Record<string, (...a: unknown[]) => unknown>
        | undefined
      if (!controls) throw new Error('The Latch test wallet has no Solana side in this page.')
      const fn = controls[method]
      if (typeof fn !== 'function') throw new Error(`Unknown Solana test wallet control ${method}.`)
      return fn(...params)
    },
    [name, args] as const,
  )
}

/**
 * Installs the Latch test wallet in every document the page loads (before the app's scripts) and
 * returns a handle that plays the user.
 *
 * @example
 * const wallet = await injectTestWallet(page, { privateKeys: [key], chains, initialChainId: 1 })
 * await page.goto('/')
 * await wallet.setApproval('reject')
 */
export async function injectTestWallet(
  page: Page,
  options: InjectTestWalletOptions,
): Promise<TestWalletHandle> {
  const source = await loadBundle()
  // JSON is a valid JS expression, so the options are embedded as data, never as code.
  await page.addInitScript({ content: `${source}\n;LatchTestWallet.install(${JSON.stringify(options)});` })
  return {
    setApproval: async (approval) => void (await call(page, 'setApproval', [approval])),
    rejectNext: async (n = 1) => void (await call(page, 'rejectNext', [n])),
    failNextSwitch: async (code) => void (await call(page, 'failNextSwitch', [code])),
    declineNextSwitch: async (shape = 'plain') => void (await call(page, 'declineNextSwitch', [shape])),
    setAccount: async (index) => void (await call(page, 'setAccount', [index])),
    setContractAccount: async (address) => void (await call(page, 'setContractAccount', [address])),
    changeChain: async (chainId) => void (await call(page, 'changeChain', [chainId])),
    disconnect: async () => void (await call(page, 'disconnect', [])),
    requests: async () => (await call(page, 'requests', [])) as string[],
    forgetChain: async (chainId) => void (await call(page, 'forgetChain', [chainId])),
    solana: {
      setApproval: async (approval) => void (await callSolana(page, 'setApproval', [approval])),
      rejectNext: async (n = 1) => void (await callSolana(page, 'rejectNext', [n])),
      setAccount: async (index) => void (await callSolana(page, 'setAccount', [index])),
      disconnect: async () => void (await callSolana(page, 'disconnect', [])),
      requests: async () => (await callSolana(page, 'requests', [])) as string[],
      address: async () => (await callSolana(page, 'address', [])) as string,
    },
  }
}
