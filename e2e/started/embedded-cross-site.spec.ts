import type { Browser, BrowserContext, Page } from '@playwright/test'
import { type Hex, recoverMessageAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { axeViolations } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import {
  codeFor,
  codeIn,
  expectNoStorageExplained,
  frameOf,
  frameOrigin,
  mails,
  mailTo,
  newEmail,
  PASSWORD,
  signUp,
  submitEmail,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'
import { personClicks } from './guard-tricks.js'

// The embedded wallet's frame in its real position: the demo on 127.0.0.1 and the frame on
// localhost are two sites, so the frame is a third party. Chromium then gives an unpartitioned
// third-party frame no storage at all, and a partitioned one storage of its own, keyed by the
// top-level site. Playwright turns storage partitioning off by default; one run here keeps that
// default, one turns it back on, as browsers ship it.

const crossSiteDemo = `http://127.0.0.1:${ports.demoAsStarted}/`
const partitioning = 'ThirdPartyStoragePartitioning'

/**
 * Playwright's `--disable-features=…` switch as this browser was started with it (read from
 * chrome://version), and the same switch without storage partitioning.
 */
async function disabledFeatures(browser: Browser) {
  const page = await browser.newPage()
  await page.goto('chrome://version')
  const commandLine = (await page.locator('#command_line').textContent()) ?? ''
  await page.close()
  const playwrights = commandLine.split(/\s+/).find((arg) => arg.startsWith('--disable-features=')) ?? ''
  expect(playwrights).toContain(partitioning)
  const others = playwrights
    .slice('--disable-features='.length)
    .split(',')
    .filter((feature) => feature !== partitioning)
  return { playwrights, withoutPartitioning: `--disable-features=${others.join(',')}` }
}

/** The wallet windows open in the context (pages on the frame origin). */
const walletWindows = (context: BrowserContext) =>
  context.pages().filter((p) => p.url().startsWith(`${frameOrigin}/frame/`))

/** `click` opens the wallet's own window on the frame origin; resolves with it once it shows. */
async function opensWallet(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page')
  await click()
  const wallet = await opened
  expect(new URL(wallet.url()).origin).toBe(frameOrigin)
  expect(new URL(wallet.url()).searchParams.get('mode')).toBe('window')
  return wallet
}

/**
 * No storage for the frame → the wallet's own window: sign-up and a signature there, a reload, the
 * window closed, the app's tab closed, sign-out.
 */
async function walletWindowJourney(context: BrowserContext, page: Page) {
  const email = newEmail('crosssite-window')
  await page.goto(crossSiteDemo)

  await expectNoStorageExplained(page, email)
  // The offer is the way on: it has the focus.
  await expect(modal(page).getByTestId('latch-embedded-open-window')).toBeFocused()
  expect(await axeViolations(page)).toEqual([])

  let wallet: Page
  let address: string
  await test.step('Continue in a new window → the code → a recovery password in that window → connected', async () => {
    const started = Date.now() - 1_000
    // From the keyboard: the offer has the focus.
    wallet = await opensWallet(context, () => page.keyboard.press('Enter'))
    // No storage, no frame: requests go to the window only.
    await expect(page.locator('iframe[data-latch-frame]')).toHaveCount(0)
    const input = modal(page).getByTestId('latch-otp-input')
    await expect(input).toBeVisible({ timeout: 60_000 })
    await input.fill(await codeFor(email, started, /login code/))
    await wallet.locator('#latch-password').fill(PASSWORD)
    await wallet.locator('#latch-password-confirm').fill(PASSWORD)
    await wallet.locator('#latch-password-confirm').press('Enter')
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    address = (await page.getByTestId('demo-address').textContent()) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(wallet.getByTestId('latch-wallet-window')).toContainText(new URL(crossSiteDemo).origin)
    expect(await axeViolations(wallet)).toEqual([])
    // The window's own (first-party) storage holds the login.
    const databases = await wallet.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
    expect(databases).toContain('latch-frame')
  })

  await test.step('Sign message: approved in the wallet window → the page verifies it', async () => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    const approval = wallet.locator('.approval')
    await expect(approval).toContainText('Hello from the Latch demo', { timeout: 60_000 })
    await expect(wallet.getByTestId('approval-origin')).toHaveText(new URL(crossSiteDemo).origin)
    const approve = approval.locator('button[data-action="approve"]')
    await approve.hover()
    await wallet.waitForTimeout(700)
    await approve.click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
    const signature = (await page.getByTestId('demo-signature').locator('code').textContent()) as Hex
    expect(await recoverMessageAddress({ message: 'Hello from the Latch demo', signature })).toBe(address)
    await expect(wallet.getByTestId('latch-wallet-window')).toBeVisible()
  })

  await test.step('reload → the kit finds its window again by name → still connected, no code', async () => {
    const before = (await mails(email)).length
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    expect(walletWindows(context)).toHaveLength(1)
    expect(wallet.isClosed()).toBe(false)
    expect(await mails(email)).toHaveLength(before)
  })

  await test.step('the wallet window is closed → the app is disconnected; the login is kept there', async () => {
    await wallet.close()
    await expect(status(page)).toHaveText('disconnected', { timeout: 20_000 })
    const before = (await mails(email)).length
    await submitEmail(page, email)
    await expect(modal(page).getByTestId('latch-embedded-error')).toHaveText(/no storage here/, {
      timeout: 60_000,
    })
    wallet = await opensWallet(context, () => modal(page).getByTestId('latch-embedded-open-window').click())
    // The window still holds the login of this email: connected without a new code.
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    expect(await mails(email)).toHaveLength(before)
  })

  let app = page
  await test.step('the app’s tab is closed → the wallet window closes itself; the app in a new tab opens it again, still connected, no code', async () => {
    const closed = wallet.waitForEvent('close')
    await page.close()
    await closed
    const before = (await mails(email)).length
    // This Chromium runs without a pop-up blocker (headless), so the restore's window opens at
    // once; where a blocker stops it, the tab asks for the click (the connector's unit tests).
    app = await context.newPage()
    const reopened = context.waitForEvent('page')
    await app.goto(crossSiteDemo)
    wallet = await reopened
    expect(new URL(wallet.url()).searchParams.get('mode')).toBe('window')
    await expect(status(app)).toHaveText('connected', { timeout: 60_000 })
    await expect(app.getByTestId('demo-address')).toHaveText(address)
    expect(walletWindows(context)).toHaveLength(1)
    expect(await mails(email)).toHaveLength(before)
  })

  await test.step('sign out → the window closes, the app’s login cache is cleared', async () => {
    await app.getByTestId('latch-account-button').click()
    await expect(modal(app).getByTestId('latch-account-email')).toHaveText(email)
    const closed = wallet.waitForEvent('close')
    await modal(app).getByTestId('latch-disconnect').click()
    await expect(status(app)).toHaveText('disconnected')
    await closed
    expect(
      await app.evaluate(() => [
        localStorage.getItem('@latch/email-login-used'),
        localStorage.getItem('@latch/embedded-wallet-window'),
      ]),
    ).toEqual([null, null])
    await app.reload()
    await expect(status(app)).toHaveText('disconnected')
    expect(walletWindows(context)).toHaveLength(0)
  })
}

test.describe('given the demo on another site than the frame', () => {
  test.describe.configure({ timeout: 240_000 })

  test('when the browser keeps third-party storage unpartitioned (Playwright’s default), then the frame has none, and the visitor is told so', async ({
    page,
  }) => {
    await page.goto(crossSiteDemo)
    await expectNoStorageExplained(page, newEmail('crosssite-blocked'))
  })

  test('when the frame has no storage, then the visitor continues in the wallet’s own window: signs up and signs there, keeps the login over a reload, a closed window and a closed tab, and signs out', async ({
    context,
    page,
  }) => {
    test.setTimeout(180_000)
    await walletWindowJourney(context, page)
  })

  test('when the browser partitions third-party storage (as browsers ship), then sign-up works, a reload keeps the wallet, the frame origin’s own storage does not hold it, and the export window shows the phrase', async ({
    browser,
    playwright,
  }, testInfo) => {
    // A Chromium like the suite's, with Playwright's switch replaced by one that leaves
    // storage partitioning on.
    const launchOptions = testInfo.project.use.launchOptions ?? {}
    const { playwrights, withoutPartitioning } = await disabledFeatures(browser)
    const withPartitioning = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), withoutPartitioning],
      ignoreDefaultArgs: [playwrights],
    })
    try {
      const context = await withPartitioning.newContext()
      const page = await context.newPage()
      const email = newEmail('crosssite-partitioned')
      await page.goto(crossSiteDemo)
      const address = await signUp(page, email)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

      await page.reload()
      await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
      await expect(page.getByTestId('demo-address')).toHaveText(address)

      // The frame's storage is keyed by the demo's site: the frame origin opened as a top-level
      // page (first party) has no device record of this login.
      const top = await context.newPage()
      await top.goto(`${frameOrigin}/frame/`)
      const databases = await top.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
      const frame = page.frames().find((f) => f.url().startsWith(`${frameOrigin}/frame/`))
      expect(frame, 'the wallet frame is in the page').toBeDefined()
      const framed = await frame?.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
      expect(framed?.length).toBeGreaterThan(0)
      for (const name of framed ?? []) expect(databases).not.toContain(name)
      await top.close()

      // Account → Export wallet: the frame opens the export window on its own origin (first
      // party there, so it sees none of the frame's partitioned storage) and hands it the login.
      await page.getByTestId('latch-account-button').click()
      await modal(page).getByTestId('latch-export-wallet').click()
      const opened = context.waitForEvent('page')
      await personClicks(page, frameOf(page).getByTestId('latch-export-open'))
      const popup = await opened
      await expect(popup.getByTestId('latch-export-send')).toBeVisible()
      const started = Date.now() - 1_000
      await popup.getByTestId('latch-export-send').click()
      await popup
        .locator('#latch-export-code')
        .fill(codeIn(await mailTo(email, /wallet export code/, started)))
      await personClicks(popup, popup.getByTestId('latch-export-reveal'))
      await expect(popup.getByTestId('latch-export-phrase')).toBeVisible({ timeout: 60_000 })
      const phrase = ((await popup.getByTestId('latch-export-phrase').textContent()) ?? '').trim()
      expect(mnemonicToAccount(phrase).address).toBe(address)
      expect(await page.content()).not.toContain(phrase)
      await context.close()
    } finally {
      await withPartitioning.close()
    }
  })
})
