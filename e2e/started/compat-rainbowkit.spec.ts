import { connectDevWallet, expect, modal, test } from './fixtures.js'

test.describe('given the demo drawn as a RainbowKit app (?kit=rainbowkit), through @latch/react/compat/rainbowkit', () => {
  test("when the visitor connects the Dev Wallet through ConnectButton, then the network and account buttons show, and the app's own ConnectButton.Custom button opens the account modal", async ({
    page,
  }) => {
    await page.goto('/?kit=rainbowkit')
    const address = await connectDevWallet(page)

    const header = page.getByRole('banner')
    await expect(header.getByTestId('latch-network-button')).toHaveText('Ethereum')
    const account = header.getByTestId('latch-account-button')
    await expect(account).toHaveAccessibleName(new RegExp(address))
    await expect(account).toContainText(`${address.slice(0, 6)}…${address.slice(-4)}`)
    await expect(account).toContainText('ETH')

    const custom = header.getByTestId('demo-custom-account')
    await expect(custom).toHaveText(`${address.slice(0, 6)}…${address.slice(-4)} on Ethereum`)
    await custom.click()
    await expect(modal(page).getByTestId('latch-account-address')).toBeVisible()
    await expect(modal(page).getByTestId('latch-account-address')).toHaveAttribute('title', address)
  })
})
