import type { BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test'
import { ports } from '../playwright.config.js'
import {
  approval,
  demo,
  expectFrameInModal,
  newEmail,
  signUp,
  walletFrame,
  walletFrameAxeViolations,
} from './embedded.js'
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

/** The page sets the iframe's opacity (the frame leaves the view at 0, and comes back). */
const frameOpacity = (page: Page, opacity: string) =>
  page.evaluate((o) => {
    document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.style.opacity = o
  }, opacity)

/**
 * Waits until the page has stopped moving the frame (a phone's bottom sheet slides in): while it
 * moves, the kit places the iframe by rewriting its style on each frame, which would drop an
 * opacity set in between.
 */
async function frameSettled(page: Page) {
  let last = ''
  await expect
    .poll(
      async () => {
        const rect = await page.evaluate(() =>
          JSON.stringify(document.querySelector('iframe[data-latch-frame]')?.getBoundingClientRect()),
        )
        const same = rect === last
        last = rect
        return same
      },
      { intervals: [150] },
    )
    .toBe(true)
}

/** A group of tests that share one visitor signed up in a context made by `options`. */
function withVisitor(options: BrowserContextOptions, query = '') {
  const shared: { context?: BrowserContext; page?: Page } = {}
  test.beforeAll(async ({ browser }) => {
    // A sign-up derives keys from a password (Argon2id): slow on a loaded machine.
    test.setTimeout(240_000)
    shared.context = await browser.newContext(options)
    shared.page = await shared.context.newPage()
    await shared.page.goto(`${demo}${query}`)
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
  test.describe.configure({ mode: 'serial', timeout: 240_000 })
  const page = withVisitor({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('when the visitor taps Approve within 500 ms of the screen coming into view, then the tap is ignored; tapped after reading the screen, the message is signed', async () => {
    const approve = approveButton(page())
    // The screen leaves the view and comes back (as when the visitor scrolls the page), and the
    // tap comes at once. The tap has reached the frame when Playwright's tap returns. It came
    // inside the 500 ms window, and must be ignored, when either
    // - the button is still `hidden` after it: the frame renders `data-latch-guard-state` in the
    //   same task as its visibility report, so the tap came before the frame saw the screen; or
    // - its round trip here took under 500 ms: the frame's clock starts at its own visibility
    //   report, which comes after the opacity is back.
    // On a loaded machine neither may hold: that attempt proves nothing either way (a late tap is
    // a person's), and the test asks again.
    let judged = false
    let lateSigned = false
    for (let attempt = 1; !judged; attempt++) {
      expect(
        attempt,
        'no tap inside the 500 ms window in 8 attempts: the machine is too loaded',
      ).toBeLessThanOrEqual(8)
      if (!(await approve.isVisible())) {
        await page().getByRole('button', { name: 'Sign message' }).tap()
        await expect(approve).toBeVisible({ timeout: 60_000 })
      }
      await frameSettled(page())
      const { x, y } = await centre(approve)
      await frameOpacity(page(), '0')
      await expect(approve).toHaveAttribute('data-latch-guard-state', 'hidden')
      const shownAt = Date.now()
      await frameOpacity(page(), '')
      await page().touchscreen.tap(x, y)
      const quick = Date.now() - shownAt < 500
      judged =
        quick || (await approve.getAttribute('data-latch-guard-state', { timeout: 5_000 })) === 'hidden'
      if (!judged) {
        // A late tap the guard took as a person's signs: that request ends before the next.
        await page().waitForTimeout(READ_MS)
        if (!(await approve.isVisible())) {
          lateSigned = true
          await expect(modal(page())).toBeHidden({ timeout: 60_000 })
        }
        continue
      }
      // (Chromium may drop the tap before the frame sees it: the frame has just changed.)
      await expect(approve).toBeVisible()
      expect(await approve.getAttribute('data-latch-guard', { timeout: 1_000 })).not.toBe('allowed')
    }
    await expect(approve).toHaveAttribute('data-latch-guard-state', 'ready')
    await page().waitForTimeout(READ_MS)
    await expect(approve).toBeVisible()
    if (!lateSigned) await expect(page().getByTestId('demo-signature')).toHaveCount(0)
    await approve.tap()
    await expect(page().getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
    await expect(modal(page())).toBeHidden()
  })

  test('when the visitor taps Approve on a transaction after reading it, then it is mined', async () => {
    await page().getByRole('button', { name: 'Send', exact: true }).tap()
    const approve = approveButton(page())
    await expect(approval(page())).toContainText(RECIPIENT, { timeout: 60_000 })
    await expect(modal(page()).locator('.latch-title')).toHaveText('Send a transaction')
    // A transaction's rows are longer than the frame: Approve stays in view beneath them.
    await expect(approve).toBeInViewport({ ratio: 1 })
    // The screen sits in the bottom sheet, beneath its title, with no spinner or Cancel under it.
    await expectFrameInModal(page())
    expect(await walletFrameAxeViolations(page())).toEqual([])
    await page().waitForTimeout(READ_MS)
    await approve.tap()
    await expect(page().getByTestId('demo-tx-mined')).toContainText('Mined in block', { timeout: 60_000 })
    await expect(modal(page())).toBeHidden()
  })

  test('when the visitor taps Reject, then the request is declined', async () => {
    await page().getByRole('button', { name: 'Sign message' }).tap()
    const reject = rejectButton(page())
    await expect(reject).toBeVisible({ timeout: 60_000 })
    // Reject has no guard; the wait is Chromium's: it drops a tap on a frame that has just
    // moved into place or changed its visibility.
    await page().waitForTimeout(READ_MS)
    await reject.tap()
    await expect(page().getByTestId('demo-sign-error')).toContainText(/declined/i)
    await expect(modal(page())).toBeHidden()
  })
})

test.describe('given a keyboard-only visitor signed in with email', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 })
  const page = withVisitor({})

  test('when the visitor tabs to Approve and presses Enter, then the message is signed', async () => {
    // No pointer anywhere near the frame.
    await page().mouse.move(1, 1)
    await page().getByRole('button', { name: 'Sign message' }).focus()
    await page().keyboard.press('Enter')
    await expect(approval(page()).locator('#latch-title')).toBeFocused({ timeout: 60_000 })
    // A person tabs on once the screen is in place: a Tab that reaches Approve while the frame is
    // not seen (the modal still moving it) does not count, and Enter would wait for a new one.
    await expect(approveButton(page())).toHaveAttribute('data-latch-guard-state', 'ready')
    await page().keyboard.press('Tab')
    await expect(rejectButton(page())).toBeFocused()
    await page().keyboard.press('Tab')
    await expect(approveButton(page())).toBeFocused()
    // The modal beneath says what is asked.
    await expect(modal(page()).locator('.latch-title')).toHaveText('Sign a message')
    // A person reads the screen before confirming.
    await page().waitForTimeout(READ_MS)
    await page().keyboard.press('Enter')
    await expect(page().getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
    await expect(modal(page())).toBeHidden()
  })

  test("when the visitor tabs on past Approve, then focus never lands on the modal's controls behind the frame, and Reject works by Enter", async () => {
    await page().mouse.move(1, 1)
    await page().getByRole('button', { name: 'Sign message' }).focus()
    await page().keyboard.press('Enter')
    await expect(approval(page()).locator('#latch-title')).toBeFocused({ timeout: 60_000 })
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
        expect(
          await modal(page()).evaluate((d) =>
            d.contains(document.activeElement) ? document.activeElement?.outerHTML.slice(0, 300) : false,
          ),
        ).toBe(false)
    }
    // The modal's Cancel is not left beneath the frame at all: the frame's screen is its body.
    await expect(modal(page()).getByRole('button', { name: 'Cancel' })).toBeHidden()
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

test.describe('given a visitor signed in with email, in light and dark mode and in Arabic', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 })
  const page = withVisitor({})
  const arabic = withVisitor({}, '?locale=ar')

  /** Opens the approval screen of a message, runs axe in the frame, rejects by Escape. */
  async function checkApprovalScreen(on: Page, open: string | RegExp) {
    await on.getByRole('button', { name: open }).click()
    await expect(approveButton(on)).toBeVisible({ timeout: 60_000 })
    // The screen sits in the modal's body, beneath its title, with nothing of the modal under it.
    await expectFrameInModal(on)
    expect(await walletFrameAxeViolations(on)).toEqual([])
    await on.keyboard.press('Escape')
    await expect(approval(on)).toBeHidden()
  }

  test('when the approval screen shows in light and in dark mode, then axe finds nothing in it', async () => {
    await checkApprovalScreen(page(), 'Sign message')
    await page().emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => walletFrame(page()).evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark')
    await checkApprovalScreen(page(), 'Sign message')
    await page().emulateMedia({ colorScheme: 'light' })
  })

  test('when the approval screen shows in Arabic, then it reads right to left and axe finds nothing in it', async () => {
    await checkApprovalScreen(arabic(), 'Sign message')
    expect(await walletFrame(arabic()).evaluate(() => document.documentElement.dir)).toBe('rtl')
  })
})
