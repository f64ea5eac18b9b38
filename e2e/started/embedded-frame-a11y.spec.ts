import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import { axeViolations } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import {
  approval,
  codeFor,
  demo,
  frameOf,
  newEmail,
  PASSWORD,
  submitEmail,
  walletFrameAxeViolations,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// axe on every screen of the embedded wallet's frame a visitor reaches through the demo as `npm
// start` serves it, in light, dark, on a phone (390×844, touch) and in Arabic (right to left).
// One browser context for the whole file: each setting signs a new visitor up (the sign-up's
// passkey and password screens are only shown then) and walks the approval and export screens.
// The approval screen's images go to the gallery's folder (.tmp/gallery/), beside the modal's.

const gallery = join(dirname(fileURLToPath(import.meta.url)), '../../.tmp/gallery')

const settings = [
  { id: 'light', query: '', dark: false, phone: false },
  { id: 'dark', query: '', dark: true, phone: false },
  { id: 'phone', query: '', dark: false, phone: true },
  { id: 'arabic', query: '?locale=ar', dark: false, phone: false },
] as const
type Setting = (typeof settings)[number]

const shared: { context?: BrowserContext; page?: Page; cdp?: CDPSession } = {}

// Not serial: a setting that fails leaves the others to run (one worker keeps them in order).
test.describe.configure({ timeout: 180_000 })

test.beforeAll(async ({ browser }) => {
  shared.context = await browser.newContext({ hasTouch: true, colorScheme: 'light' })
  shared.page = await shared.context.newPage()
  // A platform authenticator with PRF: sign-up offers the passkey first, then the password.
  shared.cdp = await shared.context.newCDPSession(shared.page)
  await shared.cdp.send('WebAuthn.enable', { enableUI: false })
  await shared.cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
})
test.afterAll(async () => {
  await shared.context?.close()
})

const page = () => shared.page as Page

/** The demo in `setting`; the visitor of the previous setting has signed out. */
async function open(setting: Setting) {
  await page().setViewportSize(setting.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 })
  await page().goto(`${demo}${setting.query}`)
  await expect(status(page())).toHaveText('disconnected')
  if (setting.dark) await page().getByRole('button', { name: 'Dark mode' }).click()
}

/** Sign-up: the code view, the passkey offer, the recovery password (and its error), connected. */
async function signUpScreens(setting: Setting) {
  const email = newEmail(`a11y-${setting.id}`)
  const started = Date.now() - 1_000
  await submitEmail(page(), email)
  const code = modal(page()).getByTestId('latch-otp-input')
  await expect(code).toBeVisible({ timeout: 30_000 })
  expect(await axeViolations(page()), 'the code view').toEqual([])
  await code.fill(await codeFor(email, started, /login code/))
  const frame = frameOf(page())
  await expect(frame.locator('#latch-passkey-action')).toBeVisible({ timeout: 30_000 })
  await expect(frame.locator('html')).toHaveAttribute('data-theme', setting.dark ? 'dark' : 'light')
  if (setting.id === 'arabic') await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(await walletFrameAxeViolations(page()), 'the passkey offer').toEqual([])
  await frame.locator('#latch-passkey-other').click()
  const password = frame.locator('#latch-password')
  await expect(password).toBeVisible()
  expect(await walletFrameAxeViolations(page()), 'the recovery password').toEqual([])
  await password.fill('short')
  await password.press('Enter')
  await expect(frame.locator('#latch-password-error')).not.toBeEmpty()
  expect(await walletFrameAxeViolations(page()), 'the recovery password with its error').toEqual([])
  await password.fill(PASSWORD)
  await frame.locator('#latch-password-confirm').fill(PASSWORD)
  await frame.locator('#latch-password-confirm').press('Enter')
  await expect(status(page())).toHaveText('connected', { timeout: 30_000 })
  await expect(modal(page())).toBeHidden()
  // The new wallet has no ether: the local chain funds it, so the transaction's screen is the
  // usual one (not only its warning).
  await fetch(`http://127.0.0.1:${ports.mainnet}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [await page().getByTestId('demo-address').textContent(), '0x56BC75E2D63100000'],
    }),
  })
}

/** The approval screen of what `button` asks, checked, then rejected (Reject has no guard). */
async function approvalScreen(
  setting: Setting,
  ask: { button: string; title: string; error: string; shot?: string },
) {
  const { button, error, shot } = ask
  await page().getByRole('button', { name: button, exact: true }).click()
  const reject = approval(page()).locator('button[data-action="reject"]')
  await expect(reject).toBeVisible({ timeout: 30_000 })
  await expect(approval(page()).locator('button[data-action="approve"]')).toBeVisible()
  // The modal's title names what is asked.
  if (setting.id !== 'arabic') await expect(modal(page()).locator('.latch-title')).toHaveText(ask.title)
  expect(await walletFrameAxeViolations(page()), `the approval of "${button}"`).toEqual([])
  if (shot) {
    mkdirSync(gallery, { recursive: true })
    // The viewport: the frame's screen is drawn over the modal, outside the dialog's box.
    await page().screenshot({ path: join(gallery, `${shot}-${setting.id}.png`), animations: 'disabled' })
  }
  // Chromium drops a click on a cross-origin frame that has just moved or resized: the visitor
  // reads the screen first.
  await page().waitForTimeout(700)
  await reject.click()
  await expect(page().getByTestId(error)).toBeVisible({ timeout: 30_000 })
  await expect(modal(page())).toBeHidden()
}

/** Account → Export wallet: the frame's Export screen, then Cancel. */
async function exportScreen() {
  await page().getByTestId('latch-account-button').click()
  await modal(page()).getByTestId('latch-export-wallet').click()
  const frame = frameOf(page())
  await expect(frame.getByTestId('latch-export-open')).toBeVisible({ timeout: 30_000 })
  expect(await walletFrameAxeViolations(page()), 'the export screen').toEqual([])
  await page().waitForTimeout(700)
  await frame.locator('#latch-export-cancel').click()
  await expect(frame.getByTestId('latch-export-open')).toBeHidden()
  if (await modal(page()).isVisible()) await page().keyboard.press('Escape')
  await expect(modal(page())).toBeHidden()
}

for (const setting of settings) {
  test(`given the demo ${setting.id === 'phone' ? 'on a phone' : `in ${setting.id}`}, when a visitor signs up, asks for a message, typed data and a transaction and opens the export, then every frame screen has no axe violations`, async () => {
    await open(setting)
    await signUpScreens(setting)
    const message = { button: 'Sign message', title: 'Sign a message', error: 'demo-sign-error' }
    await approvalScreen(setting, { ...message, shot: 'Approval' })
    await approvalScreen(setting, {
      button: 'Sign Permit',
      title: 'Sign typed data',
      error: 'demo-permit-error',
    })
    const send = { button: 'Send', title: 'Send a transaction', error: 'demo-send-error' }
    await approvalScreen(setting, { ...send, shot: 'ApprovalTransaction' })
    await exportScreen()
    // Signed out, for the next setting's new visitor.
    await page().getByTestId('demo-disconnect').click()
    await expect(status(page())).toHaveText('disconnected')
  })
}
