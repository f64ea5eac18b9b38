import type { BrowserContext, Locator, Page } from '@playwright/test'
import { type Hex, recoverMessageAddress } from 'viem'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { codeIn, demo, frameOf, frameOrigin, mailTo, newEmail, signUp } from './embedded.js'
import { expect, modal, test } from './fixtures.js'
import { attacks, centre, DWELL_MS, keyboardTricks, personClicks, personTaps, reset } from './guard-tricks.js'

// The clickjacking guard of the frame's Approve and Export buttons, and the export of the
// recovery phrase and keys, through the demo as `npm start` serves it. Every press meant to count
// is a person's: the pointer rests on the button for a while first, the finger taps once the
// screen has been read, the keyboard reaches the button by Tab (the tricks: guard-tricks.ts).

/** Account → Export wallet: the frame shows its Export screen over the page. */
async function openExportScreen(page: Page): Promise<Locator> {
  await page.getByTestId('latch-account-button').click()
  await modal(page).getByTestId('latch-export-wallet').click()
  const button = frameOf(page).getByTestId('latch-export-open')
  await expect(button).toBeVisible()
  return button
}

/** A person's click on a button of the wallet window that ends it: the frame closes the window
 * at once, which may come before the click's own acknowledgement. */
async function personClicksClosing(popup: Page, button: Locator) {
  const closed = popup.waitForEvent('close')
  await personClicks(popup, button).catch((error: Error) => {
    if (!popup.isClosed() && !/has been closed/.test(error.message)) throw error
  })
  await closed
}

/** The Approve button of the frame's approval screen, for a message the demo asks to sign. */
async function openApprovalScreen(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Sign message' }).click()
  const button = frameOf(page).locator('[data-action="approve"]')
  await expect(button).toBeVisible({ timeout: 60_000 })
  return button
}

/**
 * The tricks above, a focused frame with Enter, and the control case, against one guarded button
 * of the frame: `open` brings the screen up for a new visitor, `expectNone` checks that the
 * activation had no effect, `expectDone` that a person's click had it.
 */
function describeTricks(target: {
  title: string
  verb: string
  open: (page: Page) => Promise<Locator>
  expectNone: (page: Page, context: BrowserContext, button: Locator) => Promise<void>
  control: string
  expectDone: (page: Page, context: BrowserContext, button: Locator) => Promise<void>
}) {
  test.describe(target.title, () => {
    test.describe.configure({ mode: 'serial', timeout: 240_000 })
    let context: BrowserContext
    let page: Page
    let button: Locator

    test.beforeAll(async ({ browser }) => {
      // A sign-up derives keys from a password (Argon2id): slow on a loaded machine.
      test.setTimeout(240_000)
      // A screen with a mouse, a touch screen and a keyboard: every way in is tried.
      context = await browser.newContext({ hasTouch: true })
      page = await context.newPage()
      await page.goto(demo)
      await signUp(page, newEmail('guard'))
      button = await target.open(page)
    })
    test.afterAll(async () => {
      await context.close()
    })
    test.afterEach(async () => {
      await reset(page, button)
    })

    for (const attack of attacks)
      test(`when ${attack.name}, then a hover-wait-click does not ${target.verb}`, async () => {
        await attack.apply(page, button)
        await (attack.click ?? personClicks)(page, button)
        if (attack.browserMayDrop) expect(await button.getAttribute('data-latch-guard')).not.toBe('allowed')
        else await expect(button).toHaveAttribute('data-latch-guard', 'refused')
        await target.expectNone(page, context, button)
      })

    for (const attack of attacks)
      test(`when ${attack.tapName ?? attack.name}, then a tap after reading the screen does not ${target.verb}`, async () => {
        await attack.apply(page, button)
        await (attack.tap ?? personTaps)(page, button)
        if (attack.browserMayDrop) expect(await button.getAttribute('data-latch-guard')).not.toBe('allowed')
        else await expect(button).toHaveAttribute('data-latch-guard', 'refused')
        await target.expectNone(page, context, button)
      })

    for (const trick of keyboardTricks)
      test(`when ${trick.name}, then the keyboard does not ${target.verb}`, async () => {
        await trick.play(page, button)
        await target.expectNone(page, context, button)
      })

    test(`when the page focuses the iframe and Enter is pressed, then nothing is activated`, async () => {
      // The pointer has rested in the frame long enough: only the keyboard path is under test.
      const { x, y } = await centre(button)
      await page.mouse.move(x, y - 60, { steps: 3 })
      await page.waitForTimeout(DWELL_MS)
      await page.evaluate(() =>
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.focus(),
      )
      expect(await button.evaluate((b) => b.ownerDocument.activeElement === b)).toBe(false)
      await page.keyboard.press('Enter')
      await target.expectNone(page, context, button)
    })

    test(target.control, async () => {
      await target.expectDone(page, context, button)
    })
  })
}

