import type { Page } from '@playwright/test'
import { expect, modal, test } from './fixtures.js'

const connectButton = (page: Page) => page.getByTestId('latch-connect-button')

/** Two animation frames: long enough for a wheel scroll or a re-render to land. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )

/** Opens and closes the modal once, so its code is loaded and the next click opens it at once. */
async function warmModal(page: Page) {
  await connectButton(page).click()
  await expect(modal(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
}

test.describe('given the modal over a page taller than the window', () => {
  test.use({ viewport: { width: 900, height: 360 } })

  test('when the visitor scrolls over the open modal, then the page behind stays put', async ({ page }) => {
    await page.goto('/')
    expect(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true)
    // Closed: the wheel scrolls the page (the test can fail).
    await page.mouse.move(20, 300)
    await page.mouse.wheel(0, 200)
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
    await page.evaluate(() => scrollTo(0, 0))
    await connectButton(page).click()
    await expect(modal(page)).toBeVisible()
    await page.mouse.move(20, 300)
    await page.mouse.wheel(0, 400)
    await settle(page)
    await settle(page)
    expect(await page.evaluate(() => scrollY)).toBe(0)
    // Closing gives scrolling back.
    await page.keyboard.press('Escape')
    await page.mouse.wheel(0, 200)
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
  })
})

test.describe('given a visitor at a desktop', () => {
  test('when they double-click "Connect Wallet", then the modal opens and stays open', async ({ page }) => {
    await page.goto('/')
    await warmModal(page)
    await connectButton(page).dblclick()
    await expect(modal(page)).toBeVisible()
    await settle(page)
    await expect(modal(page)).toBeVisible()
  })

  test('when they click outside the modal, then it closes and focus returns to the button', async ({
    page,
  }) => {
    await page.goto('/')
    await warmModal(page)
    await connectButton(page).click()
    await expect(modal(page)).toBeVisible()
    await page.mouse.click(8, 8)
    await expect(modal(page)).toBeHidden()
    await expect(connectButton(page)).toBeFocused()
  })

  test('when a retry is declined again, then focus is on "Try again" and Escape still closes the modal', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await testWallet.setApproval('reject')
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(modal(page).getByRole('alert')).toContainText('Connection declined')
    const retry = modal(page).getByRole('button', { name: 'Try again' })
    await retry.click()
    await expect(modal(page).getByRole('alert')).toContainText('Connection declined')
    await expect(retry).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(connectButton(page)).toBeFocused()
  })

  test('when they go to a searched wallet and back, then the search text and its results are kept', async ({
    page,
  }) => {
    await page.goto('/')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'All Wallets' }).click()
    await modal(page).getByRole('searchbox').fill('Trust')
    const rows = modal(page).locator('[data-testid="wallet-option"][data-wallet-id]')
    await expect(rows).toHaveCount(1)
    await rows.first().click()
    await expect(modal(page)).toHaveAttribute('data-view', 'ConnectingWalletConnectBasic')
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await expect(modal(page).getByRole('searchbox')).toHaveValue('Trust')
    await expect(rows).toHaveCount(1)
    // A new opening starts with an empty search.
    await page.keyboard.press('Escape')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'All Wallets' }).click()
    await expect(modal(page).getByRole('searchbox')).toHaveValue('')
  })

  test('when the Dev Wallet is listed, then its own icon (an SVG data URL) is shown as an image', async ({
    page,
  }) => {
    await page.goto('/')
    await connectButton(page).click()
    const icon = modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .locator('img')
    await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })
})

test.describe('given a visitor on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('when All Wallets opens, then the search field does not take focus (no keyboard pops up)', async ({
    page,
  }) => {
    await page.goto('/')
    await connectButton(page).tap()
    await modal(page).getByRole('button', { name: 'All Wallets' }).tap()
    await expect(modal(page).getByRole('searchbox')).toBeVisible()
    await settle(page)
    await expect(modal(page).getByRole('searchbox')).not.toBeFocused()
    expect(await modal(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  })
})
