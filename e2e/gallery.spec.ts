import { expect, test } from '@playwright/test'

test.describe('given the gallery of modal views', () => {
  test('when it loads, then every view, the email login’s code view too, shows in light, dark, phone width and Arabic', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/gallery/')
    const frames = page.locator('iframe[data-gallery]')
    await expect(frames).toHaveCount(44)
    for (const name of [
      'Account-dark',
      'ConnectingDeclined-arabic',
      'AllWallets-phone',
      'WhatIsAWallet-arabic',
      'Networks-light',
      'EmailCode-dark',
    ]) {
      const dialog = page.locator(`iframe[data-gallery="${name}"]`).contentFrame().getByRole('dialog')
      // Forty frames each start the app: on a busy machine the first ones take a while.
      await expect(dialog, name).toBeVisible({ timeout: 60_000 })
    }
    const arabic = page.locator('iframe[data-gallery="ConnectingDeclined-arabic"]').contentFrame()
    await expect(arabic.getByRole('alert')).toHaveText('رُفض الربط')
    const account = page.locator('iframe[data-gallery="Account-dark"]').contentFrame()
    await expect(account.getByTestId('latch-connected-with')).toContainText('Connected with MetaMask')
    // All Wallets: a grid at a desktop's width, one column on a phone.
    const layout = (name: string) =>
      page
        .locator(`iframe[data-gallery="${name}"]`)
        .contentFrame()
        .locator('.latch-wallet-grid')
        .evaluate((list) => getComputedStyle(list).display)
    expect(await layout('AllWallets-light')).toBe('grid')
    expect(await layout('AllWallets-phone')).not.toBe('grid')
    // The code view of the email login, as the visitor reads it after sending the address.
    const code = page.locator('iframe[data-gallery="EmailCode-arabic"]').contentFrame()
    await expect(code.getByTestId('latch-otp-input')).toBeVisible({ timeout: 60_000 })
    await expect(code.getByTestId('latch-embedded-otp')).toContainText('ada@example.com')
    expect(errors).toEqual([])
  })
})
