import { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys } from '@latch/testkit'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Verifier } from 'bip322-js'
import { address as btcAddress, networks, Psbt, Transaction } from 'bitcoinjs-lib'
import { ports } from '../playwright.config.js'
import { expect, modal, status, test } from './fixtures.js'

// The Dev Wallet over WalletConnect as `npm start` runs it, with its Bitcoin side: the wallet peer
// approves the bip122 namespace (regtest, the test mnemonic's third account) in the same session
// and answers WalletConnect's Bitcoin methods with real keys.
const [payment] = bitcoinTestKeys(2)
/** What the demo's PSBT pays (the test mnemonic's second payment address). */
const [recipient] = bitcoinTestKeys(1)

test.describe('given the demo as npm start serves it, with Bitcoin (regtest)', () => {
  test('when the Dev Wallet over WalletConnect connects on Bitcoin, then its payment address shows, a signed message verifies, a signed PSBT carries a signature that verifies, 0.01 BTC sent lands, and a reload restores it', async ({
    page,
  }) => {
    await page.goto('/?bitcoin=on')
    await page.getByRole('checkbox', { name: 'Scan the QR code automatically' }).check()
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Bitcoin \(regtest\)/ })
      .click()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Bitcoin (regtest)')
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('wallet-option-walletconnect').click()
    await expect(status(page)).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('demo-network')).toHaveText(BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)

    // Signed over WalletConnect (BIP-322), checked by bip322-js, which shares no code with the kit.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const signature = (await page.getByTestId('demo-signature').locator('code').innerText()).trim()
    expect(Verifier.verifySignature(payment.address, 'Hello from the Latch demo', signature)).toBe(true)
    expect(Verifier.verifySignature(payment.address, 'Hello from another page', signature)).toBe(false)

    // The PSBT the page builds, signed by the wallet over WalletConnect; checked by bitcoinjs-lib.
    await page.getByRole('button', { name: 'Sign PSBT' }).click()
    const psbt = Psbt.fromBase64((await page.getByTestId('demo-psbt').innerText()).trim(), {
      network: networks.regtest,
    })
    const sigs = psbt.data.inputs[0]?.partialSig ?? []
    expect(sigs).toHaveLength(1)
    expect(Buffer.from(sigs[0]?.pubkey ?? []).toString('hex')).toBe(
      Buffer.from(payment.publicKey).toString('hex'),
    )
    expect(
      psbt.validateSignaturesOfInput(0, (pubkey, hash, sig) =>
        secp256k1.verify(sig, hash, pubkey, { prehash: false }),
      ),
    ).toBe(true)
    const paid = psbt.txOutputs[0]
    expect(paid && btcAddress.fromOutputScript(paid.script, networks.regtest)).toBe(recipient.address)

    // Sent over WalletConnect (the wallet's sendTransfer), mined by the regtest chain.
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Mined in block \d+$/)
    const txid = (await page.getByTestId('demo-tx-hash').innerText()).trim()
    const tx = Transaction.fromHex(
      await (await fetch(`http://127.0.0.1:${ports.bitcoin}/tx/${txid}/hex`)).text(),
    )
    const toRecipient = tx.outs.filter(
      (out) => btcAddress.fromOutputScript(out.script, networks.regtest) === recipient.address,
    )
    expect(toRecipient.map((out) => Number(out.value))).toEqual([1_000_000])

    // Reloaded: the session's Bitcoin side comes back without a new pairing, and still signs.
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('demo-network')).toHaveText(BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
  })
})
