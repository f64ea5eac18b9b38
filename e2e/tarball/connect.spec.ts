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
  // The local Ethereum has a name service (@latch/testkit) where this account is alice.eth: the
  // button and the Account view show the name, read through the app's own transport, and the
  // address stays the button's accessible name and the name's title.
  const button = page.getByRole('button', { name: new RegExp(address, 'i') })
  await expect(button).toContainText('alice.eth')
  // The Account view reads the balance through the app's own transport, from the local chain.
  await button.click()
  const shown = modal(page).getByTestId('latch-account-address')
  await expect(shown).toHaveText('alice.eth')
  await expect(shown).toHaveAttribute('title', address)
  await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/^[\d,]+\.\d\d ETH$/)
})
