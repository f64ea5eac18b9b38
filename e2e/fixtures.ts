import { createRequire } from 'node:module'
import { TEST_ACCOUNTS } from '@latch/testkit'
import {
  test as base,
  defaultTestWalletOptions,
  type InjectTestWalletOptions,
} from '@latch/testkit/playwright'
import {
  type CreateWalletPeerParameters,
  createWalletPeer,
  type LocalRelay,
  startRelay,
  type WalletPeer,
} from '@latch/testkit/walletconnect'
import { expect, type Frame, type Page } from '@playwright/test'
import { ports } from './playwright.config.js'
import { watchPageErrors } from './started/fixtures.js'

/** The WalletConnect project id the demo and the scripted wallets use (any 32-hex id works locally). */
export const WC_PROJECT_ID = '1a7c0de51a7c0de51a7c0de51a7c0de5'

/** A scripted phone wallet on the test relay: the e2e chains, the test's keys and options. */
export type StartWalletPeer = (
  options?: Partial<Omit<CreateWalletPeerParameters, 'relayUrl' | 'projectId'>>,
) => Promise<WalletPeer>

/** The test wallet on the chains of the e2e stack; Base is known too unless a test forgets it. */
export const e2eTestWalletOptions: InjectTestWalletOptions = {
  ...defaultTestWalletOptions,
  chains: [
    {
      id: 1,
      name: 'Ethereum',
      rpcUrl: `http://127.0.0.1:${ports.mainnet}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
    {
      id: 8453,
      name: 'Base',
      rpcUrl: `http://127.0.0.1:${ports.base}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
  initialChainId: 1,
}

export const test = base.extend<{
  pageErrors: string[]
  startWalletPeer: StartWalletPeer
  wcRelay: LocalRelay
}>({
  // Every page gets the test wallet, and uncaught errors in the page fail the test.
  pageErrors: [
    async ({ page, testWallet, permissions }, use) => {
      void testWallet
      await watchPageErrors(page, permissions, use)
    },
    { auto: true },
  ],
  testWalletOptions: e2eTestWalletOptions,
  // A WalletConnect relay of the test's own (a fresh one per test, cheap to start), which the test
  // can restart mid-session; the demo uses it with `?wcRelay=` (see `wcDemoUrl`).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  wcRelay: async ({}, use) => {
    const relay = await startRelay({ port: 0 })
    await use(relay)
    await relay.stop()
  },
  // Starts scripted wallets on that relay; each is stopped when the test ends.
  startWalletPeer: async ({ wcRelay }, use) => {
    const peers: WalletPeer[] = []
    await use(async (options) => {
      const peer = await createWalletPeer({
        privateKeys: [TEST_ACCOUNTS[2]!.privateKey],
        chains: [
          { id: 1, rpcUrl: `http://127.0.0.1:${ports.mainnet}` },
          { id: 8453, rpcUrl: `http://127.0.0.1:${ports.base}` },
        ],
        ...options,
        relayUrl: wcRelay.url,
        projectId: WC_PROJECT_ID,
      })
      peers.push(peer)
      return peer
    })
    await Promise.all(peers.map((peer) => peer.stop()))
  },
})

/** The demo's address on the tests' relay, with more of its query string (`&siwx=required`, …). */
export const wcDemoUrl = (relay: LocalRelay, query = '') =>
  `/?wcRelay=${encodeURIComponent(relay.url)}${query}`
export { expect }

export const modal = (page: Page) => page.getByRole('dialog')

/** Opens the modal and connects the Latch Dev Wallet; returns when the account is shown. */
export async function connectDevWallet(page: Page): Promise<void> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(modal(page)).toBeHidden()
}

const axeSource = createRequire(import.meta.url)('axe-core').source as string

/** Runs axe-core on the page; resolves one line per violation. */
export const axeViolations = (page: Page) => frameAxeViolations(page.mainFrame())

/**
 * axe's violations inside a frame (the page's own, or the embedded wallet's, cross-origin). A
 * frame's CSP may refuse an injected script tag, so axe is evaluated over the DevTools protocol,
 * which CSP does not govern.
 */
export async function frameAxeViolations(frame: Frame) {
  // Once per document: evaluating axe's half a megabyte again costs a quarter CPU-second a scan.
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource)
  // Colours are read at rest: a view still fading in has less contrast than the visitor ends with.
  await frame.waitForFunction(settled)
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            o: unknown,
          ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }>
        }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
    )
  })
}

/**
 * Waits until the modal's finite animations (open, view change, height) have finished, so a
 * measured position is the resting one; looping ones (spinners, placeholders) are left running.
 */
export async function modalSettled(page: Page): Promise<void> {
  await page.waitForFunction(settled)
}

/** In the page: whether every finite animation of the document has ended. */
const settled = () =>
  document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
    )

/**
 * The WalletConnect pairing URI the modal shows, as "Copy link" puts it on the clipboard (the
 * test needs the clipboard permissions).
 */
export async function copiedUri(page: Page): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await expect(modal(page).getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^wc:/)
  return page.evaluate(() => navigator.clipboard.readText())
}

/**
 * Opens WalletConnect in the modal; returns the pairing URI shown. `settle` is for a page in
 * React's strict mode (the dev server), which mounts the view twice: the URI of the second mount
 * is the one the visitor sees once the view has settled.
 */
export async function showPairing(page: Page, { settle = false } = {}): Promise<string> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('wallet-option-walletconnect').click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
  let uri = await copiedUri(page)
  while (settle) {
    await page.waitForTimeout(300)
    const next = await copiedUri(page)
    if (next === uri) break
    uri = next
  }
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}
