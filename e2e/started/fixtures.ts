import { defaultTestWalletOptions, type InjectTestWalletOptions } from '@latch/testkit/playwright'
import type { SwitchDeclineShape } from '@latch/testkit/wallet'
import { test as base, expect, type Page } from '@playwright/test'
import { ports } from '../playwright.config.js'

/**
 * The demo as `npm start` serves it, with nothing injected: the page's wallet is the demo's own
 * Dev Wallet unless a test injects the test wallet itself (the demo then leaves its own out).
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [({ page, permissions }, use) => watchPageErrors(page, permissions, use), { auto: true }],
})
export { expect }

/**
 * The `pageErrors` fixture of both projects: uncaught errors in the page fail the test. After the
 * test it undoes what Playwright's reset between tests leaves (playwright.config.ts: `reuseContext`
 * keeps the worker's context and page): its own listener, and permissions granted at run time. The
 * options' own permissions are granted again: Playwright keeps the context for the next test with
 * the same options and does not.
 */
export async function watchPageErrors(
  page: Page,
  permissions: string[] | undefined,
  use: (errors: string[]) => Promise<void>,
): Promise<void> {
  const errors: string[] = []
  const onError = (error: Error) => errors.push(error.message)
  page.on('pageerror', onError)
  await use(errors)
  page.off('pageerror', onError)
  await page.context().clearPermissions()
  if (permissions?.length) await page.context().grantPermissions(permissions)
  expect(errors, 'uncaught errors in the page').toEqual([])
}

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The test wallet on the e2e chains, for tests that need it to announce late or never. */
export const testWalletOptions: InjectTestWalletOptions = {
  ...defaultTestWalletOptions,
  chains: [
    { id: 1, name: 'Ethereum', rpcUrl: `http://127.0.0.1:${ports.mainnet}`, nativeCurrency: ETH },
    { id: 8453, name: 'Base', rpcUrl: `http://127.0.0.1:${ports.base}`, nativeCurrency: ETH },
  ],
  initialChainId: 1,
}

export const modal = (page: Page) => page.getByRole('dialog')
export const status = (page: Page) => page.getByTestId('demo-status')

type ToastLog = { __latchToasts?: string[] }
/**
 * Records every text the modal's toast shows from now on, read with the function returned. The
 * toast shows each message for 2 s, and on a loaded machine a click and the check after it can
 * take longer than that: the page writes down what it showed, so the check can't miss it.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as ToastLog).__latchToasts = seen
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="latch-toast"]')) {
        const text = toast.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as ToastLog).__latchToasts ?? [])
}

/** Opens the modal and connects the wallet named Latch Dev Wallet; returns its address. */
export async function connectDevWallet(page: Page): Promise<string> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(status(page)).toHaveText('connected')
  await expect(modal(page)).toBeHidden()
  const address = await page.getByTestId('demo-address').textContent()
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address as string
}

/** Picks a network in the network picker. */
export async function pickNetwork(page: Page, name: 'Ethereum' | 'Base'): Promise<void> {
  await page.getByTestId('latch-network-button').click()
  await modal(page)
    .getByRole('button', { name: new RegExp(name) })
    .click()
}

/** The demo's own Dev Wallet (window.__latchDemoWallet), driven from the test. */
export const devWallet = {
  requests: (page: Page): Promise<string[]> =>
    page.evaluate(() => {
      if (!window.__latchDemoWallet) throw new Error('The demo has not started its Dev Wallet.')
      return window.__latchDemoWallet.requests()
    }),
  /** The visitor approves or declines what the Dev Wallet asks from now on. */
  setApproval: (page: Page, approval: 'approve' | 'reject'): Promise<void> =>
    page.evaluate((a) => {
      if (!window.__latchDemoWallet) throw new Error('The demo has not started its Dev Wallet.')
      window.__latchDemoWallet.setApproval(a)
    }, approval),
  declineNextSwitch: (page: Page, shape: SwitchDeclineShape): Promise<void> =>
    page.evaluate((s) => {
      if (!window.__latchDemoWallet) throw new Error('The demo has not started its Dev Wallet.')
      window.__latchDemoWallet.declineNextSwitch(s)
    }, shape),
  /** Asset discovery (wallet_getAssets) on or off. */
  setAssetDiscovery: (page: Page, on: boolean): Promise<void> =>
    page.evaluate((value) => {
      if (!window.__latchDemoWallet) throw new Error('The demo has not started its Dev Wallet.')
      window.__latchDemoWallet.setAssetDiscovery(value)
    }, on),
}

declare global {
  interface Window {
    __latchDemoWallet?: {
      requests(): string[]
      setApproval(approval: 'approve' | 'reject'): void
      declineNextSwitch(shape: SwitchDeclineShape): void
      setAssetDiscovery(on: boolean): void
    }
  }
}

/** Latch's own stored entries (`@latch/…` keys) that name `connectorId`: the stored session. */
export function storedSession(page: Page, connectorId: string): Promise<Record<string, string>> {
  return page.evaluate((id) => {
    const entries: Record<string, string> = {}
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (!key?.startsWith('@latch/')) continue
      const value = localStorage.getItem(key) ?? ''
      if (value.includes(id)) entries[key] = value
    }
    return entries
  }, connectorId)
}
