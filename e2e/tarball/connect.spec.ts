import { TEST_ACCOUNTS } from '@latch/testkit'
import { expect, modal, test } from '../fixtures.js'
import { ports } from '../playwright.config.js'

// The README's "Use it in your app", followed outside the repository: scripts/tarball-app.mjs
// installs the packages' tarballs with the peers the README names and builds its sample with vite;
// the test wallet of @latch/testkit is injected as a dapp's own tests would.

test('given the README sample installed from the tarballs, when a visitor connects the Dev Wallet, then their account shows', async ({
  page,
}) => {
  await page.goto(`/?mainnet=http://127.0.0.1:${ports.mainnet}&base=http://127.0.0.1:${ports.base}`)
  await expect(page.getByTestId('latch-network-button')).toHaveText('Ethereum')
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(modal(page)).toBeHidden()
  const address = TEST_ACCOUNTS[0]!.address
  const short = `${address.slice(0, 6)}…${address.slice(-4)}`
  await expect(page.getByTestId('latch-account-button')).toContainText(short)
  // The Account view reads the balance through the app's own transport, from the local chain.
  await page.getByTestId('latch-account-button').click()
  // The local Ethereum has a name service (@latch/testkit) where this account is alice.eth: the
  // Account view shows the name, read through the app's own transport, with the address as its title.
  const shown = modal(page).getByTestId('latch-account-address')
  await expect(shown).toHaveText('alice.eth')
  await expect(shown).toHaveAttribute('title', address)
  await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/^[\d,]+\.\d\d ETH$/)
})
