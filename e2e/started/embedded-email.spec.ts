import type { Page } from '@playwright/test'
import { axeViolations, frameAxeViolations, modalSettled } from '../fixtures.js'
import { ports } from '../playwright.config.js'
import {
  BROWSER_THROTTLE_MS,
  codeFor,
  demo,
  expectNoStorageExplained,
  MAIL_THROTTLE_MS,
  mails,
  newEmail,
  PASSWORD,
} from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// The demo as `npm start` serves it: email update and the frame's own screens in other languages.
// Codes are read from the SMTP sink's HTTP inbox (the one the demo's Dev inbox panel shows).

/** Email → code → (a new wallet: the frame's recovery password) → connected; the address. */
async function login(page: Page, email: string, { newUser = true } = {}) {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('latch-email-input').fill(email)
  // The server's throttle per address may still run (a code mail went there just before):
  // the visitor reads how long to wait, waits, and sends again.
  for (;;) {
    const started = Date.now() - 1_000
    await modal(page).getByTestId('latch-email-submit').click()
    const input = modal(page).getByTestId('latch-otp-input')
    const refused = modal(page).getByTestId('latch-embedded-error')
    await expect(input.or(refused)).toBeVisible({ timeout: 60_000 })
    if (await input.isVisible()) {
      await input.fill(await codeFor(email, started, /login code/))
      break
    }
    const seconds = Number(/after (\d+) seconds/.exec((await refused.textContent()) ?? '')?.[1] ?? 30)
    await page.waitForTimeout((seconds + 1) * 1_000)
    await modal(page).getByTestId('latch-embedded-retry').click()
    await modal(page).getByTestId('latch-email-input').fill(email)
  }
  if (newUser) {
    const frame = page.frameLocator('iframe[data-latch-frame]')
    await frame.locator('#latch-password').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').fill(PASSWORD)
    await frame.locator('#latch-password-confirm').press('Enter')
  }
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  return (await page.getByTestId('demo-address').textContent()) as string
}

