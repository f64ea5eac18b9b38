import { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys } from '@latch/testkit'
import { ports } from '../playwright.config.js'
import { expect, modal, status, test } from './fixtures.js'

// The demo's own Dev Wallet as `npm start` starts it: its Bitcoin side (Bitcoin Wallet Standard,
// regtest keys of the test mnemonic) on the test kit's regtest stand-in.
const [payment] = bitcoinTestKeys(0)

declare global {
  interface Window {
    __latchDemoBitcoinWallet?: { requests(): string[] }
  }
}

test.describe('given the demo as npm start serves it, with Bitcoin (regtest)', () => {
  test('when the visitor connects the Bitcoin side of the Dev Wallet, then its payment address and balance show and a signed message verifies', async ({
    page,
  }) => {
    await page.goto('/?bitcoin=on')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Bitcoin \(regtest\)/ })
      .click()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Bitcoin (regtest)')
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)
    expect(await page.evaluate(() => window.__latchDemoBitcoinWallet?.requests() ?? [])).toContain(
      'bitcoin:connect',
    )

    // The balance the kit shows is the regtest API's, read here by the test itself.
    const stats = (await (
      await fetch(`http://127.0.0.1:${ports.bitcoin}/address/${payment.address}`)
    ).json()) as {
      chain_stats: { funded_txo_sum: number; spent_txo_sum: number }
    }
    const sats = stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum
    const shown = page.getByTestId('latch-account-button')
    await expect(shown).toContainText(/[\d,]+\.\d+ BTC/)
    const text = (await shown.innerText()).match(/([\d,]+\.\d+) BTC/)?.[1] ?? ''
    expect(sats).toBeGreaterThan(0)
    expect(Math.abs(Number(text.replace(/,/g, '')) - sats / 1e8)).toBeLessThan(0.01)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    expect(await page.evaluate(() => window.__latchDemoBitcoinWallet?.requests() ?? [])).toContain(
      'bitcoin:signMessage',
    )
  })
})
