import { TEST_ACCOUNTS } from '@latch/testkit'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { expect, modal, test } from '../fixtures.js'
import { ports } from '../playwright.config.js'

// docs/migrate-from-rainbowkit.md followed on a RainbowKit-era app, outside the repository:
// scripts/tarball-app.mjs installs the tarballs with wagmi 2 and React 18 and builds the guide's
// blocks (RainbowKit's ConnectButton and ConnectButton.Custom from @latch/react/compat/rainbowkit)
// beside the app's own wagmi 2 hooks, served at /rainbowkit/ of the tarball app.

test('given a wagmi 2 + React 18 app on the RainbowKit layer, when a visitor connects the Dev Wallet, signs and sends, then the signature is the account’s, the transfer is confirmed on the chain and a reload keeps them connected', async ({
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

  // wagmi 2's useSendTransaction through the wallet Latch connected, useWaitForTransactionReceipt
  // on the app's own transport; the chain read by a client of the test's own.
  const chain = createPublicClient({ transport: http(`http://127.0.0.1:${ports.mainnet}`) })
  const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const before = await chain.getBalance({ address: recipient })
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  await expect(page.getByTestId('tx-receipt')).toHaveText(/^success in block \d+$/)
  const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
  const receipt = await chain.getTransactionReceipt({ hash })
  expect(receipt.from).toBe(address.toLowerCase())
  await expect(page.getByTestId('tx-receipt')).toHaveText(`success in block ${receipt.blockNumber}`)
  expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))

  await page.reload()
  await expect(page.getByTestId('signer')).toHaveText(address)
  await expect(custom).toBeHidden()
  await expect(own.filter({ hasText: short })).toBeVisible()
})