test.describe('given the demo with email login', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when the visitor updates the email with a code to each address, then Account shows the new email, and a login with it opens the same wallet', async ({
    page,
  }) => {
    const email = newEmail('before')
    const next = newEmail('after')
    await page.goto(demo)
    const loginStarted = Date.now()
    const address = await login(page, email)

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-update-email').click()
    const field = modal(page).getByTestId('latch-update-email-input')
    await expect(field).toBeFocused()
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    // Keyboard only from here: a bad address first.
    await page.keyboard.type('not-an-email')
    await page.keyboard.press('Enter')
    await expect(modal(page).getByTestId('latch-update-email-error')).toHaveText('Invalid email')
    await field.fill(next)
    // The login's code went to the current address moments ago: the same throttle applies. (On a
    // machine so loaded that the steps above took longer, it may have run out, and the code is
    // sent at once.)
    const throttled = Date.now() - loginStarted < MAIL_THROTTLE_MS - 2_000
    let started = Date.now() - 1_000
    await page.keyboard.press('Enter')
    const error = modal(page).getByTestId('latch-update-email-error')
    const primary = modal(page).getByTestId('latch-update-verify-primary')
    await expect(throttled ? error : error.or(primary)).toBeVisible({ timeout: 60_000 })
    if (await error.isVisible()) {
      await expect(error).toHaveText(/^Please try again after \d+ seconds$/)
      expect(await axeViolations(page)).toEqual([])
      const wait = Number(/after (\d+) seconds/.exec((await error.textContent()) ?? '')?.[1])
      await page.waitForTimeout((wait + 1) * 1_000)
      started = Date.now() - 1_000
      await modal(page).getByTestId('latch-update-email-submit').click()
    }

    // First the code sent to the current address…
    await expect(primary).toBeVisible({ timeout: 60_000 })
    await expect(primary.getByTestId('latch-update-otp-input')).toBeFocused()
    const primaryCode = await codeFor(email, started, /change your email/)
    expect((await mails(next)).length).toBe(0)
    await page.keyboard.type(primaryCode)
    // …then the one sent to the new address (the first one does not pass for it).
    const secondary = modal(page).getByTestId('latch-update-verify-secondary')
    await expect(secondary).toBeVisible({ timeout: 60_000 })
    await expect(secondary.getByRole('textbox')).toBeFocused()
    await expect(secondary).toContainText(next)
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    const secondaryCode = await codeFor(next, started, /confirm this email/)
    if (secondaryCode !== primaryCode) {
      await page.keyboard.type(primaryCode)
      await expect(modal(page).getByTestId('latch-update-otp-error')).toHaveText(
        'This code is not right. Check it and try again.',
      )
    }
    await secondary.getByRole('textbox').fill(secondaryCode)
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(next, { timeout: 60_000 })
    // The old mailbox is told.
    await expect.poll(async () => (await mails(email)).some((m) => /was changed/.test(m.subject))).toBe(true)
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(next)

    // Sign out, and log in with the new email: this device is known, the same wallet opens.
    await modal(page).getByTestId('latch-disconnect').click()
    await expect(status(page)).toHaveText('disconnected')
    expect(await login(page, next, { newUser: false })).toBe(address)
  })

  test('when the visitor closes the modal during an email change (to read the inbox) and opens it again, then the change goes on where it was, through both codes', async ({
    page,
  }) => {
    const email = newEmail('resume')
    const next = newEmail('resumed')
    await page.goto(demo)
    await login(page, email)
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-update-email').click()
    await modal(page).getByTestId('latch-update-email-input').fill(next)
    // The login's code went to the current address moments ago: the server's throttle.
    let started = Date.now()
    for (;;) {
      started = Date.now() - 1_000
      await modal(page).getByTestId('latch-update-email-submit').click()
      const primary = modal(page).getByTestId('latch-update-verify-primary')
      const refused = modal(page).getByTestId('latch-update-email-error')
      await expect(primary.or(refused)).toBeVisible({ timeout: 60_000 })
      if (await primary.isVisible()) break
      const seconds = Number(/after (\d+) seconds/.exec((await refused.textContent()) ?? '')?.[1] ?? 30)
      await page.waitForTimeout((seconds + 1) * 1_000)
    }
    const primaryCode = await codeFor(email, started, /change your email/)
    // The visitor closes the modal to read the mail, and opens it again: the code step is there.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await page.getByTestId('latch-account-button').click()
    const primary = modal(page).getByTestId('latch-update-verify-primary')
    await expect(primary).toBeVisible()
    await expect(primary.getByTestId('latch-update-otp-input')).toBeFocused()
    await primary.getByTestId('latch-update-otp-input').fill(primaryCode)
    const secondary = modal(page).getByTestId('latch-update-verify-secondary')
    await expect(secondary).toBeVisible({ timeout: 60_000 })
    // Closed again before the second code: it comes back at the second code, for the new address.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await page.getByTestId('latch-account-button').click()
    await expect(secondary).toBeVisible()
    await expect(secondary).toContainText(next)
    await secondary.getByRole('textbox').fill(await codeFor(next, started, /confirm this email/))
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(next, { timeout: 60_000 })
    // Back from the change leaves it: the next open shows Account, not a stale code step.
    await page.keyboard.press('Escape')
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(next)
    await expect(modal(page).getByTestId('latch-update-verify-secondary')).toHaveCount(0)
  })

  test('when the kit speaks Arabic, then the frame’s recovery screen is in Arabic, right to left, in the app’s theme, and passes axe and the keyboard path', async ({
    page,
  }) => {
    const email = newEmail('arabic')
    await page.goto(`${demo}?locale=ar`)
    // The app's theme reaches the frame's screens (SYNC_THEME), now and when it changes.
    await page.getByRole('button', { name: 'Dark mode' }).click()
    await page.getByTestId('latch-connect-button').click()
    const started = Date.now() - 1_000
    await modal(page).getByTestId('latch-email-input').fill(email)
    await modal(page).getByTestId('latch-email-submit').click()
    await modal(page)
      .getByTestId('latch-otp-input')
      .fill(await codeFor(email, started, /login code/))
    const frame = page.frameLocator('iframe[data-latch-frame]')
    await expect(frame.locator('h1')).toHaveText('عيّن كلمة مرور للاسترداد', { timeout: 60_000 })
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(frame.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark')
    const inner = page.frames().find((f) => f.url().includes('/frame/'))
    expect(inner?.url()).toContain('locale=ar')
    expect(await frameAxeViolations(inner!)).toEqual([])
    // The keyboard path: the password field has the focus; too short is said in Arabic.
    await expect(frame.locator('#latch-password')).toBeFocused()
    await page.keyboard.type('short')
    await page.keyboard.press('Enter')
    await expect(frame.locator('[role="alert"]')).toHaveText('تحتاج كلمة المرور إلى 10 أحرف على الأقل')
    expect(await frameAxeViolations(inner!)).toEqual([])
    await frame.locator('#latch-password').fill(PASSWORD)
    await page.keyboard.press('Tab')
    await expect(frame.locator('#latch-password-confirm')).toBeFocused()
    await page.keyboard.type(PASSWORD)
    await page.keyboard.press('Enter')
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await page.getByRole('button', { name: 'Light mode' }).click()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light')
  })

  test('when the browser gives the frame no storage, then the visitor is told so in the modal and nothing is half-kept', async ({
    page,
  }) => {
    // Blocked third-party storage, as the frame meets it: IndexedDB refuses to open on its origin.
    await page.context().addInitScript((frameOrigin) => {
      if (location.origin !== frameOrigin) return
      Object.defineProperty(IDBFactory.prototype, 'open', {
        value() {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError')
        },
      })
    }, `http://localhost:${ports.api}`)
    await page.goto(demo)
    await expectNoStorageExplained(page, newEmail('nostorage'))
    expect(await axeViolations(page)).toEqual([])
  })

  test('when a second device recovers the wallet in German, then the frame’s recovery screen is in German, passes axe, says a wrong password in German, and opens the same address', async ({
    page,
    browser,
  }) => {
    const email = newEmail('device')
    await page.goto(demo)
    const address = await login(page, email)
    const firstCodeBy = Date.now()

    const second = await browser.newContext()
    const other = await second.newPage()
    await other.goto(`${demo}?locale=de`)
    await other.getByTestId('latch-connect-button').click()
    await modal(other).getByTestId('latch-email-input').fill(email)
    // The first device's code went out moments ago: wait out the server's resend throttle first,
    // as a visitor would (a throttled try would start this browser's own 30 s wait too).
    const throttle = firstCodeBy + MAIL_THROTTLE_MS + 1_000 - Date.now()
    if (throttle > 0) await other.waitForTimeout(throttle)
    let asked = Date.now() - 1_000
    await modal(other).getByTestId('latch-email-submit').click()
    const device = modal(other).getByTestId('latch-embedded-device')
    const throttled = modal(other)
      .getByTestId('latch-email-error')
      .or(modal(other).getByTestId('latch-embedded-error'))
    await expect(device.or(throttled)).toBeVisible({ timeout: 60_000 })
    if (!(await device.isVisible())) {
      // Refused all the same (a loaded machine): the kit's own wait counts from that try.
      await other.waitForTimeout(BROWSER_THROTTLE_MS)
      if (await modal(other).getByTestId('latch-embedded-retry').isVisible())
        await modal(other).getByTestId('latch-embedded-retry').click()
      await modal(other).getByTestId('latch-email-input').fill(email)
      asked = Date.now() - 1_000
      await modal(other).getByTestId('latch-email-submit').click()
      await expect(device).toBeVisible({ timeout: 60_000 })
    }
    let link = ''
    await expect
      .poll(async () => {
        const mail = (await mails(email)).find(
          (m) => Date.parse(m.date) >= asked && /new device/.test(m.subject),
        )
        link = /(http\S+device\/confirm\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
        return link
      })
      .not.toBe('')
    const mailbox = await second.newPage()
    await mailbox.goto(link)
    const confirmed = Date.now() - 1_000
    await mailbox.getByRole('button', { name: 'This was me' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Device confirmed.' })).toBeVisible()
    await modal(other)
      .getByTestId('latch-otp-input')
      .fill(await codeFor(email, confirmed, /login code/))

    const frame = other.frameLocator('iframe[data-latch-frame]')
    await expect(frame.locator('h1')).toHaveText('Gib dein Wiederherstellungspasswort ein', {
      timeout: 60_000,
    })
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de')
    await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr')
    const inner = other.frames().find((f) => f.url().includes('/frame/'))
    expect(await frameAxeViolations(inner!)).toEqual([])
    await expect(frame.locator('#latch-password')).toBeFocused()
    await other.keyboard.type('not the password')
    await other.keyboard.press('Enter')
    await expect(frame.locator('[role="alert"]')).toHaveText(
      'Das Wiederherstellungspasswort ist nicht richtig',
      {
        timeout: 60_000,
      },
    )
    expect(await frameAxeViolations(inner!)).toEqual([])
    await expect(frame.locator('#latch-password')).toBeFocused()
    await other.keyboard.type(PASSWORD)
    await other.keyboard.press('Enter')
    await expect(status(other)).toHaveText('connected', { timeout: 60_000 })
    await expect(other.getByTestId('demo-address')).toHaveText(address)
    await second.close()
  })
})
