import { BITCOIN_REGTEST_CAIP_ID, bitcoinTestKeys } from '@latch/testkit'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { Page } from '@playwright/test'
import { Verifier } from 'bip322-js'
import { address as btcAddress, networks, Psbt, Transaction } from 'bitcoinjs-lib'
import { ports } from '../playwright.config.js'
import { expect, modal, recordToasts, status, test } from './fixtures.js'

// The demo's own Dev Wallet as `npm start` starts it: its Bitcoin side (Bitcoin Wallet Standard,
// regtest keys of the test mnemonic) on the test kit's regtest stand-in.
const [payment] = bitcoinTestKeys(0)
/** Where the demo sends and what its PSBT pays (the test mnemonic's second payment address). */
const [recipient] = bitcoinTestKeys(1)
const api = () => `http://127.0.0.1:${ports.bitcoin}`

declare global {
  interface Window {
    __latchDemoBitcoinWallet?: { requests(): string[] }
    __latchDemoBitcoinRequestWallet?: { requests(): string[] }
  }
}

/** The Dev Wallet's Wallet Standard row, not its request-API row beside it. */
const WALLET_STANDARD_ROW = /Latch Dev Wallet(?! \(request API\))/

/**
 * The demo with Bitcoin, its network picked and the Dev Wallet's Bitcoin side connected: its
 * Wallet Standard side, or (`wallet`) its side with a sats-connect request API.
 */
async function connectBitcoin(page: Page, wallet: RegExp = WALLET_STANDARD_ROW) {
  await page.goto('/?bitcoin=on')
  await page.getByTestId('latch-network-button').click()
  await modal(page)
    .getByRole('button', { name: /Bitcoin \(regtest\)/ })
    .click()
  await expect(page.getByTestId('latch-network-button')).toHaveText('Bitcoin (regtest)')
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByRole('button', { name: wallet }).click()
  await expect(status(page)).toHaveText('connected')
}

/** Checks the demo's signed PSBT: input 0 signed by the payment key, a signature that verifies. */
async function checkSignedPsbt(page: Page) {
  const signed = await page.getByTestId('demo-psbt').innerText()
  const psbt = Psbt.fromBase64(signed.trim(), { network: networks.regtest })
  const sigs = psbt.data.inputs[0]?.partialSig ?? []
  expect(sigs).toHaveLength(1)
  expect(Buffer.from(sigs[0]?.pubkey ?? []).toString('hex')).toBe(
    Buffer.from(payment.publicKey).toString('hex'),
  )
  expect(
    psbt.validateSignaturesOfInput(0, (pubkey, hash, signature) =>
      secp256k1.verify(signature, hash, pubkey, { prehash: false }),
    ),
  ).toBe(true)
  const paid = psbt.txOutputs[0]
  expect(paid && btcAddress.fromOutputScript(paid.script, networks.regtest)).toBe(recipient.address)
  expect(Number(paid?.value)).toBe(100_000)
}

/** Satoshis an address has received, confirmed, by the regtest API's count. */
async function received(address: string): Promise<number> {
  const stats = (await (await fetch(`${api()}/address/${address}`)).json()) as {
    chain_stats: { funded_txo_sum: number }
  }
  return stats.chain_stats.funded_txo_sum
}

test.describe('given the demo as npm start serves it, with Bitcoin (regtest)', () => {
  test('when the visitor connects the Bitcoin side of the Dev Wallet, then its payment address and balance show, a signed message verifies, a reload restores it and disconnecting it leaves the Ethereum side connected', async ({
    page,
  }) => {
    await connectBitcoin(page)
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
    // BIP-322, checked by bip322-js, which shares no code with the kit or the wallet.
    const signature = (await page.getByTestId('demo-signature').locator('code').innerText()).trim()
    expect(Verifier.verifySignature(payment.address, 'Hello from the Latch demo', signature)).toBe(true)
    expect(Verifier.verifySignature(payment.address, 'Hello from another page', signature)).toBe(false)

    // A reload restores the Bitcoin side.
    await page.reload()
    await expect(status(page)).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('demo-network')).toHaveText(BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)

    // The Ethereum side of the same wallet beside it; disconnecting Bitcoin leaves Ethereum.
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /^Ethereum/ })
      .click()
    await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
    await modal(page).getByRole('button', { name: WALLET_STANDARD_ROW }).click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
    await expect(modal(page)).toBeHidden()
    await page.getByTestId('latch-account-button').click()
    const rows = modal(page).getByTestId('latch-account-namespace')
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: 'Bitcoin (regtest)' })).toContainText(payment.address.slice(0, 6))
    const toasts = await recordToasts(page)
    await modal(page).getByRole('button', { name: 'Disconnect Bitcoin (regtest)' }).click()
    await expect.poll(toasts).toContain('Bitcoin (regtest) disconnected')
    await expect(rows).toHaveCount(0)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
  })
  test('when the visitor signs a PSBT and sends 0.01 BTC, then the PSBT carries a signature that verifies for its input, and the transfer lands on the chain', async ({
    page,
  }) => {
    await connectBitcoin(page)
    expect(recipient.address).not.toBe(payment.address)

    // The PSBT: the page builds it, the wallet signs input 0; checked here by bitcoinjs-lib (its
    // own sighash) and noble's secp256k1, not by the code that signed it.
    await page.getByRole('button', { name: 'Sign PSBT' }).click()
    await checkSignedPsbt(page)
    expect(await page.evaluate(() => window.__latchDemoBitcoinWallet?.requests() ?? [])).toContain(
      'bitcoin:signTransaction',
    )

    // The transfer (spec sendTransfer): 0.01 BTC to the recipient, mined by the regtest chain.
    const before = await received(recipient.address)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const txid = (await page.getByTestId('demo-tx-hash').innerText()).trim()
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Mined in block \d+$/)
    const tx = Transaction.fromHex(await (await fetch(`${api()}/tx/${txid}/hex`)).text())
    expect(tx.getId()).toBe(txid)
    const toRecipient = tx.outs.filter(
      (out) => btcAddress.fromOutputScript(out.script, networks.regtest) === recipient.address,
    )
    expect(toRecipient.map((out) => Number(out.value))).toEqual([1_000_000])
    expect(await received(recipient.address)).toBe(before + 1_000_000)
  })
  test('when the visitor connects the Dev Wallet through its sats-connect request API (hex PSBTs), then its payment address shows, a signed message verifies and a signed PSBT carries a signature that verifies', async ({
    page,
  }) => {
    await connectBitcoin(page, /Latch Dev Wallet \(request API\)/)
    await expect(page.getByTestId('demo-network')).toHaveText(BITCOIN_REGTEST_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(payment.address)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    const signature = (await page.getByTestId('demo-signature').locator('code').innerText()).trim()
    expect(Verifier.verifySignature(payment.address, 'Hello from the Latch demo', signature)).toBe(true)
    expect(Verifier.verifySignature(payment.address, 'Hello from another page', signature)).toBe(false)

    // The wallet took and gave the PSBT in hex; the demo shows the kit's base64.
    await page.getByRole('button', { name: 'Sign PSBT' }).click()
    await checkSignedPsbt(page)
    expect(await page.evaluate(() => window.__latchDemoBitcoinRequestWallet?.requests() ?? [])).toEqual([
      'getAddresses',
      'signMessage',
      'signPsbt',
    ])
    // Its Wallet Standard side was never asked.
    expect(await page.evaluate(() => window.__latchDemoBitcoinWallet?.requests() ?? [])).toEqual([])
  })
})
