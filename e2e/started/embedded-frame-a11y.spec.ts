import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import { axeViolations, frameAxeViolations } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import {
  approval,
  codeFor,
  codeIn,
  demo,
  frameOf,
  fromMail,
  MAIL_THROTTLE_MS,
  mailTo,
  newEmail,
  PASSWORD,
  submitEmail,
  walletFrame,
  walletFrameAxeViolations,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'
import { personClicks } from './guard-tricks.js'

// axe on every screen of the embedded wallet's frame a visitor reaches through the demo as `npm
// start` serves it, in light, dark, on a phone (390×844, touch) and in Arabic (right to left).
// One browser context for the whole file: each setting signs a new visitor up (the sign-up's
// passkey and password screens are only shown then), walks the approval and export screens and
// the export window, then (light and Arabic) logs in on a second device (its recovery screen). The notice of
// a recovery on another device (server-assisted projects) is checked in the same four settings by
// embedded-recovery.spec.ts, which brings it up anyway.
// The approval screen's images go to the gallery's folder (.tmp/gallery/), beside the modal's.

const gallery = join(dirname(fileURLToPath(import.meta.url)), '../../.tmp/gallery')

// The second device's recovery screen is the sign-up's password screen without its confirmation
// (passwordScreens.ts, the same styles), which every setting checks: it is walked left to right
// (light) and right to left (Arabic) only, not again in dark and on a phone, where each walk costs
// a new browser profile, a login with the device's confirmation, and a key derivation.
const settings = [
  { id: 'light', query: '', dark: false, phone: false, secondDevice: true },
  { id: 'dark', query: '', dark: true, phone: false, secondDevice: false },
  { id: 'phone', query: '', dark: false, phone: true, secondDevice: false },
  { id: 'arabic', query: '?locale=ar', dark: false, phone: false, secondDevice: true },
] as const
type Setting = (typeof settings)[number]

const shared: { context?: BrowserContext; page?: Page; cdp?: CDPSession } = {}

// Not serial: a setting that fails leaves the others to run (one worker keeps them in order).
test.describe.configure({ timeout: 360_000 })

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

/** When the last login code to each address was asked for: the server allows one per MAIL_THROTTLE_MS. */
const lastCode = new Map<string, number>()
async function waitForThrottle(email: string) {
  const wait = (lastCode.get(email) ?? 0) + MAIL_THROTTLE_MS + 1_000 - Date.now()
  if (wait > 0) await page().waitForTimeout(wait)
  lastCode.set(email, Date.now())
}

/** Sign-up: the code view, the passkey offer, the recovery password (and its error), connected. */
async function signUpScreens(setting: Setting): Promise<string> {
  const email = newEmail(`a11y-${setting.id}`)
  const started = Date.now() - 1_000
  await submitEmail(page(), email)
  const code = modal(page()).getByTestId('latch-otp-input')
  await expect(code).toBeVisible({ timeout: 60_000 })
  // The code was sent by now: the throttle counts from here.
  lastCode.set(email, Date.now())
  expect(await axeViolations(page()), 'the code view').toEqual([])
  await code.fill(await codeFor(email, started, /login code/))
  const frame = frameOf(page())
  await expect(frame.locator('#latch-passkey-action')).toBeVisible({ timeout: 60_000 })
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
  await expect(status(page())).toHaveText('connected', { timeout: 60_000 })
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
  return email
}

/** The approval screen of what `button` asks, checked, then rejected (Reject has no guard). */
async function approvalScreen(
  setting: Setting,
  ask: { button: string; title: string; error: string; shot?: string },
) {
  const { button, error, shot } = ask
  await page().getByRole('button', { name: button, exact: true }).click()
  const reject = approval(page()).locator('button[data-action="reject"]')
  await expect(reject).toBeVisible({ timeout: 60_000 })
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
  await expect(page().getByTestId(error)).toBeVisible({ timeout: 60_000 })
  await expect(modal(page())).toBeHidden()
}

/** Account → Export wallet: the frame's Export screen, then the export window's three screens. */
async function exportScreens(setting: Setting, email: string) {
  await page().getByTestId('latch-account-button').click()
  await modal(page()).getByTestId('latch-export-wallet').click()
  const frame = frameOf(page())
  await expect(frame.getByTestId('latch-export-open')).toBeVisible({ timeout: 60_000 })
  expect(await walletFrameAxeViolations(page()), 'the export screen').toEqual([])
  const opened = page().context().waitForEvent('page')
  await personClicks(page(), frame.getByTestId('latch-export-open'))
  const popup = await opened
  if (setting.phone) await popup.setViewportSize({ width: 390, height: 844 })
  await expect(popup.getByTestId('latch-export-send')).toBeVisible({ timeout: 60_000 })
  expect(await axeViolations(popup), 'the export window').toEqual([])
  const started = Date.now() - 1_000
  await popup.getByTestId('latch-export-send').click()
  const code = popup.locator('#latch-export-code')
  await expect(code).toBeVisible({ timeout: 60_000 })
  expect(await axeViolations(popup), 'the export window’s code').toEqual([])
  await code.fill(codeIn(await mailTo(email, /wallet export code/, started)))
  await personClicks(popup, popup.getByTestId('latch-export-reveal'))
  await expect(popup.getByTestId('latch-export-phrase')).toBeVisible({ timeout: 60_000 })
  expect(await axeViolations(popup), 'the export window’s phrase').toEqual([])
  // The button closes the window at once, which may come before the click's own acknowledgement.
  await popup
    .getByTestId('latch-export-close')
    .click()
    .catch((error: Error) => {
      if (!popup.isClosed() && !/has been closed/.test(error.message)) throw error
    })
  if (!popup.isClosed()) await popup.close()
  if (await modal(page()).isVisible()) await page().keyboard.press('Escape')
  await expect(modal(page())).toBeHidden()
}

/** A second device of `setting` (a profile of its own) at `url`. */
async function secondDevice(setting: Setting, url: string): Promise<Page> {
  const context = await page()
    .context()
    .browser()
    ?.newContext({
      hasTouch: true,
      colorScheme: 'light',
      viewport: setting.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    })
  const other = await (context as BrowserContext).newPage()
  await other.goto(url)
  await expect(status(other)).toHaveText('disconnected')
  if (setting.dark) await other.getByRole('button', { name: 'Dark mode' }).click()
  return other
}

/** Email → the device confirmed from the mailed link ("This was me") → the code. */
async function newDeviceLogin(other: Page, email: string) {
  await waitForThrottle(email)
  const started = Date.now() - 1_000
  await submitEmail(other, email)
  await expect(modal(other).getByTestId('latch-embedded-device')).toBeVisible({ timeout: 60_000 })
  lastCode.set(email, Date.now())
  const link = await fromMail(email, /(http\S+\/embedded\/v1\/device\/confirm\?token=\S+)/, started)
  const mailbox = await other.context().newPage()
  await mailbox.goto(link)
  const confirmed = Date.now() - 1_000
  await mailbox.getByRole('button', { name: 'This was me' }).click()
  await expect(mailbox.getByRole('heading', { name: 'Device confirmed.' })).toBeVisible()
  await mailbox.close()
  const input = modal(other).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  await input.fill(await codeFor(email, confirmed, /login code/))
}

/** The same visitor on a second device: the recovery password screen, and with its error. */
async function recoveryScreens(setting: Setting, email: string) {
  const other = await secondDevice(setting, `${demo}${setting.query}`)
  await newDeviceLogin(other, email)
  const password = frameOf(other).locator('#latch-password')
  await expect(password).toBeVisible({ timeout: 60_000 })
  expect(await frameAxeViolations(walletFrame(other)), 'the recovery password').toEqual([])
  await password.fill('not the password at all')
  await password.press('Enter')
  await expect(frameOf(other).locator('#latch-password-error')).not.toBeEmpty({ timeout: 60_000 })
  expect(await frameAxeViolations(walletFrame(other)), 'the recovery password with its error').toEqual([])
  // The recovery itself is finished by the specs that test it (embedded-wallet, -email, -passkey).
  await other.context().close()
}

for (const setting of settings) {
  test(`given the demo ${setting.id === 'phone' ? 'on a phone' : `in ${setting.id}`}, when a visitor signs up, asks for a message, typed data and a transaction, exports through the export window${setting.secondDevice ? ' and logs in on a second device' : ''}, then every frame screen has no axe violations`, async () => {
    await open(setting)
    const email = await signUpScreens(setting)
    const message = { button: 'Sign message', title: 'Sign a message', error: 'demo-sign-error' }
    await approvalScreen(setting, { ...message, shot: 'Approval' })
    await approvalScreen(setting, {
      button: 'Sign Permit',
      title: 'Sign typed data',
      error: 'demo-permit-error',
    })
    const send = { button: 'Send', title: 'Send a transaction', error: 'demo-send-error' }
    await approvalScreen(setting, { ...send, shot: 'ApprovalTransaction' })
    await exportScreens(setting, email)
    if (setting.secondDevice) await recoveryScreens(setting, email)
    // Signed out, for the next setting's new visitor.
    await page().getByTestId('demo-disconnect').click()
    await expect(status(page())).toHaveText('disconnected')
  })
}
