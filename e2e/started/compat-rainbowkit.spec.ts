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
    // npm start's local Ethereum names the Dev Wallet's first account alice.eth: the buttons show
    // the name, as RainbowKit's do.
    await expect(account).toContainText('alice.eth')
    await expect(account).toContainText('ETH')

    const custom = header.getByTestId('demo-custom-account')
    await expect(custom).toHaveText('alice.eth on Ethereum')
    await custom.click()
    await expect(modal(page).getByTestId('latch-account-address')).toBeVisible()
    await expect(modal(page).getByTestId('latch-account-address')).toHaveAttribute('title', address)
  })
})
