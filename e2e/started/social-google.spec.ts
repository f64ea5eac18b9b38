import type { Browser, Page } from '@playwright/test'
import { axeViolations, modalSettled } from '../fixtures.js'
import { codeFor, demo, fromMail, signUp } from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'
import { passwordInFrame } from './social.js'

// "Continue with Google" on the demo as `npm start` serves it: Google is the test kit's Dev
// Google, a real OpenID provider on loopback, whose login page lists its test people.

const VERIFIED = { name: 'Dev Visitor', email: 'dev.visitor@example.com' }
/** Dev Google's person whose email Google does not vouch for (`email_verified: false`). */
const UNVERIFIED = { name: 'Unverified Visitor', email: 'unverified@example.com' }

/** Clicks Continue with Google on Connect; the provider's window it opened. */
async function openGoogle(page: Page): Promise<Page> {
  await page.getByTestId('latch-connect-button').click()
  const popup = page.waitForEvent('popup')
  await modal(page).getByTestId('latch-social-google').click()
  return popup
}

/** Continue with Google → Dev Google: the verified test person, Allow → connected; the address. */
async function googleLogin(page: Page, person = VERIFIED.name): Promise<string> {
  const popup = await openGoogle(page)
  await popup.getByRole('button', { name: new RegExp(person) }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await passwordInFrame(page)
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  // The kit closed the provider's window once the frame held the session.
  await expect.poll(() => popup.isClosed()).toBe(true)
  return (await page.getByTestId('demo-address').textContent()) as string
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(demo)
  return page
}

test.describe('given the demo with "Continue with Google"', () => {
  test.describe.configure({ timeout: 360_000 })

  test("when the page is open in an app's built-in browser, then Continue with Google says to open it in a browser, and no window opens", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
    })
    const page = await context.newPage()
    await page.goto(demo)
    let opened = false
    page.on('popup', () => {
      opened = true
    })
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('latch-social-google').click()
    await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
      'Google does not allow signing in inside this app. Open this page in your browser to continue with Google.',
    )
    expect(opened).toBe(false)
    await context.close()
  })

  test('when the visitor cancels at Google, then the modal stays on Connect and says so', async ({
    page,
  }) => {
    await page.goto(demo)
    const popup = await openGoogle(page)
    await popup.getByRole('button', { name: 'Cancel' }).click()
    await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
      'The Google login was cancelled. Try again, or connect another way.',
      { timeout: 60_000 },
    )
    await expect(modal(page).getByTestId('latch-email-input')).toBeVisible()
    await expect(status(page)).not.toHaveText('connected')
    await expect.poll(() => popup.isClosed()).toBe(true)
    // The button, and the message under it, pass axe; the button can be used again.
    await modalSettled(page)
    expect(await axeViolations(page)).toEqual([])
    await expect(modal(page).getByTestId('latch-social-google')).toBeEnabled()

    // The demo's project turns on Google and GitHub: email first, then Continue with Google,
    // then GitHub behind "More ways to continue", then the wallets.
    const more = modal(page).getByRole('button', { name: 'More ways to continue' })
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await expect(modal(page).getByTestId('latch-social-github')).toBeHidden()
    await more.click()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    const github = modal(page).getByRole('button', { name: 'Continue with GitHub' })
    await expect(github).toBeVisible()
    const top = async (testId: string) =>
      (await modal(page).getByTestId(testId).boundingBox())?.y ?? Number.NaN
    const order = [
      await top('latch-email-input'),
      await top('latch-social-google'),
      await top('latch-social-more'),
      await top('latch-social-github'),
      (await modal(page).locator('.latch-list').boundingBox())?.y ?? Number.NaN,
    ]
    expect(order.every(Number.isFinite)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  test('when Google does not vouch for the email, then the Google account is a wallet of its own: the same email by code opens another', async ({
    page,
    browser,
  }) => {
    await page.goto(demo)
    const viaGoogle = await googleLogin(page, UNVERIFIED.name)
    expect(viaGoogle).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const other = await freshPage(browser)
    // A new sign-up, no device to confirm: no account has this email yet.
    const viaCode = await signUp(other, UNVERIFIED.email)
    expect(viaCode).not.toBe(viaGoogle)
    await other.context().close()
  })

  test('when the visitor continues with Google, then they are connected with an address that a reload, another login and the same verified email by code all open', async ({
    page,
    browser,
  }) => {
    await page.goto(demo)
    const address = await googleLogin(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    // Account names the provider and the name the visitor goes by there, after the reload too.
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-social')).toHaveText(`Google · ${VERIFIED.name}`)
    await expect(modal(page).getByTestId('latch-account-email')).toHaveText(VERIFIED.email)
    await page.keyboard.press('Escape')

    // Another browser: the same Google account opens the same wallet.
    const second = await freshPage(browser)
    expect(await googleLogin(second)).toBe(address)
    await second.context().close()

    // Google vouched for the email: a login with it by code is the same account.
    const third = await freshPage(browser)
    const started = Date.now() - 1_000
    await third.getByTestId('latch-connect-button').click()
    await modal(third).getByTestId('latch-email-input').fill(VERIFIED.email)
    await modal(third).getByTestId('latch-email-submit').click()
    // A device the account has not seen: confirmed from the mailed link, then the code.
    await expect(modal(third).getByTestId('latch-embedded-device')).toBeVisible({ timeout: 60_000 })
    const link = await fromMail(
      VERIFIED.email,
      /(http\S+\/embedded\/v1\/device\/confirm\?token=\S+)/,
      started,
    )
    const mailbox = await third.context().newPage()
    await mailbox.goto(link)
    const confirmed = Date.now() - 1_000
    await mailbox.getByRole('button', { name: 'This was me' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Device confirmed.' })).toBeVisible()
    await mailbox.close()
    const input = modal(third).getByTestId('latch-otp-input')
    await expect(input).toBeVisible({ timeout: 60_000 })
    await input.fill(await codeFor(VERIFIED.email, confirmed, /login code/))
    await passwordInFrame(third)
    await expect(status(third)).toHaveText('connected', { timeout: 60_000 })
    await expect(third.getByTestId('demo-address')).toHaveText(address)
    await third.context().close()
  })
})
