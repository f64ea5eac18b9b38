import { connectDevWallet, expect, modal, test } from './fixtures.js'

test.describe('given a visitor with the test wallet installed', () => {
  test('when they connect, then the account shows and wagmi sees the same connection', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const address = await page.getByTestId('demo-address').textContent()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(page.getByTestId('demo-wagmi')).toHaveText(`${address} on 1`)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    // The button now shows the account and opens the Account view.
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByRole('heading', { name: 'Account' })).toBeVisible()
    // The local Ethereum has a name service (@latch/testkit) where the first test account is
    // alice.eth: Account shows the name, with the address as its title.
    const shown = modal(page).getByTestId('latch-account-address')
    await expect(shown).toHaveText('alice.eth')
    await expect(shown).toHaveAttribute('title', address!)
    await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/^[\d,]+\.\d\d ETH$/)
    expect(await testWallet.requests()).toContain('wallet_requestPermissions')
  })

  test('when they reject the request, then the error shows and nothing is connected', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await testWallet.setApproval('reject')
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(modal(page).getByRole('alert')).toContainText('Connection declined')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-wagmi')).toHaveText('not connected')
    // Try again once the wallet approves.
    await testWallet.setApproval('approve')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })

  test('when they reload, then the session is restored without a prompt', async ({ page, testWallet }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const address = await page.getByTestId('demo-address').textContent()
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(address!)
    await expect(modal(page)).toBeHidden()
    const requests = await testWallet.requests()
    expect(requests).not.toContain('wallet_requestPermissions')
    expect(requests).not.toContain('eth_requestAccounts')
  })

  test('when they disconnect, then the kit and wagmi are disconnected, also after a reload', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-disconnect').click()
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('demo-wagmi')).toHaveText('not connected')
    await page.reload()
    await expect(page.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
  })

  test('when the wallet ends the session, then the dapp is disconnected', async ({ page, testWallet }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await testWallet.disconnect()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect(page.getByTestId('latch-connect-button')).toBeVisible()
  })

  test('when the wallet switches account, then the new address shows', async ({ page, testWallet }) => {
    await page.goto('/')
    await connectDevWallet(page)
    const first = await page.getByTestId('demo-address').textContent()
    await testWallet.setAccount(1)
    await expect(page.getByTestId('demo-address')).not.toHaveText(first!)
    await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  })
})
