import type { Page } from '@playwright/test'
import { axeViolations, connectDevWallet, expect, modal, test } from './fixtures.js'

async function setTheme(page: Page, mode: 'light' | 'dark') {
  const toggle = page.getByRole('button', { name: mode === 'dark' ? 'Dark mode' : 'Light mode' })
  if (await toggle.isVisible()) await toggle.click()
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`given ${mode} mode`, () => {
    test('then the Connect and AllWallets views have no axe violations', async ({ page }) => {
      await page.goto('/')
      await setTheme(page, mode)
      await page.getByTestId('latch-connect-button').click()
      await expect(modal(page).getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
      await expect(modal(page)).toHaveAttribute('data-view', 'Connect')
      expect(await axeViolations(page)).toEqual([])
      await modal(page).getByRole('button', { name: 'All Wallets' }).click()
      await expect(modal(page).getByRole('heading', { name: 'All Wallets' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('then the Account view has no axe violations', async ({ page }) => {
      await page.goto('/')
      await setTheme(page, mode)
      await connectDevWallet(page)
      await page.getByTestId('latch-account-button').click()
      await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/ETH/)
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test.describe('given a keyboard-only visitor', () => {
  test('when they connect with Tab and Enter, then focus stays in the modal and returns to the button', async ({
    page,
  }) => {
    await page.goto('/')
    const button = page.getByTestId('latch-connect-button')
    // Tab until the connect button has focus.
    for (let i = 0; i < 10 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(button).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(modal(page)).toBeVisible()
    // Focus is inside the dialog and Tab loops within it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await modal(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    // Escape closes and focus goes back to the trigger.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(button).toBeFocused()
    // Connect with the keyboard only.
    await page.keyboard.press('Enter')
    const wallet = modal(page).getByRole('button', { name: /Latch Dev Wallet/ })
    for (let i = 0; i < 10 && !(await wallet.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(wallet).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })
})