describeTricks({
  title: 'given a visitor on the Export screen of the frame, and a page that tries to trick the click',
  verb: 'export',
  open: openExportScreen,
  expectNone: async (_page, context, button) => {
    const before = context.pages().length
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(context.pages().filter((p) => p.url().startsWith(`${frameOrigin}/frame/window`))).toEqual([])
    expect(context.pages().length).toBe(before)
    await expect(button).toBeVisible()
  },
  control: 'when a person rests on the button and clicks, then the export window opens (the control case)',
  expectDone: async (page, context, button) => {
    const opened = context.waitForEvent('page')
    await personClicks(page, button)
    const popup = await opened
    await popup.waitForLoadState()
    expect(popup.url()).toContain(`${frameOrigin}/frame/window`)
    await popup.close()
  },
})

describeTricks({
  title:
    'given a visitor on the approval screen of a message to sign, and a page that tries to trick the click',
  verb: 'approve',
  open: openApprovalScreen,
  expectNone: async (page, _context, button) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await expect(button).toBeVisible()
    await expect(page.getByTestId('demo-signature')).toHaveCount(0)
  },
  control: 'when a person rests on Approve and clicks, then the message is signed (the control case)',
  expectDone: async (page, _context, button) => {
    await personClicks(page, button)
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
  },
})

/** A browser without IntersectionObserver v2, on the frame origin only (the frame and its window). */
async function withoutVisibilityTracking(context: BrowserContext) {
  await context.addInitScript((origin) => {
    if (location.origin === origin)
      delete (IntersectionObserverEntry.prototype as unknown as { isVisible?: boolean }).isVisible
  }, frameOrigin)
}

/** Sends the export code in the export window, reads it, enters it and reveals the phrase. */
async function exportInWindow(popup: Page, email: string) {
  const started = Date.now() - 1_000
  await popup.getByTestId('latch-export-send').click()
  const code = codeIn(await mailTo(email, /wallet export code/, started))
  await popup.locator('#latch-export-code').fill(code)
  await personClicks(popup, popup.getByTestId('latch-export-reveal'))
  const phrase = popup.getByTestId('latch-export-phrase')
  await expect(phrase).toBeVisible({ timeout: 60_000 })
  return {
    phrase: ((await phrase.textContent()) ?? '').trim(),
    evmKey: ((await popup.getByTestId('latch-export-evm-key').textContent()) ?? '').trim(),
  }
}

test.describe('given the demo with a visitor signed in with email', () => {
  test.describe.configure({ timeout: 240_000 })

  test('when the visitor exports the wallet, then the window shows a phrase that derives the same address, and the owner is told by mail', async ({
    page,
    context,
  }) => {
    const email = newEmail('guard')
    await page.goto(demo)
    const address = await signUp(page, email)
    const button = await openExportScreen(page)
    const opened = context.waitForEvent('page')
    await personClicks(page, button)
    const popup = await opened
    // The frame's screen is gone: the page shows no secret and the overlay is hidden again.
    await expect(page.locator('iframe[data-latch-frame]')).toBeHidden()
    await expect(popup.getByRole('heading', { name: 'Export your wallet' })).toBeVisible()

    // A wrong code shows nothing.
    await popup.getByTestId('latch-export-send').click()
    await expect(popup.locator('#latch-export-code')).toBeVisible({ timeout: 60_000 })
    const sent = await mailTo(email, /wallet export code/, 0)
    const wrong = codeIn(sent) === '000000' ? '111111' : '000000'
    await popup.locator('#latch-export-code').fill(wrong)
    await personClicks(popup, popup.getByTestId('latch-export-reveal'))
    await expect(popup.getByRole('alert').filter({ hasText: 'Invalid or expired code' })).toBeVisible()
    await expect(popup.getByTestId('latch-export-phrase')).toHaveCount(0)

    await popup.locator('#latch-export-code').fill(codeIn(sent))
    await personClicks(popup, popup.getByTestId('latch-export-reveal'))
    const phrase = ((await popup.getByTestId('latch-export-phrase').textContent()) ?? '').trim()
    expect(phrase.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(phrase).address).toBe(address)
    const evmKey = ((await popup.getByTestId('latch-export-evm-key').textContent()) ?? '').trim()
    expect(privateKeyToAddress(evmKey as `0x${string}`)).toBe(address)

    // The owner is told, and the demo's Dev inbox shows it.
    await mailTo(email, /wallet was exported/, 0)
    await expect(
      page
        .getByTestId('demo-inbox-mail')
        .filter({ hasText: email })
        .filter({ hasText: 'wallet was exported' }),
    ).toBeVisible({ timeout: 15_000 })
    // Nothing of it reached the page.
    const seen = await page.content()
    expect(seen).not.toContain(phrase)
    expect(seen).not.toContain(evmKey.slice(2))
  })

  test('when the browser has no IntersectionObserver v2, then the frame sends the visitor to its own window, where the export still needs the code', async ({
    page,
    context,
  }) => {
    await withoutVisibilityTracking(context)
    const email = newEmail('guard')
    await page.goto(demo)
    const address = await signUp(page, email)
    const button = await openExportScreen(page)
    expect(await button.evaluate(() => 'isVisible' in IntersectionObserverEntry.prototype)).toBe(false)
    const opened = context.waitForEvent('page')
    await personClicks(page, button)
    const popup = await opened
    const { phrase } = await exportInWindow(popup, email)
    expect(mnemonicToAccount(phrase).address).toBe(address)
  })
})

