import type { Page } from '@playwright/test'
import { demo, frameOf, PASSWORD } from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'

// "Continue with GitHub" on the demo as `npm start` serves it: GitHub is the test kit's Dev
// GitHub, which speaks GitHub's OAuth endpoints and API on loopback; its page lists its test
// people. GitHub has no ID token: the server reads the person and the email from its API.

const OCTO = 'Octo Visitor'

/**
 * Clicks Continue with GitHub on Connect (opening the modal, and the "More ways to continue"
 * disclosure it waits behind, if needed); the window it opened.
 */
async function openGithub(page: Page): Promise<Page> {
  if (!(await modal(page).isVisible())) await page.getByTestId('latch-connect-button').click()
  const more = modal(page).getByRole('button', { name: 'More ways to continue' })
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
  const popup = page.waitForEvent('popup')
  await modal(page).getByTestId('latch-social-github').click()
  return popup
}

/** At Dev GitHub, the verified test person → connected (a new wallet sets its password); the address. */
async function githubLogin(page: Page): Promise<string> {
  const popup = await openGithub(page)
  await popup.getByRole('button', { name: new RegExp(OCTO) }).click()
  const password = frameOf(page).locator('#latch-password')
  // A new wallet asks for its password; this device's own wallet opens without one.
  await expect
    .poll(async () => (await password.isVisible()) || (await status(page).textContent()) === 'connected', {
      timeout: 60_000,
    })
    .toBe(true)
  if (await password.isVisible()) {
    await password.fill(PASSWORD)
    const confirm = frameOf(page).locator('#latch-password-confirm')
    if (await confirm.isVisible()) await confirm.fill(PASSWORD)
    await password.press('Enter')
  }
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  // The kit closed the provider's window once the frame held the session.
  await expect.poll(() => popup.isClosed()).toBe(true)
  return (await page.getByTestId('demo-address').textContent()) as string
}

test('given the demo with "Continue with GitHub", when the visitor cancels, then Connect says so; when they authorize, then they are connected with an address that a reload and another login keep', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(demo)
  const cancelled = await openGithub(page)
  await cancelled.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
    'The GitHub login was cancelled. Try again, or connect another way.',
    { timeout: 60_000 },
  )
  await expect(status(page)).not.toHaveText('connected')

  const address = await githubLogin(page)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  await page.reload()
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  await expect(page.getByTestId('demo-address')).toHaveText(address)

  // Sign out, and in again with GitHub: the same GitHub account opens the same wallet.
  await page.getByTestId('latch-account-button').click()
  await modal(page).getByTestId('latch-disconnect').click()
  await expect(status(page)).toHaveText('disconnected')
  expect(await githubLogin(page)).toBe(address)
})
