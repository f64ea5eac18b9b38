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

  test('when connected, then the account button shows the address identicon, and the view the identicon or the avatar of its name', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const button = page.getByTestId('latch-account-button')
    await expect(button.getByTestId('latch-identicon')).toHaveAttribute('src', /^data:image\/svg\+xml/)
    await loaded(button.getByTestId('latch-identicon'))
    await button.click()
    // The view shows the identicon until the account's name is read: this stack registers
    // alice.eth with an avatar for this account, which then takes the identicon's place.
    await loaded(
      modal(page).locator('[data-testid="latch-identicon"], [data-testid="latch-account-avatar"]').first(),
    )
  })
})

/** Opens All Wallets and scrolls until every page of the registry is listed. */
async function listEveryWallet(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByRole('button', { name: 'All Wallets' }).click()
  const end = modal(page).getByTestId('wallet-list-end')
  await expect(modal(page).locator('[data-testid="wallet-option"][data-wallet-id]').first()).toBeVisible()
  while ((await end.count()) > 0) {
    // The end marker goes once the last page is in: it may go between the count and the scroll.
    await end.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(async (error: Error) => {
      if ((await end.count()) > 0) throw error
    })
    await page.waitForTimeout(100)
  }
}

/** Every wallet row shows a loaded image; none shows an initials tile. */
async function expectEveryRowAnImage(page: Page) {
  const rows = modal(page).locator('[data-testid="wallet-option"][data-wallet-id]')
  const count = await rows.count()
  expect(count).toBeGreaterThanOrEqual(40)
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const id = await row.getAttribute('data-wallet-id')
    await expect(row.locator('img'), id ?? '').toHaveCount(1)
    await row.scrollIntoViewIfNeeded()
    await expect
      .poll(() => row.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
        message: `${id}'s logo loads`,
      })
      .toBeGreaterThan(0)
  }
  await expect(modal(page).locator('[data-testid="wallet-option"] .latch-avatar')).toHaveCount(0)
}

test.describe("given the registry of the demo's @latch/server", () => {
  test('when All Wallets lists every wallet, then each one shows its logo, not a tile', async ({ page }) => {
    await page.goto('/')
    await listEveryWallet(page)
    await expectEveryRowAnImage(page)
  })

  test('when a wallet that is not installed is picked on desktop, then Install <wallet> links to its extension store', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByRole('button', { name: 'All Wallets' }).click()
    // The registry's own answer for MetaMask, as the kit received it.
    const answer = page.waitForResponse(
      (r) => r.url().includes('/getWallets') && r.url().includes('search=MetaMask'),
    )
    await modal(page).getByRole('searchbox').fill('MetaMask')
    // Read again by URL: the page's own copy of the body may be gone by the time it is asked for.
    const url = (await answer).url()
    const { data } = (await (await page.request.get(url)).json()) as {
      data: { id: string; chrome_store: string }[]
    }
    const metamask = data.find((w) => w.id === 'metamask') as { chrome_store: string }
    await modal(page).locator('[data-testid="wallet-option"][data-wallet-id="metamask"]').click()
    await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
    const install = modal(page).getByRole('link', { name: 'Install MetaMask' })
    await expect(install).toHaveAttribute('href', metamask.chrome_store)
    expect(metamask.chrome_store).toMatch(/^https:\/\/chromewebstore\.google\.com\/detail\//)
    await expect(install).toHaveAttribute('target', '_blank')
  })
})

test.describe('given the demo with no server (the bundled wallet snapshot)', () => {
  test('when All Wallets lists the whole snapshot, then each wallet shows its bundled logo, not a tile', async ({
    page,
  }) => {
    await page.goto('/?api=none')
    await listEveryWallet(page)
    await expectEveryRowAnImage(page)
    const first = modal(page).locator('[data-testid="wallet-option"][data-wallet-id="metamask"] img')
    await expect(first).toHaveAttribute('src', /^data:image\/svg\+xml,/)
  })
})
