import type { SwitchDeclineShape } from '@latch/testkit/wallet'
import { connectDevWallet, devWallet, expect, modal, pickNetwork, status, test } from './fixtures.js'

test.describe('given the demo connected to its Dev Wallet on Ethereum', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await expect(page.getByTestId('latch-network-button')).toHaveText('Ethereum')
  })

  for (const [shape, reported] of [
    ['internal-error-wrapping-rejection', '{ code: -32603, data: { originalError: { code: 4001 } } }'],
    ['rejection-with-internal-cause', '{ code: 4001, cause: { code: -32603 } }'],
  ] as [SwitchDeclineShape, string][]) {
    test(`when the visitor declines the switch and the wallet reports ${reported}, then the chain is not added and nothing changes`, async ({
      page,
    }) => {
      await devWallet.declineNextSwitch(page, shape)
      await pickNetwork(page, 'Base')
      // Settled either way: the decline shown, or (wrongly) the chain added and switched to.
      const error = modal(page).getByTestId('latch-error')
      await expect(
        error.or(page.getByTestId('latch-network-button').filter({ hasText: 'Base' })),
      ).toBeVisible()
      const requests = await devWallet.requests(page)
      expect(requests).toContain('wallet_switchEthereumChain')
      expect(requests).not.toContain('wallet_addEthereumChain')
      await expect(error).toBeVisible()
      await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
      await expect(status(page)).toHaveText('connected')
    })
  }

  test('when the visitor picks Base and the wallet switches, then the network picker closes', async ({
    page,
  }) => {
    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
  })
})

test.describe('given the demo with nothing connected', () => {
  test('when the visitor picks Base and then connects, then the session is on Base', async ({ page }) => {
    await page.goto('/')
    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
    if (await modal(page).isVisible()) await page.keyboard.press('Escape')
    await connectDevWallet(page)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(page.getByTestId('demo-wagmi')).toHaveText(/ on 8453$/)
  })
})
