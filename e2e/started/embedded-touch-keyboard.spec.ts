import type { BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { approval, demo, newEmail, signUp } from './embedded.js'
import { expect, modal, test } from './fixtures.js'

// The embedded wallet's approval screen by touch on a phone and by keyboard alone, through the
// demo as `npm start` serves it. One visitor signs up per group; its tests share that login.

const mainnetRpc = `http://127.0.0.1:${ports.mainnet}`
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(mainnetRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** Longer than the guard's 500 ms: a person who has read the screen before pressing. */
const READ_MS = 700

const approveButton = (page: Page) => approval(page).locator('button[data-action="approve"]')
const rejectButton = (page: Page) => approval(page).locator('button[data-action="reject"]')

/** The centre of `locator` in the page's viewport. */
async function centre(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('no box')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A group of tests that share one visitor signed up in a context made by `options`. */
function withVisitor(options: BrowserContextOptions) {
  const shared: { context?: BrowserContext; page?: Page } = {}
  test.beforeAll(async ({ browser }) => {
    shared.context = await browser.newContext(options)
    shared.page = await shared.context.newPage()
    await shared.page.goto(demo)
    const address = await signUp(shared.page, newEmail('touch'))
    // The sign-up's clicks left the emulated mouse over the modal: a phone has none.
    await shared.page.mouse.move(1, 1)
    // The new wallet has no ether: the local chain funds it for the transaction.
    await rpc('anvil_setBalance', [address, '0x56BC75E2D63100000'])
  })
  test.afterAll(async () => {
    await shared.context?.close()
  })
  return () => shared.page as Page
}

test.describe('given a phone (390×844, touch) with a visitor signed in with email', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  const page = withVisitor({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('when the visitor taps Approve at once, then the tap is ignored; tapped after reading the screen, the message is signed', async () => {
    await page().getByRole('button', { name: 'Sign message' }).tap()
    const approve = approveButton(page())
    await expect(approve).toBeVisible({ timeout: 30_000 })
    // The first tap comes while the screen has been up for less than 500 ms: the button shows
    // its pause. (Chromium may drop the tap before the frame sees it: the frame has just moved
    // into place.)
    const { x, y } = await centre(approve)
    expect(await approve.getAttribute('data-latch-guard-state', { timeout: 1_000 })).toBe('waiting')
    await page().touchscreen.tap(x, y)
    await expect(approve).toBeVisible()
    expect(await approve.getAttribute('data-latch-guard', { timeout: 1_000 })).not.toBe('allowed')
    await page().waitForTimeout(READ_MS)
    await expect(approve).toBeVisible()
    await expect(page().getByTestId('demo-signature')).toHaveCount(0)
    await approve.tap()
    await expect(page().getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 30_000,
    })
    await expect(modal(page())).toBeHidden()
  })

  test('when the visitor taps Approve on a transaction after reading it, then it is mined', async () => {
    await page().getByRole('button', { name: 'Send', exact: true }).tap()
    const approve = approveButton(page())
    await expect(approval(page())).toContainText(RECIPIENT, { timeout: 30_000 })
    await page().waitForTimeout(READ_MS)
    await approve.tap()
    await expect(page().getByTestId('demo-tx-mined')).toContainText('Mined in block', { timeout: 30_000 })
    await expect(modal(page())).toBeHidden()
  })

  test('when the visitor taps Reject at once, then the request is declined (Reject waits for nothing)', async () => {
    await page().getByRole('button', { name: 'Sign message' }).tap()
    const reject = rejectButton(page())
    await expect(reject).toBeVisible({ timeout: 30_000 })
    const { x, y } = await centre(reject)
    await page().touchscreen.tap(x, y)
    await expect(page().getByTestId('demo-sign-error')).toContainText(/declined/i)
    await expect(modal(page())).toBeHidden()
  })
})

test.describe('given a keyboard-only visitor signed in with email', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  const page = withVisitor({})

  test('when the visitor tabs to Approve and presses Enter, then the message is signed', async () => {
    // No pointer anywhere near the frame.
    await page().mouse.move(1, 1)
    await page().getByRole('button', { name: 'Sign message' }).focus()
    await page().keyboard.press('Enter')
    await expect(approval(page()).locator('#latch-title')).toBeFocused({ timeout: 30_000 })
    await page().keyboard.press('Tab')
    await expect(rejectButton(page())).toBeFocused()
    await page().keyboard.press('Tab')
    await expect(approveButton(page())).toBeFocused()
    // A person reads the screen before confirming.
    await page().waitForTimeout(READ_MS)
    await page().keyboard.press('Enter')
    await expect(page().getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 30_000,
    })
    await expect(modal(page())).toBeHidden()
  })

  test("when the visitor tabs on past Approve, then focus never lands on the modal's controls behind the frame, and Reject works by Enter", async () => {
    await page().mouse.move(1, 1)
    await page().getByRole('button', { name: 'Sign message' }).focus()
    await page().keyboard.press('Enter')
    await expect(approval(page()).locator('#latch-title')).toBeFocused({ timeout: 30_000 })
    const focusedInPage = () =>
      page().evaluate(() => {
        const active = document.activeElement
        return active?.matches('iframe[data-latch-frame]') ? 'frame' : (active?.outerHTML.slice(0, 80) ?? '')
      })
    // Title → Reject → Approve, then on: whatever the page focuses, never a control of the modal.
    for (let i = 0; i < 6; i++) {
      await page().keyboard.press('Tab')
      const focused = await focusedInPage()
      if (focused !== 'frame')
        expect(await modal(page()).evaluate((d) => d.contains(document.activeElement))).toBe(false)
    }
    await expect(modal(page()).getByRole('button', { name: 'Cancel' })).not.toBeFocused()
    // Back in the frame, the visitor finds Reject and presses Enter.
    await expect
      .poll(async () => {
        if (await rejectButton(page()).evaluate((b) => b === document.activeElement && document.hasFocus()))
          return true
        await page().keyboard.press('Tab')
        return false
      })
      .toBe(true)
    await page().keyboard.press('Enter')
    await expect(page().getByTestId('demo-sign-error')).toContainText(/declined/i)
    await expect(modal(page())).toBeHidden()
  })
})
