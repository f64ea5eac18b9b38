import { formatEther } from 'viem'
import { mainnet } from './chain.js'
import { demo, newEmail, signUp } from './embedded.js'
import { expect, modal, test } from './fixtures.js'

test.describe('given the demo as npm start serves it, with Dev Onramp and Meld (Dev Onramp’s Meld API) as the project’s on-ramp providers', () => {
  test('when a new email visitor with no funds buys ETH from Account, then the checkout window’s Pay delivers it on chain and Activity shows the purchase pending, then bought', async ({
    page,
  }) => {
    await page.goto(demo)
    const address = await signUp(page, newEmail('buyer'))
    expect(await mainnet.getBalance({ address })).toBe(0n)

    await page.getByTestId('latch-account-button').click()
    // Spec §2: Buy is the first of the wallet features.
    const actions = modal(page).locator('.latch-account-actions button')
    await expect(actions.first()).toHaveAttribute('data-testid', 'latch-account-buy')
    await actions.first().click()
    const form = modal(page).getByTestId('latch-onramp-form')
    await expect(form.getByTestId('latch-onramp-currency').locator('option:checked')).toHaveText(
      'ETH · Ethereum',
    )
    await expect(form.getByTestId('latch-onramp-limits')).toHaveText('From 10.00 USD to 7500.00 USD')

    // Outside the card's limits: a clear error, no quote, no Continue.
    await form.getByTestId('latch-onramp-amount').fill('5')
    await expect(form.getByTestId('latch-onramp-amount-error')).toHaveText('The minimum is 10.00 USD')
    await expect(form.getByTestId('latch-onramp-continue')).toBeDisabled()

    await form.getByTestId('latch-onramp-amount').fill('127')
    // A quote from each provider; Dev Onramp's is chosen.
    await expect(form.getByTestId('latch-onramp-quote')).toHaveCount(2)
    const quote = form.locator('[data-testid="latch-onramp-quote"][data-provider="dev-onramp"]')
    await quote.getByRole('radio', { name: 'Dev Onramp' }).check()
    await expect(quote.getByTestId('latch-onramp-receive')).toHaveText('0.049836 ETH')
    await expect(quote.getByTestId('latch-onramp-provider-fee')).toHaveText('1.91 USD')
    await expect(quote.getByTestId('latch-onramp-network-fee')).toHaveText('0.50 USD')

    // Continue opens the window on the click; the server's checkout URL then loads in it.
    const [checkout] = await Promise.all([
      page.waitForEvent('popup'),
      form.getByTestId('latch-onramp-continue').click(),
    ])
    await expect(modal(page).getByTestId('latch-onramp-waiting')).toHaveText(
      'Complete the purchase in the Dev Onramp window…',
    )
    await expect(checkout.getByTestId('dev-onramp-amount')).toHaveText('127.00 USD')
    await expect(checkout.getByTestId('dev-onramp-receive')).toHaveText('0.049836 ETH')
    // The page that opened it is not the provider's to reach.
    expect(await checkout.evaluate(() => window.opener)).toBeNull()

    // Before paying, Activity lists the purchase as pending.
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await modal(page).getByTestId('latch-account-tab-activity').click()
    const activity = modal(page).getByTestId('latch-account-panel-activity')
    const purchase = activity.getByTestId('latch-activity-purchase').first()
    await expect(purchase.getByTestId('latch-activity-label')).toHaveText('Bought 0.05 ETH')
    await expect(purchase.getByTestId('latch-activity-purchase-status')).toHaveText('Pending')

    await checkout.getByRole('button', { name: 'Pay' }).click()
    await expect(checkout.getByTestId('dev-onramp-done')).toContainText('0.049836 ETH sent')
    // The ETH arrived on the chain itself, read from the node.
    expect(formatEther(await mainnet.getBalance({ address }))).toBe('0.049836')
    // Activity reads the purchase again while it is pending: now bought, with its delivery.
    await expect(purchase).toHaveAttribute('data-status', 'completed', { timeout: 30_000 })
    await expect(purchase).toHaveAttribute('data-hash', /^0x[0-9a-f]{64}$/)
    await expect(purchase.getByTestId('latch-activity-amount')).toHaveText('+0.05 ETH')
    await checkout.close()
  })

  test('when a visitor buys through Meld, then the server creates Meld’s widget session, its checkout delivers the ETH, and Meld’s signed webhooks complete the purchase', async ({
    page,
  }) => {
    await page.goto(demo)
    const address = await signUp(page, newEmail('meld-buyer'))
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-buy').click()
    const form = modal(page).getByTestId('latch-onramp-form')
    await form.getByTestId('latch-onramp-amount').fill('50')
    const quote = form.locator('[data-testid="latch-onramp-quote"][data-provider="meld"]')
    await quote.getByRole('radio', { name: 'Meld' }).check()
    await expect(quote.getByTestId('latch-onramp-receive')).toHaveText('0.0195 ETH')
    const [checkout] = await Promise.all([
      page.waitForEvent('popup'),
      form.getByTestId('latch-onramp-continue').click(),
    ])
    await expect(modal(page).getByTestId('latch-onramp-waiting')).toHaveText(
      'Complete the purchase in the Meld window…',
    )
    await expect(checkout.getByTestId('dev-onramp-receive')).toHaveText('0.0195 ETH')
    await checkout.getByRole('button', { name: 'Pay' }).click()
    await expect(checkout.getByTestId('dev-onramp-done')).toContainText('0.0195 ETH sent')
    expect(formatEther(await mainnet.getBalance({ address }))).toBe('0.0195')
    await expect(modal(page).getByTestId('latch-onramp-success')).toBeVisible({ timeout: 30_000 })
    await checkout.close()
    await modal(page).getByTestId('latch-onramp-done').click()
    await modal(page).getByTestId('latch-account-tab-activity').click()
    const purchase = modal(page)
      .getByTestId('latch-account-panel-activity')
      .getByTestId('latch-activity-purchase')
      .first()
    await expect(purchase).toHaveAttribute('data-status', 'completed')
    await expect(purchase).toHaveAttribute('data-hash', /^0x[0-9a-f]{64}$/)
  })
})
