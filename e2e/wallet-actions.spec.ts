import { connectDevWallet, expect, test } from './fixtures.js'

test.describe('given a connected account', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await connectDevWallet(page)
  })

  test('when they sign a message, then the signature verifies', async ({ page }) => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    await expect(page.getByTestId('demo-signature').locator('code')).toHaveText(/^0x[0-9a-f]{130}$/)
  })

  test('when they decline the signature, then "Signature declined" shows', async ({ page, testWallet }) => {
    await testWallet.rejectNext()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-sign-error')).toHaveText('Signature declined')
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })

  test('when they send a transaction, then it is mined on the local chain', async ({ page }) => {
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Mined in block \d+$/)
  })
})
