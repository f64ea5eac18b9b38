import type { Page } from '@playwright/test'
import { expect, modal, test } from './fixtures.js'

/** Latin letters left in the modal's visible text once brand names are taken out. */
async function latinOutsideBrands(page: Page, brands: readonly string[]): Promise<string[]> {
  let text = await modal(page).innerText()
  for (const brand of brands) text = text.split(brand).join(' ')
  return text.match(/[A-Za-z]+/g) ?? []
}

test.describe('given the app forces Arabic', () => {
  test('when a connection is declined, then the modal is right-to-left and has no Latin text besides brand names', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/?locale=ar')
    await expect(page.getByTestId('latch-connect-button')).toHaveText('ربط المحفظة')
    await testWallet.setApproval('reject')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('heading', { name: 'ربط المحفظة' })).toBeVisible()
    await expect(page.locator('.latch-portal')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('.latch-portal')).toHaveAttribute('lang', 'ar')
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(modal(page).getByRole('alert')).toHaveText('رُفض الربط')
    await expect(modal(page).getByRole('button', { name: 'أعد المحاولة' })).toBeVisible()
    expect(await latinOutsideBrands(page, ['Latch Dev Wallet'])).toEqual([])
    // Mirrored: Back is on the right, Close on the left.
    const back = await modal(page).getByRole('button', { name: 'رجوع' }).boundingBox()
    const close = await modal(page).getByRole('button', { name: 'إغلاق' }).boundingBox()
    expect(back!.x).toBeGreaterThan(close!.x)
    const chevron = await modal(page)
      .getByRole('button', { name: 'رجوع' })
      .locator('svg')
      .evaluate((el) => getComputedStyle(el).transform)
    expect(chevron).toBe('matrix(-1, 0, 0, 1, 0, 0)')
  })

  test('when All Wallets opens, then the count uses Arabic plural forms', async ({ page }) => {
    await page.goto('/?locale=ar')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByTestId('wallet-count')).toHaveText(/محفظة|محافظ/)
    await modal(page).getByTestId('wallet-option-all').click()
    await expect(modal(page).getByRole('heading', { name: 'كل المحافظ' })).toBeVisible()
    await expect(modal(page).getByRole('searchbox', { name: 'البحث في المحافظ' })).toBeVisible()
  })
})

test.describe('given a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' })

  test('when the page has loaded, then the buttons and the modal speak German', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Wallet verbinden')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('heading', { name: 'Wallet verbinden' })).toBeVisible()
    await expect(page.locator('.latch-portal')).toHaveAttribute('dir', 'ltr')
    await expect(modal(page).getByRole('button', { name: /Alle Wallets/ })).toBeVisible()
  })
})

test.describe('given an English visitor', () => {
  test('when the page loads and the modal opens, then no other language is downloaded', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
    expect(scripts.filter((s) => /\/(ar|de|fr|he|ja|zh-CN)-[\w-]+\.js$/.test(s))).toEqual([])
  })
})
