import type { Page } from '@playwright/test'
import { axeViolations, connectDevWallet, expect, modal, test } from './fixtures.js'

async function setTheme(page: Page, mode: 'light' | 'dark') {
  const toggle = page.getByRole('button', { name: mode === 'dark' ? 'Dark mode' : 'Light mode' })
  if (await toggle.isVisible()) await toggle.click()
}

// Connect and All Wallets are checked in light and dark by the walk over every view below (the
// demo takes the system's colour scheme); the Account view's Send and Receive only here.
for (const mode of ['light', 'dark'] as const) {
  test.describe(`given ${mode} mode`, () => {
    test('then the Account view has no axe violations', async ({ page }) => {
      await page.goto('/')
      await setTheme(page, mode)
      await connectDevWallet(page)
      await page.getByTestId('latch-account-button').click()
      await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/ETH/)
      expect(await axeViolations(page)).toEqual([])
      // Send, with an amount refused, and Receive with its QR code.
      await modal(page).getByTestId('latch-account-send').click()
      await modal(page).getByTestId('latch-send-amount').fill('1.2.3')
      await expect(modal(page).getByTestId('latch-send-amount-error')).toHaveText('Invalid number')
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(modal(page)).toBeHidden()
      await page.getByTestId('latch-account-button').click()
      await modal(page).getByTestId('latch-account-receive').click()
      await expect(modal(page).getByRole('img', { name: 'QR code of your address' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/** Walks every view the demo can reach and runs axe on each; returns the violations by view. */
async function violationsOnEveryView(
  page: Page,
  testWallet: { setApproval(a: 'approve' | 'reject'): Promise<void> },
  query = '',
) {
  const found: Record<string, string[]> = {}
  const check = async (view: string) => {
    await expect(modal(page)).toHaveAttribute('data-view', view)
    // Let the open and view animations finish: axe reads the final colours.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    )
    const violations = await axeViolations(page)
    if (violations.length) found[view] = violations
  }
  await page.goto(`/${query}`)
  const trigger = page.getByTestId('latch-connect-button')
  await trigger.click()
  await expect(modal(page).locator('[data-wallet-id]').first()).toBeVisible()
  await check('Connect')
  await modal(page).getByTestId('wallet-guide-link').click()
  await check('WhatIsAWallet')
  await modal(page).getByTestId('wallet-guide-get').click()
  await check('AllWallets')
  await modal(page).getByRole('searchbox').fill('Trust')
  await modal(page).locator('[data-wallet-id="trust"]').click()
  await check('ConnectingWalletConnectBasic')
  await page.keyboard.press('Escape')
  await testWallet.setApproval('reject')
  await trigger.click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(modal(page).getByRole('alert')).toBeVisible()
  await check('Connecting')
  await testWallet.setApproval('approve')
  await modal(page).locator('.latch-primary').click()
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await page.getByTestId('latch-account-button').click()
  await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/\d/)
  await check('Account')
  await modal(page).getByTestId('latch-account-network').click()
  await check('Networks')
  return found
}

test.describe('given every view of the modal', () => {
  test('when shown in light mode, then axe finds no violations', async ({ page, testWallet }) => {
    expect(await violationsOnEveryView(page, testWallet)).toEqual({})
  })

  test('when shown in dark mode, then axe finds no violations', async ({ page, testWallet }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await violationsOnEveryView(page, testWallet)).toEqual({})
  })

  test('when shown in Arabic (right-to-left), then axe finds no violations', async ({ page, testWallet }) => {
    expect(await violationsOnEveryView(page, testWallet, '?locale=ar')).toEqual({})
  })
})

test.describe('given every view of the modal on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA })

  test('when shown as a bottom sheet, then axe finds no violations', async ({ page, testWallet }) => {
    expect(await violationsOnEveryView(page, testWallet)).toEqual({})
  })
})

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
