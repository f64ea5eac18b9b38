import { connectDevWallet, expect, modal, test } from './fixtures.js'

test.describe('given a connected account on Ethereum', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await expect(page.getByTestId('latch-network-button')).toHaveText('Ethereum')
  })

  test('when they pick Base, then the wallet switches and the dapp follows', async ({ page, testWallet }) => {
    await page.getByTestId('latch-network-button').click()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(page.getByTestId('demo-wagmi')).toHaveText(/ on 8453$/)
    const requests = await testWallet.requests()
    expect(requests).toContain('wallet_switchEthereumChain')
    expect(requests).not.toContain('wallet_addEthereumChain')
  })

  test('when the wallet does not know Base (4902), then the chain is added and switched', async ({
    page,
    testWallet,
  }) => {
    await testWallet.forgetChain(8453)
    await page.getByTestId('latch-network-button').click()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    expect(await testWallet.requests()).toContain('wallet_addEthereumChain')
  })

  test('when they decline the switch, then the network list says so and nothing changes', async ({
    page,
    testWallet,
  }) => {
    await testWallet.rejectNext()
    await page.getByTestId('latch-network-button').click()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await expect(modal(page).getByTestId('latch-error')).toContainText('Switch declined')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
  })

  test('when the wallet moves to a chain the app does not support, then UnsupportedChain opens', async ({
    page,
    testWallet,
  }) => {
    await testWallet.changeChain(31337)
    await expect(modal(page).getByTestId('latch-unsupported-message')).toBeVisible()
    await expect(page.getByTestId('demo-network')).toHaveText('unsupported')
    await expect(page.getByTestId('latch-network-button')).toHaveText('Wrong network')
    // Picking a supported network from there closes the modal.
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
  })
})