test.describe('given a browser without IntersectionObserver v2 and a visitor signed in with email', () => {
  test.describe.configure({ timeout: 240_000 })
  const MESSAGE = 'Hello from the Latch demo'

  /** Sign message → the frame's screen, whose button opens the frame origin's window → that window. */
  async function openApprovalWindow(page: Page, context: BrowserContext): Promise<Page> {
    await page.getByRole('button', { name: 'Sign message' }).click()
    const open = frameOf(page).locator('[data-action="open-window"]')
    await expect(open).toBeVisible({ timeout: 60_000 })
    await expect(modal(page).getByTestId('latch-approve-confirm')).toHaveText('Confirm in the wallet')
    const opened = context.waitForEvent('page')
    await personClicks(page, open)
    const popup = await opened
    await expect(frameOf(page).getByTestId('approval-window-status')).toHaveText(
      'Approve or reject in the wallet window.',
    )
    expect(new URL(popup.url()).origin).toBe(frameOrigin)
    await expect(popup.locator('.approval')).toContainText(MESSAGE)
    return popup
  }

  test('when personal_sign is approved in the wallet window, then the page verifies a signature of the account', async ({
    page,
    context,
  }) => {
    await withoutVisibilityTracking(context)
    await page.goto(demo)
    const address = await signUp(page, newEmail('window'))
    const popup = await openApprovalWindow(page, context)
    // The frame itself offers no Approve: only the window decides.
    await expect(frameOf(page).locator('[data-action="approve"]')).toHaveCount(0)
    await expect(popup.getByTestId('approval-origin')).toHaveText(new URL(demo).origin)
    const approve = popup.locator('[data-action="approve"]')
    await expect(approve).not.toBeFocused()
    await personClicksClosing(popup, approve)
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
      timeout: 60_000,
    })
    const signature = (await page.getByTestId('demo-signature').locator('code').textContent()) as Hex
    expect(await recoverMessageAddress({ message: MESSAGE, signature })).toBe(address)
    await expect(modal(page)).toBeHidden()
  })

  test('when the wallet window is closed, rejected or cancelled from the modal, then nothing is signed and the modal is closed again', async ({
    page,
    context,
  }) => {
    await withoutVisibilityTracking(context)
    await page.goto(demo)
    await signUp(page, newEmail('window'))
    const settled = async (error: RegExp) => {
      await expect(page.getByTestId('demo-sign-error')).toContainText(error)
      await expect(page.locator('iframe[data-latch-frame]')).toBeHidden()
      await expect(modal(page)).toBeHidden()
      await expect(page.getByTestId('demo-signature')).toHaveCount(0)
    }

    await test.step('the window closed unanswered: the request is aborted', async () => {
      const popup = await openApprovalWindow(page, context)
      await popup.close()
      await settled(/declined/i)
    })
    await test.step('Reject in the window: the request is rejected and the window closes', async () => {
      const popup = await openApprovalWindow(page, context)
      await personClicksClosing(popup, popup.locator('[data-action="reject"]'))
      await settled(/declined/i)
    })
    await test.step("the modal's Close: the request is aborted and the window closed", async () => {
      const popup = await openApprovalWindow(page, context)
      const closed = popup.waitForEvent('close')
      // The frame's screen is the modal's body; the header's Close, beside it, cancels.
      await modal(page).getByRole('button', { name: 'Close' }).click()
      await closed
      await settled(/declined/i)
    })
  })
})
