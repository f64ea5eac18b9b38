import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ports } from '../playwright.config.js'
import {
  approval,
  codeFor,
  demo,
  expectNoStorageExplained,
  frameOf,
  frameOrigin,
  newEmail,
  PASSWORD,
  press,
  signUp,
  walletFrameAxeViolations,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The approval screen before and after the visitor decides, through the demo as `npm start`
// serves it: a send the balance cannot pay, and a wallet server that hangs after Approve
// (scripts/start.mjs runs @latch/server as a process of its own; SIGSTOP makes it accept
// connections and answer nothing); and the wallet in a window of its own, where the page says
// where to look and what closing that window does.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const stack = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
const serverPid = () => Number(readFileSync(join(root, '.tmp', `e2e-stack-${stack}`, 'server.pid'), 'utf8'))

const unreachable = "The wallet server can't be reached"

test('given a new wallet with no ether, when the app asks to send 0.01 ETH, then the screen says the balance cannot pay it, shows the fee in ETH and in dollars, and offers only Reject', async ({
  page,
}) => {
  await page.goto(demo)
  await signUp(page, newEmail('no-funds'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const screen = approval(page)
  await expect(screen.getByTestId('approval-warning').first()).toHaveText(
    /^Your balance \(0 ETH\) cannot pay this transaction: it needs up to 0\.01\d* ETH, the value plus the maximum network fee\./,
    { timeout: 60_000 },
  )
  await expect(screen.locator('button[data-action="approve"]')).toHaveCount(0)
  await expect(screen.locator('dt', { hasText: 'Network fee' })).toBeVisible()
  // Beside it, its value in dollars from the project's price source (npm start: ETH at 2 500 USD).
  const fee = screen.locator('dt:text-is("Network fee") + dd')
  await expect(fee).toHaveText(/^≤ 0\.\d+ ETH \(≤ \$[\d.]+\)$/)
  const [, eth, usd] = /^≤ (0\.\d+) ETH \(≤ \$([\d.]+)\)$/.exec((await fee.textContent()) ?? '') ?? []
  // Both rounded up (4 and 3 significant digits).
  expect(Number(usd)).toBeGreaterThanOrEqual(Number(eth) * 2500 * 0.99)
  expect(Number(usd)).toBeLessThanOrEqual(Number(eth) * 2500 * 1.01)
  await expect(screen).not.toContainText('gwei')
  await press(page, 'reject')
  await expect(page.getByTestId('demo-send-error')).toBeVisible({ timeout: 60_000 })
  await expect(modal(page)).toBeHidden()
})

test.describe('given a wallet server that hangs after Approve', () => {
  test.describe.configure({ timeout: 360_000 })

  test('then the screen shows progress, then the server out of reach with Close and Retry: Close fails the request with that message, Retry signs once the server answers', async ({
    page,
  }) => {
    await page.goto(demo)
    await signUp(page, newEmail('hung-approve'))
    await expect(modal(page)).toBeHidden()
    const pid = serverPid()
    const frame = frameOf(page)
    for (const choice of ['close', 'retry'] as const) {
      await page.getByRole('button', { name: 'Sign message' }).click()
      await expect(approval(page).locator('button[data-action="approve"]')).toBeVisible({ timeout: 60_000 })
      process.kill(pid, 'SIGSTOP')
      try {
        await press(page, 'approve')
        // Never an empty frame: the request's title and its progress, then the error.
        await expect(frame.getByTestId('approval-progress')).toHaveText('Signing…')
        await expect(frame.locator('#latch-title')).toHaveText('Sign a message')
        await expect(frame.getByTestId('approval-unreachable')).toHaveText(unreachable, { timeout: 60_000 })
        await expect(frame.locator('button[data-action="retry"]')).toBeFocused()
        expect(await walletFrameAxeViolations(page)).toEqual([])
        if (choice === 'close') {
          await frame.locator('button[data-action="close"]').click()
          await expect(page.getByTestId('demo-sign-error')).toContainText(/disconnected|can't be reached/, {
            timeout: 60_000,
          })
          await expect(modal(page)).toBeHidden()
        }
      } finally {
        process.kill(pid, 'SIGCONT')
      }
    }
    await frame.locator('button[data-action="retry"]').click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
    await expect(modal(page)).toBeHidden()
  })
})

test('given the wallet in its own window (the frame gets no storage on another site), then the page says to continue there while its screens wait, and closing it mid-request says the request was cancelled', async ({
  context,
  page,
}) => {
  test.setTimeout(150_000)
  // The demo on 127.0.0.1, the frame on localhost: a third-party frame, with no storage as
  // Playwright's Chromium runs (storage partitioning off).
  const email = newEmail('window-mode')
  await page.goto(`http://127.0.0.1:${ports.demoAsStarted}/`)
  await expectNoStorageExplained(page, email)
  const started = Date.now() - 1_000
  const opened = context.waitForEvent('page')
  await modal(page).getByTestId('latch-embedded-open-window').click()
  const wallet = await opened
  expect(new URL(wallet.url()).origin).toBe(frameOrigin)
  const input = modal(page).getByTestId('latch-otp-input')
  await expect(input).toBeVisible({ timeout: 60_000 })
  await input.fill(await codeFor(email, started, /login code/))
  // The recovery password waits in the window: the modal points there, not "Authenticating...".
  await expect(wallet.locator('#latch-password')).toBeVisible({ timeout: 60_000 })
  await expect(modal(page).getByTestId('latch-embedded-busy-text')).toHaveText(
    'Continue in the wallet window: the next step waits for you there. Closing that window cancels the sign-in.',
  )
  await wallet.locator('#latch-password').fill(PASSWORD)
  await wallet.locator('#latch-password-confirm').fill(PASSWORD)
  await wallet.locator('#latch-password-confirm').press('Enter')
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })

  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(wallet.locator('.approval')).toContainText('Hello from the Latch demo', { timeout: 60_000 })
  await expect(modal(page).getByTestId('latch-approve-confirm')).toHaveText(
    'Continue in the wallet window: this request waits for you there. Closing that window cancels the request and disconnects the app.',
  )
  await wallet.close()
  await expect(page.getByTestId('latch-action-toast')).toHaveText(
    'The wallet window was closed: what waited there was cancelled, and the app is disconnected.',
    { timeout: 15_000 },
  )
  // The demo's signing panel goes with the account; the modal does not stay on the request.
  await expect(status(page)).toHaveText('disconnected', { timeout: 20_000 })
  await expect(modal(page)).toBeHidden()
})
