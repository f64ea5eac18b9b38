import type { Page } from '@playwright/test'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

const registryRow = (page: Page, id: string) =>
  modal(page).locator(`[data-testid="wallet-option"][data-wallet-id="${id}"]`)

const loaded = (img: ReturnType<Page['locator']>) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)

test.describe('given the demo on its @latch/server', () => {
  test('when the modal opens, then registry wallets show their brand logos served by the server', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    const img = registryRow(page, 'metamask').locator('img')
    await expect(img).toHaveAttribute('src', /\/getWalletImage\/metamask/)
    await loaded(img)
    const svg = await (await page.request.get((await img.getAttribute('src')) as string)).text()
    expect(svg).toContain('class="web3icons"')
  })

  test('when the page loads, then the network button shows the chain logo', async ({ page }) => {
    await page.goto('/')
    const icon = page.getByTestId('latch-network-button').getByTestId('latch-network-icon')
    await loaded(icon)
    await expect(page.getByTestId('latch-network-button')).toHaveText('Ethereum')
  })

  test('when connected, then the account button and view show the address identicon', async ({ page }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const button = page.getByTestId('latch-account-button')
    await expect(button.getByTestId('latch-identicon')).toHaveAttribute('src', /^data:image\/svg\+xml/)
    await loaded(button.getByTestId('latch-identicon'))
    await button.click()
    await loaded(modal(page).getByTestId('latch-identicon'))
  })
})

test.describe('given the demo with no server (the bundled wallet snapshot)', () => {
  test('when the modal opens, then common wallets show bundled logos and the rest their initials', async ({
    page,
  }) => {
    await page.goto('/?api=none')
    await page.getByTestId('latch-connect-button').click()
    const img = registryRow(page, 'metamask').locator('img')
    await expect(img).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await loaded(img)
    await modal(page).getByRole('button', { name: 'All Wallets' }).click()
    await modal(page).getByRole('searchbox').fill('Family')
    await expect(registryRow(page, 'family')).toBeVisible()
    await expect(registryRow(page, 'family').locator('img')).toHaveCount(0)
    await expect(registryRow(page, 'family')).toContainText('F')
  })
})
