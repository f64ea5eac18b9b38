import { expect, test } from '@playwright/test'
import { modal } from './fixtures.js'

// These tests use the demo exactly as a visitor gets it: no test wallet is injected, so the demo
// starts its own Latch Dev Wallet.

test.describe('given a visitor whose OS is in dark mode', () => {
  test.use({ colorScheme: 'dark' })

  test('when the demo loads, then it and the modal are dark, its own controls included', async ({ page }) => {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Light mode' })
    await expect(button).toBeVisible()
    const background = await button.evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(luminance(background)).toBeLessThan(0.2)
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page)).toBeVisible()
    await expect(page.locator('.latch-portal')).toHaveAttribute('data-theme', 'dark')
  })

  test('when the OS switches to light, then the demo follows', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Light mode' })).toBeVisible()
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible()
  })
})

test.describe('given a first visit to the demo', () => {
  test('when the page loads, then its favicon is served and no request fails', async ({ page }) => {
    const failed: string[] = []
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
    })
    await page.goto('/')
    const href = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(href).toBeTruthy()
    const icon = await page.request.get(new URL(href!, page.url()).href)
    expect(icon.status()).toBe(200)
    expect(icon.headers()['content-type']).toMatch(/^image\//)
    expect(failed).toEqual([])
  })

  test('when the page loads, then the Dev Wallet panel is there without any further render', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Latch Dev Wallet', exact: true })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Reject every request' })).toBeVisible()
  })

  test('when the modal opens, then the Dev Wallet shows its own icon', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    const icon = modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .locator('img')
    await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })
})

/** Relative luminance of an `rgb(r, g, b)` colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => c / 255)
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}
