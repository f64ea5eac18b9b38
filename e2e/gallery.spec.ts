import { expect, test } from '@playwright/test'

test.describe('given the gallery of modal views', () => {
  test('when it loads, then every view shows in light, dark, phone width and Arabic', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/gallery/')
    const frames = page.locator('iframe[data-gallery]')
    await expect(frames).toHaveCount(40)
    for (const name of [
      'Account-dark',
      'ConnectingDeclined-arabic',
      'AllWallets-phone',
      'WhatIsAWallet-arabic',
      'Networks-light',
    ]) {
      const dialog = page.locator(`iframe[data-gallery="${name}"]`).contentFrame().getByRole('dialog')
      // Forty frames each start the app: on a busy machine the first ones take a while.
      await expect(dialog, name).toBeVisible({ timeout: 30_000 })
    }
    const arabic = page.locator('iframe[data-gallery="ConnectingDeclined-arabic"]').contentFrame()
    await expect(arabic.getByRole('alert')).toHaveText('رُفض الربط')
    const account = page.locator('iframe[data-gallery="Account-dark"]').contentFrame()
    await expect(account.getByTestId('latch-connected-with')).toContainText('Connected with MetaMask')
    expect(errors).toEqual([])
  })
})
