import { axeViolations, expect, modal, test } from './fixtures.js'

test.describe('given a first-time visitor in the Connect view', () => {
  test('when they reach "New to wallets?" with the keyboard, then a short guide opens and leads to the wallet list', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page)).toHaveAttribute('data-view', 'Connect')
    await expect(modal(page).getByText('New to wallets?')).toBeVisible()
    const start = modal(page).getByRole('button', { name: 'Get started' })
    // Tab through the modal until the guide's link has focus (the focus trap cycles).
    for (let i = 0; i < 30 && !(await start.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(start).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(modal(page)).toHaveAttribute('data-view', 'WhatIsAWallet')
    await expect(modal(page).getByRole('heading', { name: 'What is a wallet?' })).toBeVisible()
    await expect(modal(page).getByRole('heading', { name: 'A new way to sign in' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    await modal(page).getByRole('button', { name: 'Get a wallet' }).click()
    await expect(modal(page)).toHaveAttribute('data-view', 'AllWallets')
    await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
    await expect(modal(page)).toHaveAttribute('data-view', 'WhatIsAWallet')
    await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
    await expect(modal(page)).toHaveAttribute('data-view', 'Connect')
  })

  test('when the page is in Hebrew, then the link and the guide are in Hebrew', async ({ page }) => {
    await page.goto('/?locale=he')
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('wallet-guide-link').click()
    await expect(modal(page).getByRole('heading', { level: 2 })).toHaveText('מה זה ארנק?')
    await expect(modal(page).getByTestId('wallet-guide')).not.toContainText(/[A-Za-z]/)
  })

  test('when the app turns the guide off, then Connect shows no "New to wallets?"', async ({ page }) => {
    await page.goto('/?guide=off')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByTestId('wallet-option-all')).toBeVisible()
    await expect(modal(page).getByTestId('wallet-guide-link')).toHaveCount(0)
    await expect(modal(page).getByText('New to wallets?')).toHaveCount(0)
  })
})
