import { TEST_ACCOUNTS } from '@latch/testkit'
import { verifyMessage } from 'viem'
import { expect, modal, test } from '../fixtures.js'
import { ports } from '../playwright.config.js'

// docs/migrate-from-rainbowkit.md followed on a RainbowKit-era app, outside the repository:
// scripts/tarball-app.mjs installs the tarballs with wagmi 2 and React 18 and builds the guide's
// blocks (RainbowKit's ConnectButton and ConnectButton.Custom from @latch/react/compat/rainbowkit)
// beside the app's own wagmi 2 hooks, served at /rainbowkit/ of the tarball app.

test('given a wagmi 2 + React 18 app on the RainbowKit layer, when a visitor connects the Dev Wallet and signs, then the signature is the account’s and a reload keeps them connected', async ({
  page,
}) => {
  await page.goto(
    `/rainbowkit/?mainnet=http://127.0.0.1:${ports.mainnet}&base=http://127.0.0.1:${ports.base}`,
  )
  // The guide's ConnectButton.Custom renders the app's own buttons (no data-latch) beside Latch's.
  const own = page.locator('button:not([data-latch])')
  const custom = own.filter({ hasText: 'Connect Wallet' })
  await expect(page.getByTestId('latch-connect-button')).toBeVisible()
  await custom.click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(modal(page)).toBeHidden()
  const address = TEST_ACCOUNTS[0]!.address
  const short = `${address.slice(0, 6)}…${address.slice(-4)}`
  // wagmi 2's own hook sees the account Latch connected; the custom button shows it.
  await expect(page.getByTestId('signer')).toHaveText(address)
  await expect(custom).toBeHidden()
  await expect(own.filter({ hasText: short })).toBeVisible()

  await page.getByRole('button', { name: 'Sign message' }).click()
  const signature = page.getByTestId('signature')
  await expect(signature).toHaveText(/^0x[0-9a-f]{130}$/)
  const signed = (await signature.textContent()) as `0x${string}`
  expect(await verifyMessage({ address, message: 'Hello from a RainbowKit app', signature: signed })).toBe(
    true,
  )

  await page.reload()
  await expect(page.getByTestId('signer')).toHaveText(address)
  await expect(custom).toBeHidden()
  await expect(own.filter({ hasText: short })).toBeVisible()
})
