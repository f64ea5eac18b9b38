import { makeSignDoc, rawSecp256k1PubkeyToRawAddress, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { COSMOS_TEST_CHAIN_ID, cosmosTestKey } from '@latch/testkit'
import type { Page } from '@playwright/test'
import { bech32 } from '@scure/base'
import { connectDevWallet, expect, modal, recordToasts, status, test } from './fixtures.js'

// The demo's own Dev Wallet as `npm start` starts it with `?cosmos=on`: its Cosmos side (a
// Keplr-compatible object at window.latchDevWallet, the test mnemonic's m/44'/118'/0'/0/0 key) on
// a local chain id no wallet knows, so connecting suggests it. No Cosmos node is involved.
const key = cosmosTestKey(0)
const CAIP = `cosmos:${COSMOS_TEST_CHAIN_ID}`

declare global {
  interface Window {
    __latchDemoCosmosWallet?: { requests(): string[] }
  }
}

const cosmosRequests = (page: Page) => page.evaluate(() => window.__latchDemoCosmosWallet?.requests() ?? [])

/** CosmJS's check of an ADR-036 signature by the test key over `message`. */
async function cosmjsVerifies(message: string, signature: string, signer: string): Promise<boolean> {
  const doc = makeSignDoc(
    [{ type: 'sign/MsgSignData', value: { signer, data: Buffer.from(message).toString('base64') } }],
    { gas: '0', amount: [] },
    '',
    '',
    0,
    0,
  )
  return Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(Buffer.from(signature, 'base64')),
    sha256(serializeSignDoc(doc)),
    key.publicKey,
  )
}

test.describe('given the demo as npm start serves it, with Cosmos', () => {
  test('when the visitor connects the Cosmos side of the Dev Wallet beside its Ethereum side, then a signed message verifies, a reload restores it, and disconnecting it leaves Ethereum connected', async ({
    page,
  }) => {
    await page.goto('/?cosmos=on')
    await connectDevWallet(page)
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Cosmos \(local\)/ })
      .click()
    await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(CAIP)
    await expect(status(page)).toHaveText('connected')
    // The address CosmJS derives from the key's public key.
    const address = bech32.encode('cosmos', bech32.toWords(rawSecp256k1PubkeyToRawAddress(key.publicKey)))
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    // The wallet did not know the chain: it was suggested, then enabled.
    expect(await cosmosRequests(page)).toEqual(expect.arrayContaining(['experimentalSuggestChain', 'enable']))

    const message = 'Hello from the Latch demo'
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const signature = (await page.getByTestId('demo-signature').locator('code').textContent()) as string
    expect(await cosmjsVerifies(message, signature, address)).toBe(true)
    expect(await cosmjsVerifies(`${message}!`, signature, address)).toBe(false)
    expect(await cosmosRequests(page)).toContain('signArbitrary')

    // A reload restores it without asking (the site is already allowed).
    await page.reload()
    await expect(page.getByTestId('demo-network')).toHaveText(CAIP)
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    expect(await cosmosRequests(page)).not.toContain('enable')

    // Disconnecting Cosmos leaves the Ethereum side connected.
    await page.getByTestId('latch-account-button').click()
    const rows = modal(page).getByTestId('latch-account-namespace')
    await expect(rows).toHaveCount(2)
    const toasts = await recordToasts(page)
    await modal(page).getByRole('button', { name: 'Disconnect Cosmos (local)' }).click()
    await expect.poll(toasts).toContain('Cosmos (local) disconnected')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
    expect(await cosmosRequests(page)).toContain('disable')
  })

  test('when the wallet signs another message, then the demo shows an error and no verified signature', async ({
    page,
  }) => {
    await page.goto('/?cosmos=on')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Cosmos \(local\)/ })
      .click()
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(CAIP)
    await page.evaluate(() =>
      (window.__latchDemoCosmosWallet as unknown as { signOtherNext(): void }).signOtherNext(),
    )
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-sign-error')).toHaveText('The wallet returned an invalid signature.')
    await expect(page.getByTestId('demo-signature')).toHaveCount(0)
    await expect(status(page)).toHaveText('connected')
  })
})
