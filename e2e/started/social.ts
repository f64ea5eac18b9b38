import type { Page } from '@playwright/test'
import { frameOf, PASSWORD } from './embedded.js'
import { expect, modal, status } from './fixtures.js'

/**
 * Clicks "Continue with <provider>" on Connect (opening the modal, and the "More ways to continue"
 * disclosure when the button waits behind it); the provider's window it opened.
 */
export async function openSocial(page: Page, provider: string): Promise<Page> {
  if (!(await modal(page).isVisible())) await page.getByTestId('latch-connect-button').click()
  const button = modal(page).getByTestId(`latch-social-${provider}`)
  const more = modal(page).getByRole('button', { name: 'More ways to continue' })
  if (!(await button.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click()
  const popup = page.waitForEvent('popup')
  await button.click()
  return popup
}

/** The frame's recovery password: set for a new wallet, typed on a new device of an old one. */
export async function passwordInFrame(page: Page): Promise<void> {
  const password = frameOf(page).locator('#latch-password')
  // A new wallet asks for its password; this device's own wallet opens without one.
  await expect
    .poll(async () => (await password.isVisible()) || (await status(page).textContent()) === 'connected', {
      timeout: 60_000,
    })
    .toBe(true)
  if (!(await password.isVisible())) return
  await password.fill(PASSWORD)
  const confirm = frameOf(page).locator('#latch-password-confirm')
  if (await confirm.isVisible()) await confirm.fill(PASSWORD)
  await password.press('Enter')
}

/**
 * At a plain OAuth 2 stand-in (Dev GitHub, Dev Socials), the test person `person` → connected (a
 * new wallet sets its password); the address. The kit closes the provider's window.
 */
export async function consentLogin(page: Page, provider: string, person: string): Promise<string> {
  const popup = await openSocial(page, provider)
  await popup.getByRole('button', { name: new RegExp(person) }).click()
  await passwordInFrame(page)
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  await expect.poll(() => popup.isClosed()).toBe(true)
  return (await page.getByTestId('demo-address').textContent()) as string
}
