import { decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { connectDevWallet, expect, modal, status, test } from './fixtures.js'

// The demo's own Dev Wallet as `npm start` starts it with `?polkadot=on`: its Polkadot side is an
// extension on `window.injectedWeb3` with the test mnemonic's sr25519 and ed25519 keys.

declare global {
  interface Window {
    __latchDemoPolkadotWallet?: { requests(): string[]; addresses(): { sr25519: string } }
  }
}

const POLKADOT_CAIP_ID = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

test.describe('given the demo as npm start serves it, with Polkadot', () => {
  test('when the visitor connects the Polkadot side of the Dev Wallet beside Ethereum, then a signed message verifies, a reload restores it and disconnecting it leaves Ethereum connected', async ({
    page,
  }) => {
    await page.goto('/?polkadot=on')
    await connectDevWallet(page)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')

    // Only Ethereum connected: picking Polkadot asks to connect it (SwitchActiveChain); the Dev
    // Wallet is one row for all its sides.
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /^Polkadot/ })
      .click()
    await expect(modal(page)).toContainText('To use Polkadot, connect a wallet that supports it.')
    await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(1)
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(POLKADOT_CAIP_ID)
    await expect(status(page)).toHaveText('connected')
    const generic = await page.evaluate(() => window.__latchDemoPolkadotWallet?.addresses().sr25519 ?? '')
    // The account in Polkadot's own SS58 format (prefix 0), read with @polkadot/util-crypto here.
    const address = encodeAddress(decodeAddress(generic), 0)
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    // The header's avatar of a Polkadot account is an identicon; there is nothing to send (spec §6).
    await expect(page.getByTestId('latch-account-button').getByTestId('latch-identicon')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Send a transaction' })).toHaveCount(0)
    // Nor a balance: the kit reads none on Polkadot, so none is shown, not an error or 0.00 DOT.
    await expect(page.getByTestId('latch-account-button')).not.toContainText('DOT')
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-address')).toBeVisible()
    await expect(modal(page)).not.toContainText('Token Balance Unavailable')
    await expect(modal(page)).not.toContainText('0.00 DOT')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()

    // Signed by the extension, checked by the kit, and checked again here by another library.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const signature = (await page.getByTestId('demo-signature').locator('code').textContent()) ?? ''
    expect(signatureVerify('Hello from the Latch demo', signature, address).isValid).toBe(true)
    expect(signatureVerify('Hello from the Latch demo!', signature, address).isValid).toBe(false)
    expect(await page.evaluate(() => window.__latchDemoPolkadotWallet?.requests() ?? [])).toContain('signRaw')

    // A reload restores it, without a prompt.
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(POLKADOT_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(address)

    // Disconnecting the Polkadot side leaves the Ethereum side connected.
    await page.getByTestId('demo-disconnect').click()
    await expect(status(page)).toHaveText('disconnected')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
  })
})
