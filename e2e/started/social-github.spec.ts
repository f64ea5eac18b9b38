import type { Page } from '@playwright/test'
import { demo } from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'
import { consentLogin, openSocial } from './social.js'

// "Continue with GitHub" on the demo as `npm start` serves it: GitHub is the test kit's Dev
// GitHub, which speaks GitHub's OAuth endpoints and API on loopback; its page lists its test
// people. GitHub has no ID token: the server reads the person and the email from its API.

const OCTO = 'Octo Visitor'

/** Continue with GitHub → the verified test person at Dev GitHub → connected; the address. */
const githubLogin = (page: Page) => consentLogin(page, 'github', OCTO)

test('given the demo with "Continue with GitHub", when the visitor cancels or closes the window, then Connect says so; when they authorize, then they are connected with an address that a reload and another login keep', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(demo)
  const cancelled = await openSocial(page, 'github')
  await cancelled.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
    'The GitHub login was cancelled. Try again, or connect another way.',
    { timeout: 60_000 },
  )
  await expect(status(page)).not.toHaveText('connected')

  // Closing GitHub's window mid-way is a cancellation too: Connect stays, with the same words.
  const closed = await openSocial(page, 'github')
  // A new try clears the last message; the window's closing brings it back.
  await expect(modal(page).getByTestId('latch-social-error')).toBeHidden()
  await closed.close()
  await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
    'The GitHub login was cancelled. Try again, or connect another way.',
    { timeout: 60_000 },
  )
  await expect(modal(page).getByTestId('latch-social-github')).toBeEnabled()

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
