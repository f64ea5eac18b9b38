import type { Page } from '@playwright/test'
import { demo } from './embedded.js'
import { expect, modal, status, test } from './fixtures.js'
import { consentLogin, openSocial, passwordInFrame } from './social.js'

// "Continue with X", "Continue with Discord" and "Continue with Facebook" on the demo as
// `npm start` serves it: the providers are the test kit's Dev Socials, which speak each one's OAuth
// endpoints and API on loopback; its pages list their test people.

const PROVIDERS = [
  { id: 'x', name: 'X', person: 'X Visitor', shown: 'X · DevVisitor' },
  { id: 'discord', name: 'Discord', person: 'Discord Visitor', shown: 'Discord · dev.visitor' },
  { id: 'facebook', name: 'Facebook', person: 'Facebook Visitor', shown: 'Facebook · Facebook Visitor' },
] as const

async function signOut(page: Page) {
  await page.getByTestId('latch-account-button').click()
  await modal(page).getByTestId('latch-disconnect').click()
  await expect(status(page)).toHaveText('disconnected')
}

test('given the demo with X, Discord and Facebook behind "More ways to continue", when the visitor logs in with each, then each opens a wallet of its own that Account names with the provider and the handle, and logging in again opens the same one', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.goto(demo)
  // Cancel at X: Connect stays, and says so in the provider's name.
  const cancelled = await openSocial(page, 'x')
  await cancelled.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal(page).getByTestId('latch-social-error')).toHaveText(
    'The X login was cancelled. Try again, or connect another way.',
    { timeout: 60_000 },
  )
  const addresses: string[] = []
  for (const provider of PROVIDERS) {
    const address = await consentLogin(page, provider.id, provider.person)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    addresses.push(address)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-social')).toHaveText(provider.shown)
    await page.keyboard.press('Escape')
    await signOut(page)
  }
  // Three providers, three people: three wallets.
  expect(new Set(addresses).size).toBe(3)
  // The same Discord person again: the same wallet.
  expect(await consentLogin(page, 'discord', 'Discord Visitor')).toBe(addresses[1])
})

test('given the demo with "Continue with Apple", when the visitor signs in at Apple, then the answer posted back to the server connects them, Account names Apple and the name Apple gave, and a reload keeps it', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(demo)
  const popup = await openSocial(page, 'apple')
  // Dev Apple: pick the person, then Allow; Apple's answer comes back as a form POST.
  await popup.getByRole('button', { name: /Apple Visitor/ }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()
  await passwordInFrame(page)
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  await expect.poll(() => popup.isClosed()).toBe(true)
  const address = (await page.getByTestId('demo-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await page.getByTestId('latch-account-button').click()
  await expect(modal(page).getByTestId('latch-account-social')).toHaveText('Apple · Apple Visitor')
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
  await expect(page.getByTestId('demo-address')).toHaveText(address)
})

test('given the demo with "Continue with Farcaster", when the visitor opens the link in their Farcaster client and approves, then they are connected, Account names Farcaster and the username, and the same account signs in again', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(demo)
  /** Continue with Farcaster → its QR code and link → Dev Farcaster (the phone's app) → Approve. */
  const farcasterLogin = async () => {
    await page.getByTestId('latch-connect-button').click()
    const more = modal(page).getByRole('button', { name: 'More ways to continue' })
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
    await modal(page).getByTestId('latch-social-farcaster').click()
    await expect(modal(page).getByRole('img', { name: 'Farcaster QR code' })).toBeVisible({ timeout: 30_000 })
    const link = modal(page).getByTestId('latch-farcaster-open')
    expect(new URL((await link.getAttribute('href')) ?? '').searchParams.get('channelToken')).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    )
    const client = page.waitForEvent('popup')
    await link.click()
    const app = await client
    await expect(app.getByText('Sign in as @dev-visitor (fid 20001)?')).toBeVisible()
    await app.getByRole('button', { name: 'Approve' }).click()
    await expect(app.getByText('Signed in. You can go back to the app.')).toBeVisible()
    await app.close()
    await passwordInFrame(page)
    await expect(status(page)).toHaveText('connected', { timeout: 60_000 })
    return (await page.getByTestId('demo-address').textContent()) as string
  }
  // Leaving the view before approving ends that attempt: Connect is back, nothing connected.
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByRole('button', { name: 'More ways to continue' }).click()
  await modal(page).getByTestId('latch-social-farcaster').click()
  await expect(modal(page).getByRole('img', { name: 'Farcaster QR code' })).toBeVisible({ timeout: 30_000 })
  await page.keyboard.press('Escape')
  await expect(status(page)).toHaveText('disconnected')

  const address = await farcasterLogin()
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await page.getByTestId('latch-account-button').click()
  await expect(modal(page).getByTestId('latch-account-social')).toHaveText('Farcaster · dev-visitor')
  await modal(page).getByTestId('latch-disconnect').click()
  await expect(status(page)).toHaveText('disconnected')
  expect(await farcasterLogin()).toBe(address)
})
