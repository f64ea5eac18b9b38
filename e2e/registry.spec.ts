import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startLocalServer } from '../scripts/local-server.mjs'
import { expect, modal, modalSettled, test } from './fixtures.js'
import { demoOtherOrigin } from './playwright.config.js'

const registryRows = (page: Page) => modal(page).locator('[data-testid="wallet-option"][data-wallet-id]')

async function openAllWallets(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByRole('button', { name: 'All Wallets' }).click()
  await expect(modal(page).getByRole('heading', { name: 'All Wallets' })).toBeVisible()
}

test.describe('given the demo on its @latch/server', () => {
  test('when AllWallets opens, then the registry is listed, search narrows it and scrolling pages in more', async ({
    page,
  }) => {
    const served: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/getWallets')) served.push(r.url())
    })
    await page.goto('/')
    await openAllWallets(page)
    // The installed test wallet comes first, then the first page (40) of the registry.
    await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()
    await expect(registryRows(page)).toHaveCount(40)
    expect(served.length).toBeGreaterThan(0)
    // Images come from the server.
    await expect(registryRows(page).first().locator('img')).toHaveAttribute('src', /\/getWalletImage\//)
    // Scrolling to the end loads the next page.
    await modal(page).getByTestId('wallet-list-end').scrollIntoViewIfNeeded()
    await expect.poll(() => registryRows(page).count()).toBeGreaterThan(40)
    // Search is trimmed and narrows the list.
    await modal(page).getByRole('searchbox').fill('  rainbow ')
    await expect(registryRows(page)).toHaveCount(1)
    await expect(registryRows(page).first()).toHaveAccessibleName('Rainbow')
    expect(served.some((u) => new URL(u).searchParams.get('search') === 'rainbow')).toBe(true)
    await modal(page).getByRole('searchbox').fill('no such wallet')
    await expect(modal(page).getByRole('status')).toHaveText('No wallet found')
  })

  test('when the API is slow, then placeholder rows hold the wallets\' place and "All Wallets" does not move', async ({
    page,
  }) => {
    await page.route('**/getWallets?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    const all = modal(page).getByTestId('wallet-option-all')
    await expect(modal(page).getByTestId('wallet-skeleton')).toHaveCount(4)
    await modalSettled(page)
    const before = await all.boundingBox()
    await expect(registryRows(page)).toHaveCount(4)
    await expect(modal(page).getByTestId('wallet-skeleton')).toHaveCount(0)
    await modalSettled(page)
    expect(await all.boundingBox()).toEqual(before)
    // The tile shows a few logos and how many wallets there are.
    await expect(all.getByTestId('wallet-count')).toHaveText(/^\d+ wallets$/)
  })

  test('when the modal opens, then four recommended wallets from the registry follow the installed one', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()
    await expect(registryRows(page)).toHaveCount(4)
  })

  test('when a registry wallet is picked, then it connects over WalletConnect: QR code and link, no desktop deep link for a mobile-only wallet', async ({
    page,
  }) => {
    await page.goto('/')
    await openAllWallets(page)
    await modal(page).getByRole('searchbox').fill('Trust')
    await registryRows(page).first().click()
    await expect(modal(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
    // The view is titled with the wallet, whose logo sits in the QR code's centre.
    await expect(modal(page).getByRole('heading', { name: 'Trust Wallet' })).toBeVisible()
    await expect(modal(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
    // Trust Wallet has only a mobile link: on a desktop there is nothing to open.
    await expect(modal(page).getByTestId('latch-wc-open')).toHaveCount(0)
  })

  test('when the app has no WalletConnect, then a registry wallet explains it needs WalletConnect', async ({
    page,
  }) => {
    await page.goto('/?wcRelay=off')
    await openAllWallets(page)
    await modal(page).getByRole('searchbox').fill('Trust')
    await registryRows(page).first().click()
    await expect(modal(page).getByTestId('latch-walletconnect-unavailable')).toHaveText(
      /Trust Wallet connects through WalletConnect/,
    )
  })

  test('when the server is down, then the modal still opens and searches the bundled snapshot', async ({
    page,
  }) => {
    // Port 9 (discard) has nothing listening: every request fails at once.
    await page.goto('/?api=http://127.0.0.1:9')
    await openAllWallets(page)
    await expect(registryRows(page).first()).toBeVisible()
    await modal(page).getByRole('searchbox').fill('phantom')
    await expect(registryRows(page)).toHaveCount(1)
    await expect(registryRows(page).first()).toHaveAccessibleName('Phantom')
    // Snapshot wallets have no server image: a common one gets the logo bundled with the modal.
    await expect(registryRows(page).first().locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
  })

  test('when the app uses no server at all, then the snapshot is listed and no API request is made', async ({
    page,
  }) => {
    const api: string[] = []
    page.on('request', (r) => {
      if (/getWallets|appkit\/v1|projects\/v1/.test(r.url())) api.push(r.url())
    })
    await page.goto('/?api=none')
    await openAllWallets(page)
    await expect(registryRows(page).first()).toBeVisible()
    expect(api).toEqual([])
  })
})

test.describe('given projects with their own settings', () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>
  test.beforeAll(async () => {
    server = await startLocalServer({
      sqliteFile: join(mkdtempSync(join(tmpdir(), 'latch-e2e-')), 'server.db'),
      projects: [
        {
          id: 'elsewhere',
          name: 'Allowed elsewhere only',
          allowedOrigins: ['https://app.example.com'],
          features: { social_login: { isEnabled: true, config: ['email'] } },
        },
        {
          id: 'here',
          name: 'Allowed here',
          allowedOrigins: ['https://app.example.com', 'http://latch-demo.test:*'],
          features: { social_login: { isEnabled: true, config: ['email'] } },
        },
      ],
    })
  })
  test.afterAll(() => server?.stop())

  // The server refuses this origin (CORS), so its config cannot be read either: the app's own
  // features apply (`?email=1` turns email login on) and the origin check fails closed.
  test('when email login is on and this origin is not allowed, then the invalid-app-configuration alert shows', async ({
    page,
  }) => {
    await page.goto(`${demoOtherOrigin}/?api=${server.url}&project=elsewhere&email=1`)
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByTestId('latch-alert')).toHaveText('invalid app configuration')
  })

  test('when the server refuses this origin, then the console says once how to allow it', async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('project add-origin'))
        warnings.push(message.text())
    })
    await page.goto(`${demoOtherOrigin}/?api=${server.url}&project=elsewhere`)
    await openAllWallets(page)
    // The modal still lists wallets (the bundled snapshot) …
    await expect(registryRows(page).first()).toBeVisible()
    // … and the developer learns why the server was not used, with the command that fixes it.
    await expect.poll(() => warnings.length).toBe(1)
    expect(warnings[0]).toContain(
      `latch-server project add-origin elsewhere ${new URL(demoOtherOrigin).origin}`,
    )
  })

  test('when the origin is allowed, then no alert shows', async ({ page }) => {
    await page.goto(`${demoOtherOrigin}/?api=${server.url}&project=here`)
    await openAllWallets(page)
    await expect(registryRows(page).first()).toBeVisible()
    await expect(modal(page).getByTestId('latch-alert')).toHaveCount(0)
  })

  test('when the app runs in basic mode, then the config endpoint is never requested', async ({ page }) => {
    const seen = { basic: [] as string[], full: [] as string[] }
    let mode: 'basic' | 'full' = 'full'
    page.on('request', (r) => {
      if (r.url().includes('/appkit/v1/config')) seen[mode].push(r.url())
    })
    await page.goto(`${demoOtherOrigin}/?api=${server.url}&project=here`)
    await openAllWallets(page)
    await expect(registryRows(page).first()).toBeVisible()
    expect(seen.full.length).toBeGreaterThan(0)
    mode = 'basic'
    await page.goto(`${demoOtherOrigin}/?api=${server.url}&project=here&basic=1`)
    await openAllWallets(page)
    await expect(registryRows(page).first()).toBeVisible()
    expect(seen.basic).toEqual([])
  })
})
